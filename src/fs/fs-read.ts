// Reading user files the gate has already resolved: samples, small texts, streams and disk statistics.
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { toFsError } from './fs-errors';

/**
 * The resolved path is symlink-free, so the last component is opened with O_NOFOLLOW: a link
 * planted after the check fails instead of being followed. O_NONBLOCK keeps a FIFO that replaced
 * a file from blocking the thread pool; anything but a regular file is refused after fstat.
 */
async function openRegularFile(real: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await fs.open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw toFsError(error);
  }
  try {
    if ((await handle.stat()).isFile()) return handle;
  } catch (error) {
    await handle.close();
    throw toFsError(error);
  }
  await handle.close();
  throw new AppError('fs.isDirectory', 'not a regular file');
}

/** Up to `bytes` from the start of a regular file (type sniffing). */
export async function readSample(real: string, bytes: number): Promise<Buffer> {
  const handle = await openRegularFile(real);
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A whole file as UTF-8, refused when it has grown past `maxBytes` since it was classified. */
export async function readText(real: string, maxBytes: number): Promise<string> {
  const handle = await openRegularFile(real);
  try {
    const stats = await handle.stat();
    if (stats.size > maxBytes)
      throw new AppError('fs.tooLarge', 'the file is too large to show as text');
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A stream of a regular file's bytes; the handle closes with the stream. */
export async function openFileStream(real: string): Promise<Readable> {
  const handle = await openRegularFile(real);
  return handle.createReadStream({ highWaterMark: 1024 * 1024 });
}

/** Nanosecond stats for validators (ETag). */
export async function statExact(real: string): Promise<BigIntStats> {
  try {
    return await fs.stat(real, { bigint: true });
  } catch (error) {
    throw toFsError(error);
  }
}

/** Size and use of the filesystem holding `real`, in bytes. */
export async function filesystemUsage(real: string): Promise<{ total: number; used: number }> {
  try {
    const stats = await fs.statfs(real);
    return { total: stats.blocks * stats.bsize, used: (stats.blocks - stats.bfree) * stats.bsize };
  } catch (error) {
    throw toFsError(error);
  }
}
