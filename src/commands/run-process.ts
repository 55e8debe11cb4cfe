// Runs one program without a shell: minimal environment, own process group, time and output limits.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/** The only search path a command gets; the server's own PATH may name private folders. */
export const commandSearchPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface ProcessLimits {
  /** The process group is killed once this has passed. */
  timeMs: number;
  /** The process group is killed once stdout and stderr together have produced more bytes. */
  outputBytes: number;
}

/** Protects the server from a command that never ends or floods the socket. */
export const defaultProcessLimits: ProcessLimits = {
  timeMs: 10 * 60 * 1000,
  outputBytes: 10 * 1024 * 1024,
};

/**
 * The whole environment of a child: nothing of the server's (its variables may hold secrets),
 * only what programs need to run, plus `extra` (hook variables).
 */
export function minimalEnvironment(
  home: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { ...extra, PATH: commandSearchPath, HOME: home, LANG: 'C.UTF-8' };
}

export type ProcessEnd =
  | { kind: 'exited'; code: number }
  | { kind: 'signalled'; signal: string }
  /** The program could not be started: missing, not executable, or a bad working folder. */
  | { kind: 'notStarted'; reason: string }
  | { kind: 'timeLimit' }
  | { kind: 'outputLimit' }
  /** Stopped on request (the client went away, the server is shutting down). */
  | { kind: 'stopped' };

export type OutputStream = 'stdout' | 'stderr';

export interface ProcessOptions {
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Open descriptors the child gets as 3, 4, …: the sandbox's scope folder. */
  extraFds?: readonly number[];
  limits?: ProcessLimits;
  /** Decoded text as it arrives; multi-byte characters are never split between calls. */
  onOutput?: (text: string, stream: OutputStream) => void;
}

export interface RunningProcess {
  /** Settles once the process has ended and its output has been delivered; never rejects. */
  readonly ended: Promise<ProcessEnd>;
  /** Kills the whole process group (children included); harmless once it has ended. */
  stop(): void;
}

export function runProcess(options: ProcessOptions): RunningProcess {
  const limits = options.limits ?? defaultProcessLimits;
  const [program, ...args] = options.argv;
  let child: ChildProcess | undefined;
  let verdict: ProcessEnd | undefined;
  let isReaped = false;

  /** Kills the group the child leads, so programs it started die with it. */
  const killGroup = () => {
    if (!child || child.pid === undefined || isReaped) return;
    try {
      if (process.platform === 'win32') child.kill('SIGKILL');
      else process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const stopWith = (end: ProcessEnd) => {
    verdict ??= end;
    killGroup();
  };

  const ended = new Promise<ProcessEnd>((resolve) => {
    const timer = setTimeout(() => stopWith({ kind: 'timeLimit' }), limits.timeMs);
    let isSettled = false;
    const settle = (end: ProcessEnd) => {
      if (isSettled) return;
      isSettled = true;
      isReaped = true;
      clearTimeout(timer);
      resolve(end);
    };
    if (program === undefined || program === '') {
      settle({ kind: 'notStarted', reason: 'empty command' });
      return;
    }
    try {
      child = spawn(program, args, {
        cwd: options.cwd,
        env: options.env,
        // A new session and process group: the whole tree can be killed at once, and a
        // terminal's Ctrl-C aimed at the server does not reach it.
        detached: true,
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe', ...(options.extraFds ?? [])],
        windowsHide: true,
      });
    } catch (error) {
      settle({ kind: 'notStarted', reason: errorCode(error) });
      return;
    }
    const started = child;
    let outputBytes = 0;
    const forward = (stream: OutputStream) => {
      const source = started[stream];
      if (!source) return;
      const decoder = new StringDecoder('utf8');
      source.on('data', (chunk: Buffer) => {
        if (verdict) return;
        outputBytes += chunk.length;
        if (outputBytes > limits.outputBytes) {
          stopWith({ kind: 'outputLimit' });
          return;
        }
        const text = decoder.write(chunk);
        if (text !== '') options.onOutput?.(text, stream);
      });
      source.on('end', () => {
        const rest = decoder.end();
        if (rest !== '' && !verdict) options.onOutput?.(rest, stream);
      });
      source.on('error', () => stopWith({ kind: 'stopped' }));
    };
    forward('stdout');
    forward('stderr');
    started.on('error', (error) => {
      // Spawn failures (ENOENT, EACCES) arrive here, without a pid; later errors are kill failures.
      if (started.pid === undefined) settle({ kind: 'notStarted', reason: errorCode(error) });
    });
    // Whatever the leader left running in its group goes with it, so the pipes close and the
    // command's lifetime stays bounded by the leader's.
    started.on('exit', () => killGroup());
    started.on('close', (code, signal) => {
      if (verdict) settle(verdict);
      else if (code !== null) settle({ kind: 'exited', code });
      else settle({ kind: 'signalled', signal: signal ?? 'unknown' });
    });
  });

  return { ended, stop: () => stopWith({ kind: 'stopped' }) };
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'failed';
}
