// Copying, moving and deleting entries the gate has resolved, each step anchored in a held folder.
import type { Stats } from 'node:fs';
import fs from 'node:fs';
import { AppError } from '../errors';
import type { FolderHandle, Identity } from './anchored';
import {
  changedError,
  isSameIdentity,
  lstatAt,
  openFileAt,
  openFolderAt,
  openParentOf,
  readFolder,
  readlinkAt,
} from './anchored';
import { errorCodeOf, toFsError } from './fs-errors';
import { isPartialUploadName } from './fs-partial';
import {
  betweenFolders,
  newTempName,
  isUploadTempName,
  noHardLinks,
  placeTemp,
  removeName,
  streamToTemp,
} from './fs-write';

const permissionBits = 0o777;

/** An entry as the gate found it: a name inside a verified folder, and what was checked there. */
export interface EntryAt {
  parent: FolderHandle;
  name: string;
  stats: Stats;
}

/** Copies a regular file through a temp file beside the destination; the source must be the checked one. */
async function copyFile(source: EntryAt, folder: FolderHandle, name: string, replace: boolean) {
  const opened = await openFileAt(source.parent, source.name, source.stats);
  // The stream owns the descriptor from here on and closes it, however the copy ends.
  const stream = fs.createReadStream('', { fd: opened.fd });
  let temp: string;
  try {
    temp = (await streamToTemp(folder, stream, opened.stats.mode & permissionBits)).name;
  } finally {
    stream.destroy();
  }
  await placeTemp(folder, temp, name, replace);
}

/** A link is copied as the same link text (checked beforehand to stay inside the scope there). */
async function copyLink(source: EntryAt, folder: FolderHandle, name: string, replace: boolean) {
  try {
    const text = await readlinkAt(source.parent, source.name);
    if (!replace) {
      await folder.use(name, (at) => fs.promises.symlink(text, at));
      return;
    }
    const temp = newTempName();
    await folder.use(temp, (at) => fs.promises.symlink(text, at));
    await betweenFolders(folder, temp, folder, name, (from, to) =>
      fs.promises.rename(from, to),
    ).catch(async (error: unknown) => {
      await removeName(folder, temp);
      throw error;
    });
  } catch (error) {
    if (errorCodeOf(error) === 'EISDIR')
      throw new AppError('fs.exists', 'a folder with this name exists');
    throw toFsError(error);
  }
}

/** Makes a folder, or reuses an existing one when merging, and opens it without following links. */
async function folderFor(
  folder: FolderHandle,
  name: string,
  mode: number,
  merge: boolean,
): Promise<FolderHandle> {
  try {
    await folder.use(name, (at) => fs.promises.mkdir(at, { mode }));
  } catch (error) {
    if (errorCodeOf(error) !== 'EEXIST') throw toFsError(error);
    const existing = await lstatAt(folder, name);
    if (!merge || !existing?.isDirectory())
      throw new AppError('fs.exists', 'the destination already exists');
  }
  return openFolderAt(folder, name);
}

/** Uploads in progress stay behind: a copy of one would be an upload nobody can finish or clean up. */
async function copyChildren(source: FolderHandle, target: FolderHandle): Promise<void> {
  for (const entry of await readFolder(source)) {
    if (isUploadTempName(entry.name) || isPartialUploadName(entry.name)) continue;
    const stats = await lstatAt(source, entry.name);
    if (stats)
      await copyInto({ parent: source, name: entry.name, stats }, target, entry.name, true);
  }
}

/** Sockets, FIFOs and devices inside a folder are skipped: they are not content. */
async function copyInto(source: EntryAt, folder: FolderHandle, name: string, replace: boolean) {
  if (source.stats.isSymbolicLink()) return copyLink(source, folder, name, replace);
  if (source.stats.isFile()) return copyFile(source, folder, name, replace);
  if (!source.stats.isDirectory()) return;
  const from = await openFolderAt(source.parent, source.name, source.stats);
  try {
    const to = await folderFor(folder, name, source.stats.mode & permissionBits, replace);
    try {
      await copyChildren(from, to);
    } finally {
      to.release();
    }
  } finally {
    from.release();
  }
}

/**
 * Copies a file, link or folder. With `replace`, a file replaces the destination file and a folder
 * merges into the destination folder (File Browser's behaviour); without it, an existing
 * destination is fs.exists, decided atomically (O_EXCL link or mkdir).
 */
export async function copyEntry(
  source: EntryAt,
  folder: FolderHandle,
  name: string,
  options: { replace: boolean },
): Promise<void> {
  const { stats } = source;
  if (!stats.isFile() && !stats.isDirectory() && !stats.isSymbolicLink())
    throw new AppError('fs.badPath', 'only files, folders and links can be copied');
  await copyInto(source, folder, name, options.replace);
}

/** Recursive delete inside held folders: links are removed themselves, never what they point to. */
export async function removeEntry(entry: EntryAt): Promise<void> {
  try {
    if (entry.stats.isDirectory()) {
      const folder = await openFolderAt(entry.parent, entry.name, entry.stats);
      try {
        for (const child of await readFolder(folder)) {
          const stats = await lstatAt(folder, child.name);
          if (stats) await removeEntry({ parent: folder, name: child.name, stats });
        }
      } finally {
        folder.release();
      }
      await entry.parent.use(entry.name, (at) => fs.promises.rmdir(at));
      return;
    }
    await entry.parent.use(entry.name, (at) => fs.promises.unlink(at));
  } catch (error) {
    throw toFsError(error);
  }
}

