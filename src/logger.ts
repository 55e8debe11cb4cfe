// The server's log: pino, written as readable lines to stdout, stderr, a file, or nowhere.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger };

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * pino transports resolve worker files from disk, which a single executable does not have, so the
 * formatting happens in this plain stream instead.
 */
function readableLines(target: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line === '') continue;
        try {
          const {
            level,
            time,
            msg,
            err,
            pid: _pid,
            hostname: _host,
            ...rest
          } = JSON.parse(line) as Record<string, unknown>;
          const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
          const stack =
            err && typeof err === 'object' && 'stack' in err
              ? `\n${String((err as { stack: unknown }).stack)}`
              : '';
          target.write(
            `${new Date(Number(time)).toISOString()} ${levelNames[Number(level)] ?? level} ${String(msg ?? '')}${extra}${stack}\n`,
          );
        } catch {
          target.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

export interface LogOutput {
  log: Logger;
  /** Writes out what is buffered for a log file; the process may exit after it resolves. */
  close(): Promise<void>;
}

/** Opens the destination now, so a log file that cannot be written stops the start with a reason. */
export function openLog(destination: string): LogOutput {
  if (destination === 'off' || destination === '')
    return { log: pino({ enabled: false }), close: async () => {} };
  if (destination === 'stdout' || destination === 'stderr') {
    const target = destination === 'stdout' ? process.stdout : process.stderr;
    return {
      log: pino({ level: 'info', base: undefined }, readableLines(target)),
      close: async () => {},
    };
  }
  // Written synchronously: a line is in the file when the call returns. A write stream lost the
  // lines logged at a stop that came while its thread-pool write of the line before was pending
  // (test/api/server-log-tls.test.ts); a log line costs one write(2) to the page cache.
  const fd = fs.openSync(destination, 'a', 0o600);
  // Once closed, never written: the number may belong to another file by then.
  let open = true;
  const file = {
    write(text: string): boolean {
      try {
        if (open) fs.writeSync(fd, text);
      } catch {
        // A full or failing disk loses the line; the server goes on.
      }
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return {
    log: pino({ level: 'info', base: undefined }, readableLines(file)),
    close: () => {
      if (open) fs.closeSync(fd);
      open = false;
      return Promise.resolve();
    },
  };
}
