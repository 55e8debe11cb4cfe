// Where one admitted shell command runs: a sandbox showing the actor's scope, or the host when the admin allowed that.
import path from 'node:path';
import type { Context } from '../context';
import { AppError } from '../errors';
import { hookPathOf } from '../files/resource-write';
import { closeFd } from '../fs/anchored';
import { liesInside } from '../fs/fs-copy-move';
import type { Resolved, ScopedFs } from '../fs/scoped-fs';
import { effectivePermissions } from '../users/user';
import type { SandboxCheck } from './sandbox';
import { sandboxScope } from './sandbox';
import type { CommandPlace } from './shell-session';

/** What the admission settled: the actor's view and the folder the command runs in. */
export interface AdmittedFolder {
  view: ScopedFs;
  folder: Resolved;
}

/**
 * Refuses commands this server cannot confine: no sandbox (and no consent to run without one),
 * or a scope that holds the database, which the sandbox would show (its file is replaced on
 * every write, so it cannot be masked inside a bound folder for long).
 */
export async function checkConfinable(
  ctx: Pick<Context, 'config' | 'fs'>,
  sandbox: SandboxCheck,
  view: ScopedFs,
): Promise<void> {
  if (sandbox.kind === 'unavailable') {
    if (ctx.config.execUnsandboxed) return;
    throw new AppError('exec.disabled', 'commands are disabled: no sandbox is available');
  }
  // Judged on disk, by identity: is the database's folder the scope or below it?
  const nowhere = { dev: -1, ino: -1 };
  if (await liesInside(ctx.fs.databaseFolder, view.scopeFolder, nowhere))
    throw new AppError(
      'exec.disabled',
      "commands are disabled in a scope that holds the server's database; keep the database outside the served folder",
    );
}

/**
 * Opens the scope's folder for the sandbox (the handle is the caller's to release once the
 * command has ended). The command's folder inside is the gate's virtual path under the mount
 * point, never a host path, so nothing outside the bound scope can be named.
 */
export async function openCommandPlace(
  ctx: Pick<Context, 'fs'>,
  sandbox: SandboxCheck,
  { view, folder }: AdmittedFolder,
): Promise<{ place: CommandPlace; release(): Promise<void> }> {
  if (sandbox.kind === 'unavailable')
    return { place: { kind: 'host', cwd: hookPathOf(view, folder) }, release: async () => {} };
  // A descriptor of the folder the gate opened and checked: bwrap binds it (--bind-fd), no path.
  const scopeFd = await view.scopeFolder.duplicate();
  const perm = effectivePermissions(view.actor);
  return {
    place: {
      kind: 'sandbox',
      bwrap: sandbox.bwrap,
      scopeFd,
      cwd: folder.virtual === '/' ? sandboxScope : path.posix.join(sandboxScope, folder.virtual),
      isWritable: perm.create || perm.rename || perm.modify || perm.delete,
    },
    release: async () => closeFd(scopeFd),
  };
}
