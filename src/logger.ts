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
  const file = fs.createWriteStream(destination, {
    fd: fs.openSync(destination, 'a', 0o600),
  });
  return {
    log: pino({ level: 'info', base: undefined }, readableLines(file)),
    close: () => new Promise((resolve) => file.end(resolve)),
  };
}