/** The source must still be the entry that was checked when the move starts. */
async function assertUnchanged(source: EntryAt): Promise<void> {
  const now = await lstatAt(source.parent, source.name);
  if (!now) throw new AppError('fs.notFound');
  if (!isSameIdentity(now, source.stats)) throw changedError();
}

/** The cross-device fallback of a move: copy, then delete the source. */
async function copyThenRemove(
  source: EntryAt,
  folder: FolderHandle,
  name: string,
  replace: boolean,
) {
  await copyEntry(source, folder, name, { replace });
  await removeEntry(source);
}

const rename = (source: EntryAt, folder: FolderHandle, name: string) =>
  betweenFolders(source.parent, source.name, folder, name, (from, to) =>
    fs.promises.rename(from, to),
  );

/**
 * No-clobber move. A file is hard-linked then unlinked (link fails atomically on a taken name);
 * a folder first claims the name with mkdir and then renames over that empty placeholder. When
 * two moves of one source race, the loser finds its source gone and undoes its link (404).
 * Links and special files fall back to check-then-rename, a window accepted for them.
 */
async function moveWithoutReplacing(source: EntryAt, folder: FolderHandle, name: string) {
  const { stats } = source;
  if (stats.isDirectory()) {
    (await folderFor(folder, name, 0o700, false)).release();
    try {
      await rename(source, folder, name);
    } catch (error) {
      if (errorCodeOf(error) !== 'EXDEV') {
        await folder.use(name, (at) => fs.promises.rmdir(at)).catch(() => undefined);
        throw toFsError(error);
      }
      await folder.use(name, (at) => fs.promises.rmdir(at)).catch(() => undefined);
      await copyThenRemove(source, folder, name, false);
    }
    return;
  }
  if (stats.isFile()) {
    try {
      await betweenFolders(source.parent, source.name, folder, name, (from, to) =>
        fs.promises.link(from, to),
      );
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'EXDEV') return copyThenRemove(source, folder, name, false);
      if (code === 'EEXIST' || !noHardLinks.has(code ?? '')) throw toFsError(error);
      return renameIfFree(source, folder, name);
    }
    try {
      await source.parent.use(source.name, (at) => fs.promises.unlink(at));
    } catch (error) {
      await folder.use(name, (at) => fs.promises.unlink(at)).catch(() => undefined);
      throw toFsError(error);
    }
    return;
  }
  await renameIfFree(source, folder, name);
}

async function renameIfFree(source: EntryAt, folder: FolderHandle, name: string): Promise<void> {
  if (await lstatAt(folder, name)) throw new AppError('fs.exists');
  try {
    await rename(source, folder, name);
  } catch (error) {
    if (errorCodeOf(error) === 'EXDEV') return copyThenRemove(source, folder, name, false);
    throw toFsError(error);
  }
}

/**
 * Moves (renames) an entry; a link moves as a link. With `replace`, an existing file is replaced
 * and a folder merges into an existing folder; a file and a folder never replace each other.
 */
export async function moveEntry(
  source: EntryAt,
  folder: FolderHandle,
  name: string,
  options: { replace: boolean },
): Promise<void> {
  await assertUnchanged(source);
  if (!options.replace) return moveWithoutReplacing(source, folder, name);
  try {
    await rename(source, folder, name);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'EXDEV' || code === 'ENOTEMPTY' || code === 'EEXIST')
      return copyThenRemove(source, folder, name, true);
    if (code === 'EISDIR' || code === 'ENOTDIR')
      throw new AppError('fs.exists', 'a file and a folder cannot replace each other');
    throw toFsError(error);
  }
}

/**
 * True when `start` is `folder` or lies inside it on disk, judged by device and inode of each
 * ancestor up to `stop`: spelling (case, links already resolved) cannot hide it.
 */
export async function liesInside(
  start: FolderHandle,
  folder: Identity,
  stop: Identity,
): Promise<boolean> {
  let current = start;
  try {
    for (let depth = 0; depth < 4096; depth += 1) {
      if (isSameIdentity(current, folder)) return true;
      if (isSameIdentity(current, stop)) return false;
      const parent = await openParentOf(current);
      if (current !== start) current.release();
      if (isSameIdentity(parent, current)) {
        parent.release();
        return false;
      }
      current = parent;
    }
    return false;
  } finally {
    if (current !== start) current.release();
  }
}

/** "name (1).ext", "name (2).ext", … : the first that does not exist in `folder`. */
export async function freeNameIn(
  folder: FolderHandle,
  name: string,
  isDir: boolean,
): Promise<string> {
  const dot = name.lastIndexOf('.');
  const hasExtension = !isDir && dot > 0;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  for (let counter = 1; counter <= 10_000; counter += 1) {
    const candidate = `${stem} (${counter})${extension}`;
    if (!(await lstatAt(folder, candidate))) return candidate;
  }
  throw new AppError('fs.exists', 'no free name was found');
}
