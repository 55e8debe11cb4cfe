// Copying, moving and deleting entries the gate has resolved, without ever following a symlink.
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { errorCodeOf, toFsError } from './fs-errors';
import { lstatOrUndefined, placeTemp, streamToTemp, tempNameIn } from './fs-write';

const permissionBits = 0o777;

/**
 * Copies a regular file through a temp file beside the destination. The source is opened with
 * O_NOFOLLOW and checked with fstat, so a file swapped for a link after the walk is not read.
 */
async function copyFile(source: string, target: string, replace: boolean): Promise<void> {
  let handle;
  try {
    handle = await fs.open(
      source,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    throw toFsError(error);
  }
  let stats: Stats;
  try {
    stats = await handle.stat();
    if (!stats.isFile())
      throw new AppError('fs.badPath', 'only files, folders and links can be copied');
  } catch (error) {
    await handle.close();
    throw toFsError(error);
  }
  let temp: string;
  try {
    temp = await streamToTemp(
      path.dirname(target),
      handle.createReadStream(),
      stats.mode & permissionBits,
    );
  } finally {
    await handle.close().catch(() => undefined);
  }
  await placeTemp(temp, target, replace);
}

/** A link is copied as the same link text; the gate judges where it points whenever it is used. */
async function copyLink(source: string, target: string, replace: boolean): Promise<void> {
  try {
    const text = await fs.readlink(source);
    if (!replace) {
      await fs.symlink(text, target);
      return;
    }
    const temp = tempNameIn(path.dirname(target));
    await fs.symlink(text, temp);
    await fs.rename(temp, target).catch(async (error: unknown) => {
      await fs.rm(temp, { force: true });
      throw error;
    });
  } catch (error) {
    if (errorCodeOf(error) === 'EISDIR')
      throw new AppError('fs.exists', 'a folder with this name exists');
    throw toFsError(error);
  }
}

/** Creates a folder, or reuses an existing one when merging; a non-folder in the way is a conflict. */
async function folderFor(target: string, mode: number, merge: boolean): Promise<void> {
  try {
    await fs.mkdir(target, { mode });
  } catch (error) {
    if (errorCodeOf(error) !== 'EEXIST') throw toFsError(error);
    const existing = await lstatOrUndefined(target);
    if (!merge || !existing?.isDirectory())
      throw new AppError('fs.exists', 'the destination already exists');
  }
}

async function copyChildren(source: string, target: string): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(source, { withFileTypes: true });
  } catch (error) {
    throw toFsError(error);
  }
  for (const entry of entries)
    await copyInto(path.join(source, entry.name), path.join(target, entry.name), true);
}

/** Sockets, FIFOs and devices inside a folder are skipped: they are not content. */
async function copyInto(source: string, target: string, replace: boolean): Promise<void> {
  const stats = await lstatOrUndefined(source);
  if (!stats) throw new AppError('fs.notFound');
  if (stats.isSymbolicLink()) return copyLink(source, target, replace);
  if (stats.isFile()) return copyFile(source, target, replace);
  if (!stats.isDirectory()) return;
  await folderFor(target, stats.mode & permissionBits, replace);
  await copyChildren(source, target);
}

/**
 * Copies a file, link or folder. With `replace`, a file replaces the destination file and a folder
 * merges into the destination folder (File Browser's behaviour); without it, an existing
 * destination is fs.exists, decided atomically (O_EXCL link or mkdir).
 */
export async function copyEntry(
  source: string,
  target: string,
  options: { replace: boolean },
): Promise<void> {
  const stats = await lstatOrUndefined(source);
  if (!stats) throw new AppError('fs.notFound');
  if (!stats.isFile() && !stats.isDirectory() && !stats.isSymbolicLink())
    throw new AppError('fs.badPath', 'only files, folders and links can be copied');
  await copyInto(source, target, options.replace);
}

/** Recursive delete that removes links themselves, never what they point to. */
export async function removeEntry(real: string): Promise<void> {
  try {
    await fs.rm(real, { recursive: true, force: false });
  } catch (error) {
    throw toFsError(error);
  }
}

