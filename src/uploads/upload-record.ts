// What a resumable upload remembers across restarts: the record written beside its data, and its expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { Identity } from '../fs/anchored';
import type { VirtualPath } from '../fs/virtual-path';

/**
 * One upload in progress. The record is written once, at creation, beside the data file; the
 * offset is never stored: the data file's size is the truth, so a crash between a write and a
 * record update cannot make them disagree. Per-chunk checksums need no state across chunks.
 */
export interface UploadRecord {
  version: 1;
  /** Random; in the upload URL, so a client holding an older upload's URL cannot write into a newer one. */
  id: string;
  /** The user who created it (or whose file request it came through): nobody else can see, resume or end it. */
  owner: number;
  /**
   * For an upload through a file request: the link and the visit it came from ("<hash>/<visit>").
   * Only that visit sees, resumes or ends it; the owner does not, nor does another visit.
   */
  visit?: string;
  /** The target as the owner named it, in their scope (for logs and messages). */
  path: VirtualPath;
  /** The target's name in the folder holding the data file. */
  name: string;
  length: number;
  /** Replace an existing file at completion (?override=true at creation). */
  override: boolean;
  createdAt: number;
  /** The folder the upload was created in: a copy or another folder put in its place is not it. */
  folder: Identity;
  /** The data file: a file put in its place is not it. */
  data: Identity;
}

/**
 * The slot of an upload: its files' names in the folder, one per owner and target name, so a
 * client that only knows the target path (File Browser's upload URL) finds its upload, and
 * another user's upload to the same name lives in another slot.
 */
export function slotFor(owner: number, name: string, visit?: string): string {
  const who = visit === undefined ? `${owner}` : `${owner}/${visit}`;
  return createHash('sha256').update(`${who}/${name}`).digest('hex').slice(0, 24);
}

export function newUploadId(): string {
  return randomBytes(12).toString('hex');
}

export function serialiseRecord(record: UploadRecord): string {
  return JSON.stringify(record);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const isIdentity = (value: unknown): value is Identity =>
  typeof value === 'object' &&
  value !== null &&
  isCount((value as Identity).dev) &&
  isCount((value as Identity).ino);

/** A record read back from disk, or undefined when it is not one Drawer wrote. */
export function parseRecord(text: string): UploadRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = value as Partial<UploadRecord> | null;
  if (
    typeof record !== 'object' ||
    record === null ||
    record.version !== 1 ||
    typeof record.id !== 'string' ||
    !/^[0-9a-f]{24}$/.test(record.id) ||
    !isCount(record.owner) ||
    (record.visit !== undefined &&
      (typeof record.visit !== 'string' || !/^[\w-]{1,128}\/[\w-]{1,64}$/.test(record.visit))) ||
    typeof record.path !== 'string' ||
    !record.path.startsWith('/') ||
    typeof record.name !== 'string' ||
    record.name === '' ||
    record.name.includes('/') ||
    !isCount(record.length) ||
    typeof record.override !== 'boolean' ||
    !isCount(record.createdAt) ||
    !isIdentity(record.folder) ||
    !isIdentity(record.data)
  )
    return undefined;
  return record as UploadRecord;
}

/**
 * When an upload expires: `expirationMs` after its last sign of life, the later of its creation
 * and the last byte written (the data file's mtime), so an upload that keeps moving never expires.
 */
export function expiryOf(createdAt: number, dataMtimeMs: number, expirationMs: number): number {
  return Math.max(createdAt, Math.floor(dataMtimeMs)) + expirationMs;
}
