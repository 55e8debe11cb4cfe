// Moving, renaming and copying resources (PATCH /api/resources), every path through the gate.
import type { Operation } from '../access/access';
import type { HookedAction } from '../commands/hooks';
import { withoutHooks } from '../commands/hooks';
import { AppError } from '../errors';
import { holdingFolders, isSameIdentity } from '../fs/anchored';
import { copyEntry, freeNameIn, liesInside, moveEntry } from '../fs/fs-copy-move';
import { checkDescendants, checkMovedLink } from '../fs/fs-tree';
import type { ExistingResolved, Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, isWithin, joinVirtual, parentOf } from '../fs/virtual-path';
import type { ResourceDeps } from './resource-write';
import { folderForNew, forgetShares, hookPathOf } from './resource-write';

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
  if (entry.stats?.isSymbolicLink()) view.release(await view.resolve(virtual, operation));
  return entry;
}

/** The folder a destination lands in, as it really lies in the scope. */
function landingFolderOf(destination: Resolved): VirtualPath {
  return parentOf(destination.realVirtual ?? destination.virtual);
}

/**
 * Copy (needs create) or rename/move (needs rename). The root is never a source or destination;
 * a folder never goes into itself (judged on the virtual path and on disk); an existing
 * destination is 409 unless `override` or `rename`; with rules, every descendant must be allowed
 * at its place and at its destination, and no link may lead out of the scope from where it
 * lands. Every disk step works inside the folders the gate opened and checked.
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
  const src: ExistingResolved = isCopy
    ? await view.resolveExisting(source, 'read')
    : await view.resolveExisting(source, 'rename', { followLast: false });
  const srcParent = src.parent;
  if (!srcParent) throw new AppError('fs.rootImmutable', 'your root folder cannot be moved');
  const isFolder = src.stats.isDirectory();
  let dst = await resolveDestination(view, destination, operation);

  let replace = false;
  if (dst.stats) {
    const isSame = isSameIdentity(src.stats, dst.stats);
    if (!isCopy && destination !== source && isSame)
      replace = true; // a case-only rename
    else if (request.rename) {
      if (!dst.parent) throw new AppError('fs.rootImmutable');
      const free = await freeNameIn(dst.parent, baseName(destination), isFolder);
      destination = joinVirtual(parentOf(destination), free);
      view.release(dst);
      dst = await resolveDestination(view, destination, operation);
    } else if (!request.override) throw new AppError('fs.exists', 'the destination already exists');
    else {
      view.access.check('modify', destination);
      if (isSame) {
        if (isCopy) throw new AppError('fs.intoItself', 'a file cannot be copied onto itself');
        return destination;
      }
      replace = true;
    }
  }

  if (isFolder)
    await checkDescendants(view, deps.fs, src, {
      destination,
      destinationFolder: dst.realVirtual ?? destination,
      refuseEscapingLinks: isCopy,
    });
  if (!isCopy && src.stats.isSymbolicLink()) await checkMovedLink(src, landingFolderOf(dst));
  await view.pause('transfer.beforeWrite');
  const variables = { file: hookPathOf(view, src), destination: hookPathOf(view, dst) };
  await hooks(request.action, variables, async () =>
    holdingFolders([srcParent, src.folder, dst.parent], async () => {
      const folder = await folderForNew(dst);
      try {
        if (isFolder && src.folder && (await liesInside(folder, src.folder, view.scopeFolder)))
          throw new AppError('fs.intoItself', 'a folder cannot go inside itself');
        const from = { parent: srcParent, name: src.name, stats: src.stats };
        if (isCopy) await copyEntry(from, folder, dst.name, { replace });
        else {
          await moveEntry(from, folder, dst.name, { replace });
          await forgetShares(deps.shares, view.actor.id, source);
        }
        // Whatever was shared at the destination was replaced by something never shared.
        if (replace) await forgetShares(deps.shares, view.actor.id, destination);
      } finally {
        if (folder !== dst.parent) folder.release();
      }
    }),
  );
  return destination;
}
