// Writing user files the gate has resolved: streamed to a temp file beside the target, then put in place.
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { errorCodeOf, toFsError } from './fs-errors';

/** Defaults of File Browser's settings.fileMode / dirMode (the process umask still applies). */
export const fileMode = 0o640;
export const folderMode = 0o750;

/** Filesystems without hard links answer link() with one of these. */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV']);

/** Short on purpose: a long file name plus a suffix could pass NAME_MAX. */
export function isUploadTempName(name: string): boolean {
  return /^\.drawer-[0-9a-f]{16}\.tmp$/.test(name);
}

export function tempNameIn(folder: string): string {
  return path.join(folder, `.drawer-${randomBytes(8).toString('hex')}.tmp`);
}

export async function lstatOrUndefined(real: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(real);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw toFsError(error);
  }
}

/** mkdir -p; a file in the way (at any level) is fs.notDirectory. */
export async function makeFolders(real: string): Promise<void> {
  try {
    await fs.mkdir(real, { recursive: true, mode: folderMode });
  } catch (error) {
    if (errorCodeOf(error) === 'EEXIST' || errorCodeOf(error) === 'ENOTDIR')
      throw new AppError('fs.notDirectory', 'a file is in the way of a folder');
    throw toFsError(error);
  }
}

/**
 * Streams `source` into a new temp file in `folder` (O_EXCL and O_NOFOLLOW, so nothing planted there
 * is written through), fsyncs it and returns its path. On any failure, an aborted request
 * included, the temp file is removed: a failed upload leaves nothing behind.
 */
export async function streamToTemp(
  folder: string,
  source: Readable,
  mode: number,
): Promise<string> {
  const temp = tempNameIn(folder);
  let handle: FileHandle;
  try {
    handle = await fs.open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      mode,
    );
  } catch (error) {
    throw toFsError(error);
  }
  try {
    // flush: fsync before the stream closes the handle, so the rename publishes durable bytes.
    await pipeline(source, handle.createWriteStream({ flush: true, highWaterMark: 1024 * 1024 }));
    return temp;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw isWriteError(error)
      ? toFsError(error)
      : new AppError('request.aborted', 'the upload was interrupted', { cause: error });
  }
}

/** Errors of the disk side; anything else (a reset connection, a premature close) is the sender's. */
function isWriteError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    code !== undefined && !code.startsWith('ERR_') && code !== 'ECONNRESET' && code !== 'EPIPE'
  );
}

/**
 * Moves a finished temp file to `target`. Replacing uses rename (atomic, never follows a link at
 * the target). Without replace, link() fails atomically when the name is taken, so two uploads
 * racing for one new name cannot both win; on filesystems without hard links the existence check
 * and the rename are two steps, a window accepted there.
 */
export async function placeTemp(temp: string, target: string, replace: boolean): Promise<void> {
  try {
    if (replace) {
      await fs.rename(temp, target);
      return;
    }
    try {
      await fs.link(temp, target);
    } catch (error) {
      if (!noHardLinks.has(errorCodeOf(error) ?? '')) throw error;
      if (await lstatOrUndefined(target)) throw new AppError('fs.exists');
      await fs.rename(temp, target);
      return;
    }
    await fs.unlink(temp);
  } catch (error) {
    await fs.rm(temp, { force: true });
    if (errorCodeOf(error) === 'EISDIR')
      throw new AppError('fs.exists', 'a folder with this name exists');
    throw toFsError(error);
  }
}

/** Writes a whole stream to `target` atomically: readers see the old file or the new one, never half. */
export async function writeFileAtomically(
  target: string,
  source: Readable,
  options: { replace: boolean; mode: number },
): Promise<void> {
  const temp = await streamToTemp(path.dirname(target), source, options.mode);
  await placeTemp(temp, target, options.replace);
}
