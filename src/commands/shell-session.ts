// One command of the shell panel: checks it against the user's allow-list, runs it, reports how it ended.
import type { StoredUser } from '../users/user';
import { isRefusedCommand } from './command-allow-list';
import { CommandLineError, splitCommandLine } from './command-line';
import { createLineBuffer } from './output-lines';
import { defaultProcessLimits, minimalEnvironment, runProcess } from './run-process';
import type { ProcessEnd, ProcessLimits, OutputStream, ProcessOptions } from './run-process';
import { sandboxArgv } from './sandbox';
import type { SandboxPlace } from './sandbox';

/** File Browser's answer to a refused command, which its client shows as is. */
export const notAllowedMessage = 'Command not allowed.';

/** WebSocket close codes: normal end, a refused command (policy), a failed command (File Browser's 1011). */
export const closeCodes = { normal: 1000, refused: 1008, failed: 1011 } as const;

export interface SessionEnd {
  code: (typeof closeCodes)[keyof typeof closeCodes];
  /** The close frame's reason: short, no server paths. */
  reason: string;
  /** A last text message for the user, sent before closing. */
  message?: string;
}

export type CommandPlan = { argv: string[] } | { refused: string };

/**
 * What to run for `line`, or why not. The execute permission is not asked here: the route
 * checks it once, before the upgrade, and no session exists without it. The first word must be in the user's list exactly
 * (`/bin/ls` and `LS` are not `ls`), and never be a shell or interpreter, even in a list saved
 * before those were refused. Without a shell prefix the words are the argv; with one, the admin
 * has chosen to hand the whole line to that shell, and the allow-list then only constrains its
 * first word: the sandbox, not the list, bounds what the rest of the line reaches.
 */
export function planCommand(
  line: string,
  user: Pick<StoredUser, 'commands'>,
  shell: readonly string[],
): CommandPlan {
  let words: string[];
  try {
    words = splitCommandLine(line);
  } catch (error) {
    if (error instanceof CommandLineError) return { refused: error.message };
    throw error;
  }
  const name = words[0];
  if (name === undefined || name === '' || !user.commands.includes(name) || isRefusedCommand(name))
    return { refused: notAllowedMessage };
  return { argv: shell.length > 0 ? [...shell, line] : words };
}

/**
 * In the sandbox, with the scope's verified folder as the open descriptor `scopeFd` (kept open
 * by the caller until the command ends); on the host only with --enable-exec-unsandboxed, then
 * `cwd` is a real path.
 */
export type CommandPlace =
  ({ kind: 'sandbox'; scopeFd: number } & SandboxPlace) | { kind: 'host'; cwd: string };

export interface SessionOptions {
  user: Pick<StoredUser, 'commands'>;
  shell: readonly string[];
  line: string;
  /** Where the command runs; its folder there is also its HOME. */
  place: CommandPlace;
  /** Each output line as it arrives, without its newline. */
  onLine: (line: string, stream: OutputStream) => void;
  /** Aborting kills the command's process group. */
  signal: AbortSignal;
  limits?: ProcessLimits;
}

export async function runSessionCommand(options: SessionOptions): Promise<SessionEnd> {
  const plan = planCommand(options.line, options.user, options.shell);
  if ('refused' in plan) {
    // The reason tells Drawer's UI an unlisted command (it then names the allowed ones) from a line
    // it cannot split; File Browser's client shows only the message.
    const reason = plan.refused === notAllowedMessage ? 'command not allowed' : 'command refused';
    return { code: closeCodes.refused, reason, message: plan.refused };
  }
  if (options.signal.aborted) return { code: closeCodes.normal, reason: 'stopped' };
  const buffers = { stdout: createLineBuffer(), stderr: createLineBuffer() };
  const emit = (lines: string[], stream: OutputStream) => {
    for (const line of lines) options.onLine(line, stream);
  };
  const running = runProcess({
    ...spawnPlan(options.place, plan.argv),
    limits: options.limits ?? defaultProcessLimits,
    onOutput: (text, stream) => emit(buffers[stream].push(text), stream),
  });
  const stop = () => running.stop();
  options.signal.addEventListener('abort', stop, { once: true });
  const end = await running.ended;
  options.signal.removeEventListener('abort', stop);
  emit(buffers.stdout.end(), 'stdout');
  emit(buffers.stderr.end(), 'stderr');
  return describeEnd(end);
}

function spawnPlan(place: CommandPlace, argv: string[]): Omit<ProcessOptions, 'limits'> {
  const env = minimalEnvironment(place.cwd);
  if (place.kind === 'host') return { argv, cwd: place.cwd, env };
  // bwrap's own folder is irrelevant: --chdir sets the command's, inside the sandbox.
  return {
    argv: [place.bwrap, ...sandboxArgv(place, argv)],
    cwd: '/',
    env,
    extraFds: [place.scopeFd],
  };
}

function describeEnd(end: ProcessEnd): SessionEnd {
  switch (end.kind) {
    case 'exited':
      return end.code === 0
        ? { code: closeCodes.normal, reason: '' }
        : { code: closeCodes.failed, reason: `exit status ${end.code}` };
    case 'signalled':
      return { code: closeCodes.failed, reason: `killed by ${end.signal}` };
    case 'notStarted':
      // One message whatever the cause, so the runner cannot be used to probe the disk.
      return {
        code: closeCodes.failed,
        reason: 'not started',
        message: 'The command could not be started.',
      };
    case 'timeLimit':
      return {
        code: closeCodes.failed,
        reason: 'time limit',
        message: 'The command ran too long and was stopped.',
      };
    case 'outputLimit':
      return {
        code: closeCodes.failed,
        reason: 'output limit',
        message: 'The command printed too much and was stopped.',
      };
    case 'stopped':
      return { code: closeCodes.normal, reason: 'stopped' };
  }
}
