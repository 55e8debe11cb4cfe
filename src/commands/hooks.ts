// Event hooks: the admin's before_/after_ command lines around file operations, run without a shell.
import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import type { SearchIndex } from '../search/search-index';
import type { SettingsStore } from '../settings/settings-store';
import { AppError } from '../errors';
import { CommandLineError, splitCommandLine } from './command-line';
import { minimalEnvironment, runProcess } from './run-process';
import type { ProcessEnd } from './run-process';

export type HookPhase = 'before' | 'after';

/** What a hook is told, all through environment variables: never spliced into its command line. */
export interface HookVariables {
  /** Absolute real path of the file or folder acted on (the source of a copy or rename). */
  file: string;
  /** Absolute real path of the destination of a copy or rename. */
  destination?: string;
  /** Absolute real path of the actor's scope; also the hook's working folder and HOME. */
  scope: string;
  username: string;
  /** The hash of the file request an upload came through (the username is then its owner's). */
  share?: string;
}

/** What running hooks needs of the server: its few ports, not the whole context. */
export interface HookDeps {
  config: Pick<ServerConfig, 'enableExec' | 'execTimeoutMs' | 'execMaxOutputBytes'>;
  settings: Pick<SettingsStore, 'current'>;
  log: Logger;
  /** Told what a hook may have changed, so searches see it. */
  searchIndex: Pick<SearchIndex, 'noteChanged'>;
}

/** How much of a failing hook's output goes to the log. */
const loggedOutputChars = 2048;

/**
 * Runs the `<phase>_<event>` lines of settings.commands one after another, and only when the
 * server runs with --enable-exec. A line is split like a shell command line but run without a
 * shell (unless the admin set a shell prefix); its first word is the admin's program and user
 * values (file names, user names) reach it only as FILE, SCOPE, TRIGGER, USERNAME, DESTINATION
 * and SHARE.
 * A before-hook failure throws (hook.refused for a non-zero exit, hook.failed when it could not
 * run) and the later lines are skipped; an after-hook failure is only logged.
 */
export async function runHooks(
  deps: HookDeps,
  phase: HookPhase,
  event: string,
  variables: HookVariables,
): Promise<void> {
  if (!deps.config.enableExec) return;
  const trigger = `${phase}_${event}`;
  const settings = deps.settings.current();
  const lines = settings.commands[trigger] ?? [];
  for (const line of lines) {
    const end = await runHookLine(deps, line, settings.shell, trigger, variables);
    if (end.outcome === 'ok') continue;
    deps.log.warn(
      { hook: trigger, command: line, end: end.detail, output: end.output },
      'event hook failed',
    );
    if (phase === 'after') continue;
    throw end.outcome === 'refused'
      ? new AppError('hook.refused', `the ${trigger} hook refused this action`)
      : new AppError('hook.failed', `the ${trigger} hook could not run`);
  }
}

/**
 * The before-hooks, then `action`, then the after-hooks in the background: the response does
 * not wait for them, and they run only when the action succeeded.
 */
export async function withHooks<T>(
  deps: HookDeps,
  event: string,
  variables: HookVariables,
  action: () => Promise<T>,
): Promise<T> {
  await runHooks(deps, 'before', event, variables);
  const result = await action();
  // Every write of the file domain passes here: the search index reads those folders again
  // before its next answer (docs/SEARCH.md).
  deps.searchIndex.noteChanged(variables);
  runHooks(deps, 'after', event, variables).catch((error: unknown) =>
    deps.log.error({ err: error, hook: `after_${event}` }, 'event hook crashed'),
  );
  return result;
}

/** Where an operation acts: the entry (the source of a copy or rename) and its destination. */
export interface HookTarget {
  file: string;
  destination?: string;
}

/**
 * Wraps one file operation in its hooks. The file domain calls it after its own checks, right
 * around the disk change, so a refused request never runs a hook.
 */
export type HookedAction = <T>(
  event: string,
  target: HookTarget,
  action: () => Promise<T>,
) => Promise<T>;

export const withoutHooks: HookedAction = (_event, _target, action) => action();

/**
 * The hooks of one actor's request: their scope and name complete the variables. An upload
 * through a file request runs its owner's hooks, with `share` naming the link.
 */
export function hooksFor(
  deps: HookDeps,
  view: { scopeRoot: string; actor: { username: string } },
  share?: string,
): HookedAction {
  return (event, target, action) =>
    withHooks(
      deps,
      event,
      {
        ...target,
        scope: view.scopeRoot,
        username: view.actor.username,
        ...(share === undefined ? {} : { share }),
      },
      action,
    );
}

interface HookEnd {
  outcome: 'ok' | 'refused' | 'failed';
  detail: string;
  output: string;
}

async function runHookLine(
  deps: HookDeps,
  line: string,
  shell: readonly string[],
  trigger: string,
  variables: HookVariables,
): Promise<HookEnd> {
  let argv: string[];
  try {
    argv = shell.length > 0 ? [...shell, line] : splitCommandLine(line);
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    return { outcome: 'failed', detail: error.message, output: '' };
  }
  let output = '';
  const env = minimalEnvironment(variables.scope, {
    FILE: variables.file,
    SCOPE: variables.scope,
    TRIGGER: trigger,
    USERNAME: variables.username,
    ...(variables.destination !== undefined ? { DESTINATION: variables.destination } : {}),
    ...(variables.share !== undefined ? { SHARE: variables.share } : {}),
  });
  const end = await runProcess({
    argv,
    cwd: variables.scope,
    env,
    limits: { timeMs: deps.config.execTimeoutMs, outputBytes: deps.config.execMaxOutputBytes },
    onOutput: (text) => {
      if (output.length < loggedOutputChars) output = (output + text).slice(0, loggedOutputChars);
    },
  }).ended;
  return { ...judge(end), output };
}

function judge(end: ProcessEnd): Omit<HookEnd, 'output'> {
  switch (end.kind) {
    case 'exited':
      return end.code === 0
        ? { outcome: 'ok', detail: 'exit status 0' }
        : { outcome: 'refused', detail: `exit status ${end.code}` };
    case 'signalled':
      return { outcome: 'failed', detail: `killed by ${end.signal}` };
    case 'notStarted':
      return { outcome: 'failed', detail: `not started (${end.reason})` };
    case 'timeLimit':
      return { outcome: 'failed', detail: 'time limit reached' };
    case 'outputLimit':
      return { outcome: 'failed', detail: 'output limit reached' };
    case 'stopped':
      return { outcome: 'failed', detail: 'stopped' };
  }
}
