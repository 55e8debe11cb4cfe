// Resumable uploads on disk: a hidden data file and its record beside the target, used only inside held folders.
import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { AppError, isAppError } from '../errors';
import type { FolderHandle, Identity } from './anchored';
import { changedError, closeFd, lstatAt, openFileAt, readFolder } from './anchored';
import { DescriptorSink } from './descriptor-sink';
import { errorCodeOf, rethrowAsFsError, toFsError } from './fs-errors';
import { isWriteError, placeTemp } from './fs-write';
import { pipeChain } from './stream-chain';

const openFd = promisify(fs.open);
const fstatFd = promisify(fs.fstat);
const readFd = promisify(fs.read);
const writeFd = promisify(fs.write);
const truncateFd = promisify(fs.ftruncate);
const syncFd = promisify(fs.fdatasync);

/** A slot names one upload's files in its folder: 24 hex digits chosen by the uploads domain. */
const slotPattern = /^[0-9a-f]{24}$/;
const partialPattern = /^\.drawer-upload-([0-9a-f]{24})\.(part|json)$/;

/** Records are a few hundred bytes; anything larger was not written by Drawer. */
const maxRecordBytes = 16 * 1024;

/** Names of a partial upload, data or record: hidden everywhere, like the temp files of plain uploads. */
export function isPartialUploadName(name: string): boolean {
  return partialPattern.test(name);
}

export function partialNames(slot: string): { data: string; record: string } {
  if (!slotPattern.test(slot)) throw new AppError('fs.badPath', 'not an upload slot');
  return { data: `.drawer-upload-${slot}.part`, record: `.drawer-upload-${slot}.json` };
}

/** The slots that have a data file or a record in a folder (the cleaner's view of it). */
export async function listPartialSlots(folder: FolderHandle): Promise<string[]> {
  const slots = new Set<string>();
  for (const entry of await readFolder(folder)) {
    const slot = partialPattern.exec(entry.name)?.[1];
    if (slot) slots.add(slot);
  }
  return [...slots];
}

export interface PartialData extends Identity {
  /** Bytes received so far: the offset of truth. */
  size: number;
  mtimeMs: number;
}

export interface PartialOnDisk {
  /** The record's text, when a regular file holds it. */
  record: string | undefined;
  recordMtimeMs: number | undefined;
  /** The data file, when it is a regular file (a link or folder in its place is not ours). */
  data: PartialData | undefined;
}

/**
 * Creates the data file (O_EXCL | O_NOFOLLOW, empty) and then its record, which `recordOf` writes
 * knowing the data file's identity. If the record cannot be written, the data file is removed.
 */
export async function createPartial(
  folder: FolderHandle,
  slot: string,
  mode: number,
  recordOf: (data: Identity) => string,
): Promise<void> {
  const names = partialNames(slot);
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  const exclusive = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
  const dataFd = await folder
    .use(names.data, (at) => openFd(at, exclusive, mode))
    .catch(rethrowAsFsError);
  let identity: Identity;
  try {
    identity = await fstatFd(dataFd);
  } finally {
    closeFd(dataFd);
  }
  try {
    const text = Buffer.from(recordOf({ dev: identity.dev, ino: identity.ino }));
    const recordFd = await folder.use(names.record, (at) => openFd(at, exclusive, 0o600));
    try {
      await writeFd(recordFd, text, 0, text.length, 0);
    } finally {
      closeFd(recordFd);
    }
  } catch (error) {
    await removePartial(folder, slot);
    throw toFsError(error);
  }
}

/** What a slot holds now; nothing is followed, and what is not a regular file counts as absent. */
export async function readPartial(folder: FolderHandle, slot: string): Promise<PartialOnDisk> {
  const names = partialNames(slot);
  const dataStats = await lstatAt(folder, names.data);
  const data = dataStats?.isFile()
    ? { dev: dataStats.dev, ino: dataStats.ino, size: dataStats.size, mtimeMs: dataStats.mtimeMs }
    : undefined;
  let opened;
  try {
    opened = await openFileAt(folder, names.record);
  } catch (error) {
    if (isAppError(error) && (error.code === 'fs.notFound' || error.code === 'fs.badPath'))
      return { record: undefined, recordMtimeMs: undefined, data };
    throw error;
  }
  try {
    const { fd, stats } = opened;
    if (stats.size > maxRecordBytes) return { record: undefined, recordMtimeMs: undefined, data };
    const buffer = Buffer.alloc(stats.size);
    const { bytesRead } = await readFd(fd, buffer, 0, stats.size, 0);
    return {
      record: buffer.subarray(0, bytesRead).toString('utf8'),
      recordMtimeMs: stats.mtimeMs,
      data,
    };
  } finally {
    closeFd(opened.fd);
  }
}

export interface AppendOptions {
  /** The data file's identity and size as the caller last saw them (Upload-Offset). */
  expected: Identity & { offset: number };
  /** Bytes the body may carry (the rest of the declared length). */
  maxBytes: number;
  /** Fed every byte of the body as it is written (a checksum). */
  hash?: Hash;
  /** Asked once the whole body is written; false discards it (a checksum mismatch). */
  accept?: () => boolean;
  /** A body cut short keeps its bytes (tus semantics), unless they cannot be verified. */
  keepInterrupted: boolean;
}

export type AppendOutcome = 'written' | 'tooLong' | 'rejected' | 'interrupted';

class TooLongError extends Error {}