/** The cross-device fallback of a move: copy, then delete the source. */
async function copyThenRemove(source: string, target: string, replace: boolean): Promise<void> {
  await copyEntry(source, target, { replace });
  await removeEntry(source);
}

/**
 * No-clobber move. A file is hard-linked then unlinked (link fails atomically on a taken name);
 * a folder first claims the name with mkdir and then renames over that empty placeholder. When
 * two moves of one source race, the loser finds its source gone and undoes its link (404).
 * Links and special files fall back to check-then-rename, a window accepted for them.
 */
async function moveWithoutReplacing(source: string, target: string, stats: Stats): Promise<void> {
  if (stats.isDirectory()) {
    await folderFor(target, 0o700, false);
    try {
      await fs.rename(source, target);
    } catch (error) {
      if (errorCodeOf(error) !== 'EXDEV') {
        await fs.rmdir(target).catch(() => undefined);
        throw toFsError(error);
      }
      await copyChildren(source, target);
      await fs.chmod(target, stats.mode & permissionBits);
      await removeEntry(source);
    }
    return;
  }
  if (stats.isFile()) {
    try {
      await fs.link(source, target);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'EXDEV') return copyThenRemove(source, target, false);
      if (
        code === 'EEXIST' ||
        !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK'].includes(code ?? '')
      )
        throw toFsError(error);
      return renameIfFree(source, target);
    }
    try {
      await fs.unlink(source);
    } catch (error) {
      await fs.unlink(target).catch(() => undefined);
      throw toFsError(error);
    }
    return;
  }
  await renameIfFree(source, target);
}

async function renameIfFree(source: string, target: string): Promise<void> {
  if (await lstatOrUndefined(target)) throw new AppError('fs.exists');
  try {
    await fs.rename(source, target);
  } catch (error) {
    if (errorCodeOf(error) === 'EXDEV') return copyThenRemove(source, target, false);
    throw toFsError(error);
  }
}

/**
 * Moves (renames) an entry; a link moves as a link. With `replace`, an existing file is replaced
 * and a folder merges into an existing folder; a file and a folder never replace each other.
 */
export async function moveEntry(
  source: string,
  target: string,
  options: { replace: boolean },
): Promise<void> {
  const stats = await lstatOrUndefined(source);
  if (!stats) throw new AppError('fs.notFound');
  if (!options.replace) return moveWithoutReplacing(source, target, stats);
  try {
    await fs.rename(source, target);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'EXDEV' || code === 'ENOTEMPTY' || code === 'EEXIST')
      return copyThenRemove(source, target, true);
    if (code === 'EISDIR' || code === 'ENOTDIR')
      throw new AppError('fs.exists', 'a file and a folder cannot replace each other');
    throw toFsError(error);
  }
}

/** True when `a` and `b` are the same entry on disk (a case-only rename on a case-insensitive disk). */
export async function isSameEntry(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([lstatOrUndefined(a), lstatOrUndefined(b)]);
  return (
    first !== undefined &&
    second !== undefined &&
    first.dev === second.dev &&
    first.ino === second.ino
  );
}

/**
 * True when `real` lies inside the folder `folder` on disk, judged by device and inode of each
 * existing ancestor up to `stop`: spelling (case, links already resolved) cannot hide it.
 */
export async function liesInside(real: string, folder: Stats, stop: string): Promise<boolean> {
  let current = path.dirname(real);
  for (;;) {
    const stats = await lstatOrUndefined(current);
    if (stats && stats.dev === folder.dev && stats.ino === folder.ino) return true;
    if (current === stop || path.dirname(current) === current) return false;
    current = path.dirname(current);
  }
}

/** "name (1).ext", "name (2).ext", … : the first that does not exist in `folder`. */
export async function freeNameIn(folder: string, name: string, isDir: boolean): Promise<string> {
  const dot = name.lastIndexOf('.');
  const hasExtension = !isDir && dot > 0;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  for (let counter = 1; counter <= 10_000; counter += 1) {
    const candidate = `${stem} (${counter})${extension}`;
    if (!(await lstatOrUndefined(path.join(folder, candidate)))) return candidate;
  }
  throw new AppError('fs.exists', 'no free name was found');
}
