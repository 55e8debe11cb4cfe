// Resumable uploads (tus): creating, resuming, appending to and ending them, each through the gate.
import type { Readable } from 'node:stream';
import type { HookedAction } from '../commands/hooks';
import { AppError, isAppError } from '../errors';
import type { FolderHandle } from '../fs/anchored';
import { holdingFolders, hostPathOf, isSameIdentity } from '../fs/anchored';
import {
  appendToPartial,
  createPartial,
  freeBytesOf,
  placePartial,
  removePartial,
  syncPartialData,
} from '../fs/fs-partial';
import type { Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import type { FileShareLinks } from '../files/resource-write';
import {
  folderForNew,
  placeUpload,
  resolveUploadTarget,
  uploadModeOf,
} from '../files/resource-write';
import type { UploadActivity } from './upload-activity';
import type { UploadFoldersStore } from './upload-folders-store';
import type { Loaded, UploadParty } from './upload-lookup';
import { load, slotAt } from './upload-lookup';
import type { UploadRecord } from './upload-record';
import { newUploadId, serialiseRecord, slotFor } from './upload-record';
import type { ChunkChecksum } from './tus-protocol';

export interface UploadLimits {
  /** An upload that receives nothing for this long is removed. */
  expirationMs: number;
  /** The largest Upload-Length accepted (Tus-Max-Size). */
  maxSize: number;
}

export interface UploadDeps {
  limits: UploadLimits;
  now: () => number;
  shares: FileShareLinks;
  folders: UploadFoldersStore;
  activity: UploadActivity;
}

/** Where an upload stands, for the Upload-* headers. */
export interface UploadState {
  id: string;
  virtual: VirtualPath;
  offset: number;
  length: number;
  /** Undefined once complete: a complete upload no longer expires. */
  expiresAt: number | undefined;
}

export interface Chunk {
  /** The upload's id from its URL; absent when a client addresses the upload by its path alone. */
  id: string | undefined;
  offset: number;
  /** The body's Content-Length, when given: a chunk past the upload's length is refused unread. */
  contentLength: number | undefined;
  checksum: ChunkChecksum | undefined;
}

/**
 * The actor's view and hooks as they are now: a PATCH may stream for hours, and what is checked
 * at its last byte must be the actor's current permissions and rules, not those at its start.
 */
export type CurrentView = () => Promise<{ view: ScopedFs; hooks: HookedAction }>;

/**
 * A visitor of a file request (docs/SHARES.md): the upload is this visit's alone (neither the
 * owner nor another visit sees or resumes it), and its bytes count against the link's limit.
 */
export interface VisitUpload {
  /** Names the link and the visit in the upload's record and slot: "<hash>/<visit>". */
  key: string;
  /** At creation, before anything is written: throws when the link cannot take `length` more bytes. */
  reserve(id: string, length: number): void;
  /**
   * Just before the file is put in place: counts its bytes for good, throwing when that would
   * pass the link's limit; returns what takes them back if the placing fails.
   */
  commit(length: number): Promise<() => Promise<void>>;
  /** The upload is over, put in place or not: what `reserve` held is let go. */
  release(id: string): void;
  /** The file is in place. */
  placed(virtual: VirtualPath, length: number): void;
}

const partyOf = (view: ScopedFs, visit: VisitUpload | undefined): UploadParty => ({
  owner: view.actor.id,
  visit: visit?.key,
});

/**
 * POST: checks the target as any upload's (create; modify and ?override=true to replace), the
 * size limit and the free space, then creates the empty data file and its record beside the
 * target. An earlier unfinished upload of the same user to the same name is replaced. An empty
 * upload is complete at once (tus clients send no PATCH for it).
 */
export async function createUpload(
  deps: UploadDeps,
  view: ScopedFs,
  virtual: VirtualPath,
  request: { length: number; override: boolean },
  hooks: HookedAction,
  visit?: VisitUpload,
): Promise<UploadState> {
  const target = await resolveUploadTarget(view, virtual, request.override);
  if (request.length > deps.limits.maxSize)
    throw new AppError('fs.tooLarge', `uploads are limited to ${deps.limits.maxSize} bytes`);
  await view.pause('tus.beforeCreate');
  const id = newUploadId();
  visit?.reserve(id, request.length);
  try {
    return await holdingFolders([target.parent], async () => {
      const folder = await folderForNew(target);
      try {
        if (request.length > (await freeBytesOf(folder)))
          throw new AppError('fs.noSpace', 'the upload is larger than the free space on the disk');
        const slot = slotFor(view.actor.id, target.name, visit?.key);
        return await deps.activity.hold(folder, slot, async () => {
          const record = await createFiles(deps, view, target, folder, slot, {
            ...request,
            id,
            visit: visit?.key,
          });
          const state: UploadState = {
            id: record.id,
            virtual,
            offset: 0,
            length: request.length,
            expiresAt: record.createdAt + deps.limits.expirationMs,
          };
          if (request.length > 0) return state;
          await complete(deps, view, virtual, folder, slot, record, hooks, visit);
          return { ...state, expiresAt: undefined };
        });
      } finally {
        if (folder !== target.parent) folder.release();
      }
    });
  } catch (error) {
    visit?.release(id);
    throw error;
  }
}

async function createFiles(
  deps: UploadDeps,
  view: ScopedFs,
  target: Resolved,
  folder: FolderHandle,
  slot: string,
  request: { length: number; override: boolean; id: string; visit: string | undefined },
): Promise<UploadRecord> {
  const place = { path: await hostPathOf(folder), dev: folder.dev, ino: folder.ino };
  await deps.folders.begin(place);
  try {
    const fields = {
      version: 1 as const,
      id: request.id,
      owner: view.actor.id,
      ...(request.visit === undefined ? {} : { visit: request.visit }),
      path: target.virtual,
      name: target.name,
      length: request.length,
      override: request.override,
      createdAt: deps.now(),
      folder: { dev: folder.dev, ino: folder.ino },
    };
    let record: UploadRecord | undefined;
    const create = () =>
      createPartial(folder, slot, uploadModeOf(target), (data) => {
        record = { ...fields, data };
        return serialiseRecord(record);
      });
    // The slot is usually free: an earlier upload's files are looked for only when they are in
    // the way (O_EXCL said so), which spares every new upload two lookups.
    try {
      await create();
    } catch (error) {
      if (!isAppError(error) || error.code !== 'fs.exists') throw error;
      await removePartial(folder, slot);
      await create();
    }
    if (!record) throw new AppError('internal', 'the upload record was not written');
    return record;
  } finally {
    deps.folders.end(place);
  }
}

/**
 * HEAD: the actor's upload at this path, with its offset (the data file's size). An upload that
 * has all its bytes but was never put in place (the server stopped in between) is completed now,
 * so that no client is told "complete" about a file that does not exist.
 */
export async function uploadStatus(
  deps: UploadDeps,
  view: ScopedFs,
  virtual: VirtualPath,
  id: string | undefined,
  hooks: HookedAction,
  visit?: VisitUpload,
): Promise<UploadState> {
  const { target, folder, slot } = await slotAt(view, virtual, visit?.key);
  const party = partyOf(view, visit);
  const stateOf = ({ record, data, expiresAt }: Loaded): UploadState => ({
    id: record.id,
    virtual,
    offset: data.size,
    length: record.length,
    expiresAt,
  });
  return holdingFolders([folder], async () => {
    let loaded: Loaded;
    try {
      loaded = await load(deps.limits.expirationMs, deps.now, folder, slot, party, id, target.name);
    } catch (error) {
      const done = id === undefined ? undefined : deps.activity.wasCompleted(id, party.owner);
      if (id === undefined || !done) throw error;
      return { id, virtual, offset: done.length, length: done.length, expiresAt: undefined };
    }
    // A PATCH in progress may be writing: its offset so far is the answer, without waiting.
    if (loaded.data.size < loaded.record.length) return stateOf(loaded);
    return deps.activity.hold(folder, slot, async () => {
      const now = await load(
        deps.limits.expirationMs,
        deps.now,
        folder,
        slot,
        party,
        id,
        target.name,
      );
      if (now.data.size < now.record.length) return stateOf(now);
      // The last PATCH synced its bytes unless the server stopped before it could: sync them
      // before the rename publishes the file.
      await syncPartialData(folder, slot);
      await complete(deps, view, virtual, folder, slot, now.record, hooks, visit);
      return { ...stateOf(now), expiresAt: undefined };
    });
  });
}

/**
 * PATCH: appends one chunk at the upload's offset and, with the last byte, puts the file in
 * place. A chunk that does not start at the offset is 409, one that would pass the declared
 * length is 413, one failing its checksum is 460 and leaves the offset where it was.
 */
export async function appendChunk(
  deps: UploadDeps,
  view: ScopedFs,
  virtual: VirtualPath,
  chunk: Chunk,
  body: Readable,
  current: CurrentView,
  visit?: VisitUpload,
): Promise<UploadState> {
  const { target, folder, slot } = await slotAt(view, virtual, visit?.key);
  // Held to the end even if the client leaves: what arrived is synced and the lock released.
  return holdingFolders([folder], () =>
    deps.activity.hold(folder, slot, async () => {
      const { record, data } = await load(
        deps.limits.expirationMs,
        deps.now,
        folder,
        slot,
        partyOf(view, visit),
        chunk.id,
        target.name,
      );
      if (chunk.offset !== data.size)
        throw new AppError(
          'upload.offsetMismatch',
          `the upload is at offset ${data.size}, not ${chunk.offset}`,
        );
      const remaining = record.length - data.size;
      if (chunk.contentLength !== undefined && chunk.contentLength > remaining)
        throw new AppError('request.tooLarge', `the upload expects ${remaining} more bytes`);
      await view.pause('tus.beforeAppend');
      const { checksum } = chunk;
      const result = await appendToPartial(folder, slot, body, {
        expected: { dev: data.dev, ino: data.ino, offset: data.size },
        maxBytes: remaining,
        ...(checksum ? { hash: checksum.hash, accept: () => checksum.matches() } : {}),
        keepInterrupted: checksum === undefined,
      });
      if (result.outcome === 'tooLong')
        throw new AppError('request.tooLarge', `the upload expects ${remaining} more bytes`);
      if (result.outcome === 'rejected')
        throw new AppError('upload.checksumMismatch', 'the chunk does not match its checksum');
      if (result.outcome === 'interrupted')
        throw new AppError('request.aborted', 'the chunk was interrupted');
      const state = {
        id: record.id,
        virtual,
        offset: result.offset,
        length: record.length,
        expiresAt: deps.now() + deps.limits.expirationMs,
      };
      if (result.offset < record.length) return state;
      // A session ended meanwhile keeps the bytes: the next HEAD after a login completes them.
      const now = await current();
      await complete(deps, now.view, virtual, folder, slot, record, now.hooks, visit);
      return { ...state, expiresAt: undefined };
    }),
  );
}

/**
 * Puts a complete upload in place, after the checks of its creation pass again (the actor's
 * permissions or rules may have changed, or a file may have appeared without ?override=true),
 * and only in the folder it was created in. An upload that cannot complete is removed: leaving
 * it would let a client read "all bytes received" as success.
 */
async function complete(
  deps: UploadDeps,
  view: ScopedFs,
  virtual: VirtualPath,
  folder: FolderHandle,
  slot: string,
  record: UploadRecord,
  hooks: HookedAction,
  visit?: VisitUpload,
): Promise<void> {
  try {
    const target = await resolveUploadTarget(view, virtual, record.override);
    if (
      !target.parent ||
      target.missing.length > 0 ||
      target.name !== record.name ||
      !isSameIdentity(target.parent, folder)
    )
      throw new AppError('fs.badPath', 'the upload’s folder was moved or replaced');
    await view.pause('tus.beforePlace');
    // A file request's bytes are counted before the file appears, so the link's limit holds
    // however many uploads finish at once; a placing that fails gives them back.
    const giveBack = visit ? await visit.commit(record.length) : undefined;
    try {
      await placeUpload(view, target, deps, hooks, (into) =>
        placePartial(into, slot, target.name, target.stats !== undefined),
      );
    } catch (error) {
      await giveBack?.();
      throw error;
    }
    deps.activity.completed(record.id, { owner: record.owner, length: record.length });
    visit?.placed(virtual, record.length);
  } catch (error) {
    await removePartial(folder, slot);
    throw error;
  } finally {
    visit?.release(record.id);
  }
}

/** DELETE (termination): the actor's upload and its bytes are removed. */
export async function terminateUpload(
  deps: UploadDeps,
  view: ScopedFs,
  virtual: VirtualPath,
  id: string | undefined,
  visit?: VisitUpload,
): Promise<void> {
  const { target, folder, slot } = await slotAt(view, virtual, visit?.key);
  const party = partyOf(view, visit);
  await holdingFolders([folder], () =>
    deps.activity.hold(folder, slot, async () => {
      const { record } = await load(
        deps.limits.expirationMs,
        deps.now,
        folder,
        slot,
        party,
        id,
        target.name,
      );
      await removePartial(folder, slot);
      visit?.release(record.id);
    }),
  );
}
