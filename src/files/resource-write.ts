// Creating folders, uploading and saving files, and deleting resources, each through the gate.
import type { BigIntStats } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FolderHandle } from '../fs/anchored';
import type { HookedAction } from '../commands/hooks';
import { withoutHooks } from '../commands/hooks';
import { AppError } from '../errors';
import { fileEtagOf } from './etags';
import { holdingFolders } from '../fs/anchored';
import { removeEntry } from '../fs/fs-copy-move';
import { fileMode, makeFoldersIn, statExactAt, writeFileAtomically } from '../fs/fs-write';
import { checkDescendants } from '../fs/fs-tree';
import type { FsSettings, Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { canonicalise, isWithin } from '../fs/virtual-path';

/** The fields of a stored share link that file operations read. */
interface LinkOnPath {
  userID: number;
  path: string;
}

/**
 * What file operations change of share links: links to a deleted or replaced path are forgotten,
 * links to a file follow its new version. The shares store provides it (src/shares/shares-store.ts);
 * declared here so that files do not depend on shares.
 */
export interface FileShareLinks {
  removeWhere(predicate: (link: LinkOnPath) => boolean): Promise<number>;
  rebindWhere(predicate: (link: LinkOnPath) => boolean, ino: number): Promise<void>;
}

/** What recursive operations need besides the actor's view: share links to forget, the hidden files. */
export interface ResourceDeps {
  shares: FileShareLinks;
  fs: Pick<FsSettings, 'isDatabaseFolder'>;
}

/**
 * What was just written: its ETag and the inode the actor's share links now follow, from the
 * writer's own stats when it has them, else from the name.
 */
async function writtenVersion(
  folder: FolderHandle,
  name: string,
  written?: BigIntStats,
): Promise<{ etag: string; ino: number }> {
  const stats = written ?? (await statExactAt(folder, name));
  return {
    etag: fileEtagOf(stats),
    ino: Number(stats.ino),
  };
}

/** The host path a hook is told about (hooks are the admin's programs; the gate never opens it). */
export function hookPathOf(view: ScopedFs, resolved: Resolved): string {
  const inScope = resolved.realVirtual ?? resolved.virtual;
  return inScope === '/' ? view.scopeRoot : `${view.scopeRoot}${inScope}`;
}

/** The folder a new entry goes in, made (mkdir -p, anchored) when missing. The caller releases it. */
export async function folderForNew(target: Resolved): Promise<FolderHandle> {
  if (!target.parent) throw new AppError('fs.rootImmutable', 'your root folder cannot be replaced');
  return makeFoldersIn(target.parent, target.missing);
}

/** mkdir -p (POST with a trailing slash); an existing folder is fine, an existing file is 409. */
export async function createFolder(
  view: ScopedFs,
  virtual: VirtualPath,
  hooks: HookedAction = withoutHooks,
): Promise<void> {
  const target = await view.resolve(virtual, 'create');
  if (target.stats?.isDirectory()) return;
  if (target.stats) throw new AppError('fs.exists', 'a file with this name exists');
  await view.pause('mkdir.beforeWrite');
  await hooks('upload', { file: hookPathOf(view, target) }, async () =>
    holdingFolders([target.parent], async () => {
      if (!target.parent) return;
      (await makeFoldersIn(target.parent, [...target.missing, target.name])).release();
    }),
  );
}

/**
 * Where an upload may land, after the checks every upload passes (a plain one, and a resumable
 * one at its creation and again at its completion): the create permission; an existing file
 * only with `override`, and then the modify permission too; never an existing folder.
 */
export async function resolveUploadTarget(
  view: ScopedFs,
  virtual: VirtualPath,
  override: boolean,
): Promise<Resolved> {
  const target = await view.resolve(virtual, 'create');
  if (virtual === '/' || target.stats?.isDirectory()) {
    view.release(target);
    throw new AppError('fs.exists', 'a folder with this name exists');
  }
  if (target.stats && !override) {
    view.release(target);
    throw new AppError('fs.exists', 'the file already exists');
  }
  if (target.stats) view.access.check('modify', virtual);
  return target;
}

/** The permission bits of an upload: those of the file it replaces, else File Browser's default. */
export function uploadModeOf(target: Resolved): number {
  return target.stats ? target.stats.mode & 0o777 : fileMode;
}

/**
 * Puts an upload in place, inside its hooks: `write` creates `target.name` in the folder (made
 * first when missing) and may return the stats of what it wrote; then the new version's ETag is
 * returned and the actor's share links of a replaced file follow it.
 */
export async function placeUpload(
  view: ScopedFs,
  target: Resolved,
  deps: Pick<ResourceDeps, 'shares'>,
  hooks: HookedAction,
  write: (folder: FolderHandle) => Promise<BigIntStats | void>,
): Promise<string> {
  return hooks('upload', { file: hookPathOf(view, target) }, async () =>
    holdingFolders([target.parent], async () => {
      const folder = await folderForNew(target);
      try {
        const written = await write(folder);
        const version = await writtenVersion(folder, target.name, written ?? undefined);
        if (target.stats)
          await carrySharesTo(deps.shares, view.actor.id, target.virtual, version.ino);
        return version.etag;
      } finally {
        if (folder !== target.parent) folder.release();
      }
    }),
  );
}

/**
 * Streams an upload into place. An existing file is 409 unless `override`, and replacing it needs
 * the modify permission; an existing folder is always 409. Missing parent folders are created.
 */
export async function uploadFile(
  view: ScopedFs,
  virtual: VirtualPath,
  body: Readable,
  override: boolean,
  deps: Pick<ResourceDeps, 'shares'>,
  hooks: HookedAction = withoutHooks,
): Promise<string> {
  const target = await resolveUploadTarget(view, virtual, override);
  await view.pause('upload.beforeWrite');
  return placeUpload(view, target, deps, hooks, (folder) =>
    writeFileAtomically(folder, target.name, body, {
      replace: target.stats !== undefined,
      mode: uploadModeOf(target),
    }),
  );
}

/** Replaces an existing file's content (the editor's save); its permission bits are kept. */
export async function saveFile(
  view: ScopedFs,
  virtual: VirtualPath,
  body: Readable,
  deps: Pick<ResourceDeps, 'shares'>,
  hooks: HookedAction = withoutHooks,
): Promise<string> {
  const target = await view.resolveExisting(virtual, 'modify');
  if (target.stats.isDirectory())
    throw new AppError('fs.isDirectory', 'a folder cannot be saved as a file');
  if (!target.stats.isFile()) throw new AppError('fs.badPath', 'only regular files can be saved');
  const mode = target.stats.mode & 0o777;
  await view.pause('save.beforeWrite');
  const folder = target.parent;
  if (!folder) throw new AppError('fs.isDirectory', 'a folder cannot be saved as a file');
  return hooks('save', { file: hookPathOf(view, target) }, async () =>
    holdingFolders([folder], async () => {
      const written = await writeFileAtomically(folder, target.name, body, { replace: true, mode });
      const version = await writtenVersion(folder, target.name, written);
      await carrySharesTo(deps.shares, view.actor.id, virtual, version.ino);
      return version.etag;
    }),
  );
}

/** The actor's links whose stored path passes `matches`; a stored path that no longer parses matches nothing. */
function actorSharesWhere(userID: number, matches: (path: VirtualPath) => boolean) {
  return (share: LinkOnPath) => {
    if (share.userID !== userID) return false;
    try {
      return matches(canonicalise(share.path).path);
    } catch {
      return false;
    }
  };
}

/** Removes the actor's share links on a path or below it (they would point at nothing, or at a newcomer). */
export async function forgetShares(
  shares: FileShareLinks,
  userID: number,
  virtual: VirtualPath,
): Promise<void> {
  await shares.removeWhere(actorSharesWhere(userID, (path) => isWithin(path, virtual)));
}

/** The actor's links to exactly this file follow it to its new version (a save or an upload over it). */
export async function carrySharesTo(
  shares: FileShareLinks,
  userID: number,
  virtual: VirtualPath,
  ino: number,
): Promise<void> {
  await shares.rebindWhere(
    actorSharesWhere(userID, (path) => path === virtual),
    ino,
  );
}

/**
 * Recursive delete of an entry (a link is removed, not followed). The scope root is immutable;
 * with rules, a denied descendant refuses the whole delete before anything is removed.
 */
export async function deleteResource(
  view: ScopedFs,
  virtual: VirtualPath,
  deps: ResourceDeps,
  hooks: HookedAction = withoutHooks,
): Promise<void> {
  if (virtual === '/') throw new AppError('fs.rootImmutable', 'your root folder cannot be deleted');
  const target = await view.resolveExisting(virtual, 'delete', { followLast: false });
  if (target.stats.isDirectory())
    await checkDescendants(view, deps.fs, target, { refuseEscapingLinks: false });
  await view.pause('delete.beforeRemove');
  const parent = target.parent;
  if (!parent) throw new AppError('fs.rootImmutable', 'your root folder cannot be deleted');
  await hooks('delete', { file: hookPathOf(view, target) }, async () =>
    holdingFolders([parent, target.folder], async () => {
      await removeEntry({ parent, name: target.name, stats: target.stats });
      await forgetShares(deps.shares, view.actor.id, virtual);
    }),
  );
}
