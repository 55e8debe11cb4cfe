// Writing user files the gate has resolved: streamed to a temp file beside the target, then put in place.
import { randomBytes } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { AppError } from '../errors';
import type { FolderHandle } from './anchored';
import { closeFd, lstatAt, openFolderAt } from './anchored';
import { DescriptorSink } from './descriptor-sink';
import { errorCodeOf, rethrowAsFsError, toFsError } from './fs-errors';
import { pipeChain } from './stream-chain';

/** Defaults of File Browser's settings.fileMode / dirMode (the process umask still applies). */
export const fileMode = 0o640;
export const folderMode = 0o750;

const openFd = promisify(fs.open);

/** Filesystems without hard links answer link() with one of these. */
export const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** Short on purpose: a long file name plus a suffix could pass NAME_MAX. */
/** How every name of Drawer's own files in progress begins (fs-partial.ts's too). */
export const ownTempNamePrefix = '.drawer-';

export function isUploadTempName(name: string): boolean {
  return /^\.drawer-[0-9a-f]{16}\.tmp$/.test(name);
}

export function newTempName(): string {
  return `.drawer-${randomBytes(8).toString('hex')}.tmp`;
}

/** Runs a two-name operation (rename, link) with both names anchored in held folders. */
export function betweenFolders<T>(
  from: FolderHandle,
  fromName: string,
  to: FolderHandle,
  toName: string,
  work: (source: string, target: string) => Promise<T>,
): Promise<T> {
  return from.use(fromName, (source) => to.use(toName, (target) => work(source, target)));
}

/**
 * mkdir -p below a verified folder, one anchored step per name: each folder is made inside the
 * one opened before it and then opened with O_NOFOLLOW, so a link put in its way is never
 * entered. A file in the way is fs.notDirectory. Returns the last folder, open; the caller
 * releases it (the start folder is never released here).
 */
export async function makeFoldersIn(
  start: FolderHandle,
  names: readonly string[],
): Promise<FolderHandle> {
  let current = start;
  for (const name of names) {
    try {
      await current.use(name, (at) => fs.promises.mkdir(at, { mode: folderMode }));
    } catch (error) {
      if (errorCodeOf(error) !== 'EEXIST') throw toFsError(error);
    }
    let next: FolderHandle;
    try {
      next = await openFolderAt(current, name);
    } catch (error) {
      if (current !== start) current.release();
      const stats = await lstatAt(current, name).catch(() => undefined);
      if (stats && !stats.isDirectory() && !stats.isSymbolicLink())
        throw new AppError('fs.notDirectory', 'a file is in the way of a folder');
      throw error;
    }
    if (current !== start) current.release();
    current = next;
  }
  return current;
}

/** A temp file written whole: its name in the folder, and its stats once its bytes were synced. */
export interface WrittenTemp {
  name: string;
  /** Of the descriptor: the same inode, size and mtime under the name it is then given. */
  stats: BigIntStats;
}

/**
 * Streams `source` into a new temp file in `folder` (O_EXCL and O_NOFOLLOW, so nothing planted there
 * is written through) and syncs it. On any failure, an aborted request included, the temp file is
 * removed: a failed upload leaves nothing behind. The source's chunks are consumed
 * (DescriptorSink): it must not reuse a Buffer it gave.
 */
export async function streamToTemp(
  folder: FolderHandle,
  source: Readable,
  mode: number,
): Promise<WrittenTemp> {
  const temp = newTempName();
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  const fd = await folder
    .use(temp, (at) => openFd(at, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode))
    .catch(rethrowAsFsError);
  // sync: the rename that follows publishes durable bytes.
  const sink = new DescriptorSink(fd, { start: 0, sync: true });
  try {
    await pipeChain(source, sink);
    // Synchronous: the inode is held open and was just synced, so nothing waits on the disk, and
    // a trip through the thread pool costs more than the call (docs/UPLOADS.md, "Speed").
    return { name: temp, stats: fs.fstatSync(fd, { bigint: true }) };
  } catch (error) {
    await removeName(folder, temp);
    throw isWriteError(error)
      ? toFsError(error)
      : new AppError('request.aborted', 'the upload was interrupted', { cause: error });
  } finally {
    // Closed only once no write is in flight: a write still queued could otherwise land in
    // whatever another request opened under the same number.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    closeFd(fd);
  }
}

/** Removes a file Drawer made (a temp file); unlink() alone, where rm() would lstat first. */
export async function removeName(folder: FolderHandle, name: string): Promise<void> {
  await folder.use(name, (at) => fs.promises.unlink(at)).catch(() => undefined);
}

/** Errors of the disk side; anything else (a reset connection, a premature close) is the sender's. */
export function isWriteError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    code !== undefined && !code.startsWith('ERR_') && code !== 'ECONNRESET' && code !== 'EPIPE'
  );
}

/**
 * Moves a finished temp file to `name` in the same folder. Replacing uses rename (atomic, never
 * follows a link at the target). Without replace, link() fails atomically when the name is
 * taken, so two uploads racing for one new name cannot both win; on filesystems without hard
 * links the existence check and the rename are two steps, a window accepted there.
 */
export async function placeTemp(
  folder: FolderHandle,
  temp: string,
  name: string,
  replace: boolean,
): Promise<void> {
  try {
    if (replace) {
      await betweenFolders(folder, temp, folder, name, (from, to) => fs.promises.rename(from, to));
      return;
    }
    try {
      await betweenFolders(folder, temp, folder, name, (from, to) => fs.promises.link(from, to));
    } catch (error) {
      if (!noHardLinks.has(errorCodeOf(error) ?? '')) throw error;
      if (await lstatAt(folder, name)) throw new AppError('fs.exists');
      await betweenFolders(folder, temp, folder, name, (from, to) => fs.promises.rename(from, to));
      return;
    }
    await removeName(folder, temp);
  } catch (error) {
    await removeName(folder, temp);
    if (errorCodeOf(error) === 'EISDIR')
      throw new AppError('fs.exists', 'a folder with this name exists');
    throw toFsError(error);
  }
}

/**
 * Writes a whole stream to `name` atomically: readers see the old file or the new one, never half.
 * Returns the stats of what it wrote.
 */
export async function writeFileAtomically(
  folder: FolderHandle,
  name: string,
  source: Readable,
  options: { replace: boolean; mode: number },
): Promise<BigIntStats> {
  const temp = await streamToTemp(folder, source, options.mode);
  await placeTemp(folder, temp.name, name, options.replace);
  return temp.stats;
}

/** Nanosecond lstat of a name inside a held folder (the ETag of what was just written). */
export function statExactAt(folder: FolderHandle, name: string): Promise<BigIntStats> {
  return folder.use(name, (at) => fs.promises.lstat(at, { bigint: true })).catch(rethrowAsFsError);
}
