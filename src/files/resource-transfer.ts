// Moving, renaming and copying resources (PATCH, contract §2.6), every path through the gate.
import path from 'node:path';
import type { Operation } from '../access/access';
import type { HookedAction } from '../commands/hooks';
import { withoutHooks } from '../commands/hooks';
import { AppError } from '../errors';
import { copyEntry, freeNameIn, isSameEntry, liesInside, moveEntry } from '../fs/fs-copy-move';
import { checkDescendants } from '../fs/fs-tree';
import { makeFolders } from '../fs/fs-write';
import type { Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, isWithin, joinVirtual, parentOf } from '../fs/virtual-path';
import type { ResourceDeps } from './resource-write';
import { forgetShares } from './resource-write';

export interface TransferRequest {
  action: string;
  destination: VirtualPath;
  /** Replace an existing destination (needs the modify permission). */
  override: boolean;
  /** On a conflict, pick "name (1).ext" instead. */
  rename: boolean;
}

/**
 * The destination entry itself (a link there is replaced, never written through); a link that
 * leaves the scope is refused as a destination, as it is for uploads.
 */
async function resolveDestination(
  view: ScopedFs,
  virtual: VirtualPath,
  operation: Operation,
): Promise<Resolved> {
  const entry = await view.resolve(virtual, operation, { followLast: false });
  if (entry.stats?.isSymbolicLink()) await view.resolve(virtual, operation);
  return entry;
}

/**
 * Copy (needs create) or rename/move (needs rename). The root is never a source or destination;
 * a folder never goes into itself (judged on the virtual path and on disk); an existing
 * destination is 409 unless `override` or `rename`; with rules, every descendant must be allowed
 * at its place and at its destination. Returns the destination actually used.
 */
export async function transferResource(
  view: ScopedFs,
  source: VirtualPath,
  request: TransferRequest,
  deps: ResourceDeps,
  hooks: HookedAction = withoutHooks,
): Promise<VirtualPath> {
  if (request.action !== 'rename' && request.action !== 'copy')
    throw new AppError('request.invalid', 'action must be "rename" or "copy"');
  const isCopy = request.action === 'copy';
  const operation: Operation = isCopy ? 'create' : 'rename';
  let destination = request.destination;
  if (source === '/' || destination === '/')
    throw new AppError('fs.rootImmutable', 'your root folder cannot be moved, copied or replaced');
  if (destination !== source && isWithin(destination, source))
    throw new AppError('fs.intoItself', 'a folder cannot go inside itself');

  // A copy reads what a link shows (a link leaving the scope is 403); a move takes the link itself.
  const src = isCopy
    ? await view.resolveExisting(source, 'read')
    : await view.resolveExisting(source, 'rename', { followLast: false });
  const isFolder = src.stats.isDirectory();
  let dst = await resolveDestination(view, destination, operation);
  if (isFolder && (await liesInside(dst.real, src.stats, view.scopeRoot)))
    throw new AppError('fs.intoItself', 'a folder cannot go inside itself');

  let replace = false;
  if (dst.stats) {
    const isCaseOnlyRename =
      !isCopy && destination !== source && (await isSameEntry(src.real, dst.real));
    if (isCaseOnlyRename) replace = true;
    else if (request.rename) {
      destination = joinVirtual(
        parentOf(destination),
        await freeNameIn(path.dirname(dst.real), baseName(destination), isFolder),
      );
      dst = await resolveDestination(view, destination, operation);
    } else if (!request.override) throw new AppError('fs.exists', 'the destination already exists');
    else {
      view.access.check('modify', destination);
      if (await isSameEntry(src.real, dst.real)) {
        if (isCopy) throw new AppError('fs.intoItself', 'a file cannot be copied onto itself');
        return destination;
      }
      replace = true;
    }
  }

  if (isFolder)
    await checkDescendants(view, deps.fs, src, { destination, refuseEscapingLinks: isCopy });
  await view.pause('transfer.beforeWrite');
  await hooks(request.action, { file: src.real, destination: dst.real }, async () => {
    await makeFolders(path.dirname(dst.real));
    if (isCopy) await copyEntry(src.real, dst.real, { replace });
    else {
      await moveEntry(src.real, dst.real, { replace });
      await forgetShares(deps.shares, view.actor.id, source);
    }
  });
  return destination;
}
