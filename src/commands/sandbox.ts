// The bubblewrap sandbox of the shell panel: finding bwrap, trying it once, and the argv that confines a command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { UsageError } from '../config';

/** Where the user's scope appears inside the sandbox; the command's folder lies below it. */
export const sandboxScope = '/scope';

/** The descriptor number the scope's folder has in bwrap (the fourth entry of its stdio). */
export const scopeFdNumber = 3;

/**
 * What of the host a command sees besides its scope: the programs and libraries, read-only.
 * Of /etc only the loader cache, Debian's alternatives links (awk, editor…) and the time zone:
 * no host name, users, network or service configuration. `-try` because a system may lack one.
 */
const systemView = [
  ['--ro-bind', '/usr', '/usr'],
  ['--ro-bind-try', '/bin', '/bin'],
  ['--ro-bind-try', '/sbin', '/sbin'],
  ['--ro-bind-try', '/lib', '/lib'],
  ['--ro-bind-try', '/lib32', '/lib32'],
  ['--ro-bind-try', '/lib64', '/lib64'],
  ['--ro-bind-try', '/libx32', '/libx32'],
  ['--ro-bind-try', '/etc/ld.so.cache', '/etc/ld.so.cache'],
  ['--ro-bind-try', '/etc/alternatives', '/etc/alternatives'],
  ['--ro-bind-try', '/etc/localtime', '/etc/localtime'],
] as const;

/** Host folders the sandbox shows; the served root and the database must lie elsewhere. */
const systemFolders = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

export interface SandboxPlace {
  /** Absolute path of the bwrap executable. */
  bwrap: string;
  /** The command's folder inside the sandbox, below `sandboxScope`. */
  cwd: string;
  /** False binds the scope read-only (a user without any permission to change files). */
  isWritable: boolean;
}

/**
 * bwrap's arguments around `argv`. Every namespace is new (no network, no other process, own
 * host name), no capability is kept even when the server runs as root, the sandbox may not make
 * user namespaces of its own, and it dies with the server. The scope is bound from the descriptor
 * the server opened and verified (`--bind-fd` closes it before the command starts: a descriptor
 * of a host folder left open would let `openat(fd, "..")` climb out of the scope).
 */
export function sandboxArgv(place: SandboxPlace, argv: readonly string[]): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'sandbox',
    ...systemView.flat(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    place.isWritable ? '--bind-fd' : '--ro-bind-fd',
    String(scopeFdNumber),
    sandboxScope,
    '--remount-ro',
    '/',
    '--chdir',
    place.cwd,
    '--',
    ...argv,
  ];
}

export type SandboxCheck =
  { kind: 'available'; bwrap: string } | { kind: 'unavailable'; reason: string };

/**
 * Finds bwrap among `config.bwrapCandidates` and runs `true` in the very sandbox commands get
 * (the served root's folder standing in for a scope), so a kernel without user namespaces, a
 * bwrap too old for --bind-fd or a container that forbids mounts is found at start, not at
 * the first command.
 */
export function detectSandbox(
  config: Pick<ServerConfig, 'bwrapCandidates' | 'root'>,
): SandboxCheck {
  const bwrap = config.bwrapCandidates.find(isExecutableFile);
  if (bwrap === undefined)
    return { kind: 'unavailable', reason: 'bubblewrap (bwrap) was not found' };
  let fd: number;
  try {
    fd = fs.openSync(config.root, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
  } catch {
    return { kind: 'unavailable', reason: `cannot open ${config.root}` };
  }
  try {
    const probe = spawnSync(
      bwrap,
      sandboxArgv({ bwrap, cwd: sandboxScope, isWritable: false }, ['true']),
      { stdio: ['ignore', 'ignore', 'pipe', fd], env: {}, timeout: 10_000 },
    );
    if (probe.status === 0) return { kind: 'available', bwrap };
    const said = probe.stderr?.toString('utf8').trim().split('\n')[0];
    return {
      kind: 'unavailable',
      reason: `${bwrap} does not work here (${said || probe.error?.message || `status ${probe.status}`})`,
    };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The start check of --enable-exec: a UsageError (exit 2) when commands could not be
 * sandboxed and the admin has not accepted that, else the warning to log, if any.
 */
export function checkExecSandbox(config: ServerConfig): string | undefined {
  if (!config.enableExec) return undefined;
  const check = detectSandbox(config);
  if (check.kind === 'unavailable') {
    if (!config.execUnsandboxed)
      throw new UsageError(
        `--enable-exec: ${check.reason}; install bubblewrap 0.8 or later, point --bwrap at it, or accept unconfined commands with --enable-exec-unsandboxed`,
      );
    return `WARNING --enable-exec-unsandboxed: ${check.reason}, so shell commands run unconfined as this server's user and can read and change everything it can`;
  }
  for (const [flag, file] of [
    ['--root', config.root],
    ['--database', path.dirname(config.database)],
  ] as const) {
    const real = realOrSelf(file);
    if (systemFolders.some((folder) => real === folder || real.startsWith(`${folder}/`)))
      throw new UsageError(
        `${flag}: ${real} lies in a system folder that every sandboxed command can read; move it to use --enable-exec`,
      );
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function realOrSelf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}