/**
 * Writes a request body at the end of the data file, through a descriptor opened inside the held
 * folder with O_NOFOLLOW and checked to be the data file of the record. The size on disk is the
 * offset: a body that does not start there is refused before a byte is read. A body that is too
 * long, fails its check or hits a disk error is cut back to the offset it started at; one the
 * client stopped sending keeps what arrived. The body that completes the file is synced
 * (fdatasync) before this returns; the ones before it are not, since after a power cut the
 * data file's size on disk is what reached the disk, and HEAD answers that (docs/UPLOADS.md).
 */
export async function appendToPartial(
  folder: FolderHandle,
  slot: string,
  body: Readable,
  options: AppendOptions,
): Promise<{ offset: number; outcome: AppendOutcome }> {
  const fd = await openDataForWriting(folder, slot);
  try {
    const stats = await fstatFd(fd);
    const { expected } = options;
    if (!stats.isFile() || stats.dev !== expected.dev || stats.ino !== expected.ino)
      throw changedError();
    if (stats.size !== expected.offset)
      throw new AppError(
        'upload.offsetMismatch',
        `the upload is at offset ${stats.size}, not ${expected.offset}`,
        { headers: { 'Upload-Offset': String(stats.size) } },
      );
    const failure = await writeBody(fd, body, options);
    const cutBack = async () => {
      await truncateFd(fd, expected.offset);
      await syncFd(fd);
    };
    if (failure instanceof TooLongError) {
      await cutBack();
      return { offset: expected.offset, outcome: 'tooLong' };
    }
    if (failure !== undefined && isWriteError(failure)) {
      await cutBack();
      throw toFsError(failure);
    }
    if (failure !== undefined && !options.keepInterrupted) {
      await cutBack();
      return { offset: expected.offset, outcome: 'interrupted' };
    }
    if (failure === undefined && options.accept && !options.accept()) {
      await cutBack();
      return { offset: expected.offset, outcome: 'rejected' };
    }
    const { size } = await fstatFd(fd);
    if (size === expected.offset + options.maxBytes) await syncFd(fd);
    return { offset: size, outcome: failure === undefined ? 'written' : 'interrupted' };
  } catch (error) {
    throw toFsError(error);
  } finally {
    closeFd(fd);
  }
}

/** A slot's data file opened for writing, never through a link; gone or a link is upload.notFound. */
async function openDataForWriting(folder: FolderHandle, slot: string): Promise<number> {
  const { data } = partialNames(slot);
  const { O_WRONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  return folder
    .use(data, (at) => openFd(at, O_WRONLY | O_NOFOLLOW | O_NONBLOCK))
    .catch((error: unknown) => {
      throw errorCodeOf(error) === 'ELOOP' || errorCodeOf(error) === 'ENOENT'
        ? new AppError('upload.notFound')
        : toFsError(error);
    });
}

/** Syncs a slot's data file (fdatasync), before an upload whose last chunk may not have been synced is put in place. */
export async function syncPartialData(folder: FolderHandle, slot: string): Promise<void> {
  const fd = await openDataForWriting(folder, slot);
  try {
    await syncFd(fd);
  } catch (error) {
    throw toFsError(error);
  } finally {
    closeFd(fd);
  }
}

/**
 * How much of a body past its allowance is read and dropped, so the client gets the 413 on a
 * connection that still works; a body longer still is cut off with its connection.
 */
const maxDiscardBytes = 32 * 1024 * 1024;

/** Streams the body to the descriptor at the offset; resolves with what stopped it, if anything. */
async function writeBody(fd: number, body: Readable, options: AppendOptions): Promise<unknown> {
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const allowed = Math.max(0, options.maxBytes - received);
      received += chunk.length;
      if (received > options.maxBytes + maxDiscardBytes) return callback(new TooLongError());
      const kept = chunk.length > allowed ? chunk.subarray(0, allowed) : chunk;
      options.hash?.update(kept);
      callback(null, kept.length > 0 ? kept : undefined);
    },
  });
  // The descriptor outlives the stream, to be cut back or synced afterwards.
  const sink = new DescriptorSink(fd, { start: options.expected.offset, sync: false });
  try {
    await pipeChain(body, meter, sink);
    return received > options.maxBytes ? new TooLongError() : undefined;
  } catch (error) {
    // A destroyed sink finishes the write in flight before 'close': only then is the size final.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    return error;
  }
}

/**
 * Puts a complete data file in place as `name` (placeTemp: rename to replace, an atomic link
 * otherwise) and removes its record. On failure both are gone: the upload cannot complete.
 */
export async function placePartial(
  folder: FolderHandle,
  slot: string,
  name: string,
  replace: boolean,
): Promise<void> {
  const names = partialNames(slot);
  try {
    await placeTemp(folder, names.data, name, replace);
  } finally {
    await removeRegularFile(folder, names.record);
  }
}

/** Removes a slot's data file and record, only where they are regular files (a link is left alone). */
export async function removePartial(folder: FolderHandle, slot: string): Promise<void> {
  const names = partialNames(slot);
  await removeRegularFile(folder, names.data);
  await removeRegularFile(folder, names.record);
}

async function removeRegularFile(folder: FolderHandle, name: string): Promise<void> {
  const stats = await lstatAt(folder, name).catch(() => undefined);
  if (!stats?.isFile()) return;
  await folder
    .use(name, (at) => fs.promises.unlink(at))
    .catch((error: unknown) => {
      if (errorCodeOf(error) !== 'ENOENT') throw toFsError(error);
    });
}

/** Bytes an unprivileged writer may still use on the filesystem holding the folder. */
export async function freeBytesOf(folder: FolderHandle): Promise<number> {
  try {
    const stats = await folder.use(undefined, (self) => fs.promises.statfs(self));
    return stats.bavail * stats.bsize;
  } catch (error) {
    throw toFsError(error);
  }
}
