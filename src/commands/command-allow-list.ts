// What a user's command list may hold: never a shell, nor a program that runs code or programs named in its arguments.
import { AppError } from '../errors';

/**
 * Shells, programs whose job is to start the program named in their arguments, and interpreters
 * that run code given as an argument. Allowing one of them allows everything, so the allow-list
 * would mean nothing. Tools that can start others as a side line (`find -exec`, `git`, `tar
 * --to-command`) stay allowed: the sandbox bounds what they reach, and refusing them would
 * refuse most useful tools.
 */
const refusedNames = new Set([
  // shells
  'sh',
  'ash',
  'bash',
  'rbash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'pdksh',
  'oksh',
  'yash',
  'csh',
  'tcsh',
  'fish',
  'elvish',
  'nu',
  'xonsh',
  'pwsh',
  'busybox',
  'toybox',
  // programs that run the program named in their arguments
  'env',
  'sudo',
  'su',
  'doas',
  'runuser',
  'setpriv',
  'nohup',
  'nice',
  'ionice',
  'chrt',
  'taskset',
  'timeout',
  'setsid',
  'stdbuf',
  'xargs',
  'parallel',
  'watch',
  'time',
  'flock',
  'script',
  'chroot',
  'unshare',
  'nsenter',
  'bwrap',
  'firejail',
  'systemd-run',
  'strace',
  'ltrace',
  'gdb',
  'expect',
  'screen',
  'tmux',
  // interpreters that run code from an argument
  'python',
  'pypy',
  'perl',
  'ruby',
  'irb',
  'node',
  'nodejs',
  'deno',
  'bun',
  'php',
  'lua',
  'luajit',
  'tclsh',
  'wish',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'guile',
  'julia',
  'rscript',
]);

/**
 * Whether an allow-list entry or a typed command names such a program: compared by base name
 * (`/bin/sh` is `sh`), without case, and without a version suffix (`python3.11`, `perl5.36`).
 */
export function isRefusedCommand(name: string): boolean {
  const base = name.trim().split(/\s+/)[0]?.split('/').pop() ?? '';
  return refusedNames.has(base.toLowerCase().replace(/[\d.]+$/, ''));
}

/** The list unchanged, or a 400 naming the first entry that may not be allowed. */
export function refuseShellCommands(commands: readonly string[]): string[] {
  const refused = commands.find(isRefusedCommand);
  if (refused !== undefined)
    throw new AppError(
      'request.invalid',
      `commands: "${refused.slice(0, 100)}" is a shell or runs other programs or code from its arguments, so it cannot be allowed`,
    );
  return [...commands];
}
