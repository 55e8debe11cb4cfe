// Finding a user's upload: its slot beside the target, and its record checked against what is on disk.
import { AppError } from '../errors';
import type { FolderHandle } from '../fs/anchored';
import { isSameIdentity } from '../fs/anchored';
import type { PartialData } from '../fs/fs-partial';
import { readPartial } from '../fs/fs-partial';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import type { UploadRecord } from './upload-record';
import { expiryOf, parseRecord, slotFor } from './upload-record';

const notFound = (message = 'no upload of yours is in progress at this path') =>
  new AppError('upload.notFound', message);

/**
 * The upload's slot in the folder that holds (or will hold) its target; `create` is checked.
 * `visit` names a file request's visitor, whose uploads have slots of their own.
 */
export async function slotAt(view: ScopedFs, virtual: VirtualPath, visit?: string) {
  const target = await view.resolve(virtual, 'create');
  if (!target.parent || target.missing.length > 0 || virtual === '/') throw notFound();
  return { target, folder: target.parent, slot: slotFor(view.actor.id, target.name, visit) };
}

/** Whose upload to look for: a user's own (no visit), or one visit's of a file request. */
export interface UploadParty {
  owner: number;
  visit: string | undefined;
}

export interface Loaded {
  record: UploadRecord;
  data: PartialData;
  expiresAt: number;
}

/**
 * Reads the party's upload in a slot. Anything that is not exactly what was created (another
 * owner or visit, another id, a copied or replaced folder or data file) is 404, as is an expired upload
 * (the cleaner removes it).
 */
export async function load(
  expirationMs: number,
  now: () => number,
  folder: FolderHandle,
  slot: string,
  party: UploadParty,
  id: string | undefined,
  name: string,
): Promise<Loaded> {
  const disk = await readPartial(folder, slot);
  const record = disk.record === undefined ? undefined : parseRecord(disk.record);
  if (
    !record ||
    !disk.data ||
    record.owner !== party.owner ||
    record.visit !== party.visit ||
    record.name !== name ||
    (id !== undefined && record.id !== id) ||
    !isSameIdentity(record.folder, folder) ||
    !isSameIdentity(record.data, disk.data)
  )
    throw notFound();
  const expiresAt = expiryOf(record.createdAt, disk.data.mtimeMs, expirationMs);
  if (now() >= expiresAt) throw notFound('the upload has expired');
  return { record, data: disk.data, expiresAt };
}
