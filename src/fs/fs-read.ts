// Reading user files the gate has resolved: samples, small texts, streams and disk statistics.
import type { Stats } from 'node:fs';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { AppError } from '../errors';
import type { OpenedFile } from './anchored';
import { closeFd, openFileAt } from './anchored';
import { toFsError } from './fs-errors';
import type { Resolved } from './scoped-fs';

/** 1 MiB reads were about 3x faster than the 64 KiB default on this kind of machine. */
export const readBufferBytes = 1024 * 1024;

const readFd = promisify(fs.read);

/**
 * Opens the regular file the gate resolved, inside the folder it checked, and only if it is
 * still the entry that was checked (same device and inode): a file or link put in its place
 * since is refused, never read. The caller owns the descriptor.
 */
export async function openResolvedFile(file: Resolved): Promise<OpenedFile> {
  if (!file.parent || file.folder) throw new AppError('fs.isDirectory', 'not a regular file');
  if (!file.stats) throw new AppError('fs.notFound');
  return openFileAt(file.parent, file.name, file.stats);
}

async function withFile<T>(file: Resolved, work: (opened: OpenedFile) => Promise<T>): Promise<T> {
  const opened = await openResolvedFile(file);
  try {
    return await work(opened);
  } catch (error) {
    throw toFsError(error);
  } finally {
    closeFd(opened.fd);
  }
}

/** Up to `bytes` from the start of a regular file (type sniffing). */
export function readSample(file: Resolved, bytes: number): Promise<Buffer> {
  return withFile(file, async ({ fd }) => {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await readFd(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  });
}

/** A whole file as UTF-8, refused when it has grown past `maxBytes` since it was classified. */
export function readText(file: Resolved, maxBytes: number): Promise<string> {
  return withFile(file, async ({ fd, stats }) => {
    if (stats.size > maxBytes)
      throw new AppError('fs.tooLarge', 'the file is too large to show as text');
    return (await readWhole(fd, stats.size)).toString('utf8');
  });
}

/** A small file's bytes (subtitles), refused past `maxBytes`. */
export function readSmall(file: Resolved, maxBytes: number): Promise<Buffer> {
  return withFile(file, async ({ fd, stats }) => {
    if (stats.size > maxBytes) throw new AppError('fs.tooLarge', 'the file is too large');
    return readWhole(fd, stats.size);
  });
}

async function readWhole(fd: number, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const buffer = Buffer.alloc(Math.max(64 * 1024, Math.min(size - position + 1, 1024 * 1024)));
    const { bytesRead } = await readFd(fd, buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks);
}

/** An open file and a stream of its bytes (optionally a range); the descriptor closes with the stream. */
export async function openFileStream(
  file: Resolved,
  range?: { start: number; end: number },
): Promise<{ stream: Readable; stats: Stats }> {
  const { fd, stats } = await openResolvedFile(file);
  const stream = fs.createReadStream('', { fd, ...range, highWaterMark: readBufferBytes });
  return { stream, stats };
}

/** An opened file's stream, for callers that needed its stats first. */
export function streamOf(opened: OpenedFile, range?: { start: number; end: number }): Readable {
  return fs.createReadStream('', { fd: opened.fd, ...range, highWaterMark: readBufferBytes });
}

/** Size and use of the filesystem holding a resolved folder, in bytes. */
export async function filesystemUsage(folder: Resolved): Promise<{ total: number; used: number }> {
  if (!folder.folder) throw new AppError('fs.notDirectory', 'not a folder');
  try {
    const stats = await folder.folder.use(undefined, (self) => fs.promises.statfs(self));
    return { total: stats.blocks * stats.bsize, used: (stats.blocks - stats.bfree) * stats.bsize };
  } catch (error) {
    throw toFsError(error);
  }
}
