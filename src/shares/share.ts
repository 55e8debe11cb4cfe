// A share link: a capability bound to its owner and a path inside the owner's scope, of one kind.
import type { ShareKind, ShareStatus } from '../api/shares';

export interface StoredShare {
  hash: string;
  path: string;
  userID: number;
  /** Unix seconds; 0 means permanent. */
  expire: number;
  /**
   * The inode of what was shared: a link never serves something else moved onto its path.
   * Drawer's own saves and uploads of a new version carry it over; links made without it (older
   * databases, File Browser's) are bound to their path only.
   */
  ino?: number;
  /**
   * bcrypt hash of the link's password (File Browser's password_hash); absent for an open link.
   * Never shown by any answer.
   */
  passwordHash?: string;
  /** Absent on links made before kinds existed (and File Browser's): a download link. */
  kind?: ShareKind;
  /** Unix seconds when the link was made; absent on older links. */
  created?: number;
  /** Download and view links: how many counted downloads the link allows; absent: no limit. */
  maxDownloads?: number;
  /** Downloads counted so far (docs/SHARES.md, "What counts"); absent: none. */
  downloads?: number;
  /** Unix seconds when the last allowed download was counted: the link is gone since then. */
  exhaustedAt?: number;
  /** Upload links: the most bytes all files put through it may hold together; absent: no limit. */
  maxUploadBytes?: number;
  /** Bytes of the files put in place through an upload link so far. */
  uploadedBytes?: number;
}

export function kindOf(share: Pick<StoredShare, 'kind'>): ShareKind {
  return share.kind ?? 'download';
}

export function isExpired(share: StoredShare, nowMs: number): boolean {
  return share.expire !== 0 && share.expire <= Math.floor(nowMs / 1000);
}

export function isExhausted(share: StoredShare): boolean {
  return share.maxDownloads !== undefined && (share.downloads ?? 0) >= share.maxDownloads;
}

export function statusOf(share: StoredShare, nowMs: number): ShareStatus {
  if (isExpired(share, nowMs)) return 'expired';
  if (isExhausted(share)) return 'exhausted';
  return 'active';
}

/**
 * Unix seconds since when the link has been gone, or undefined while it is active. A link used up
 * before `exhaustedAt` was recorded (a limit lowered under its count) is gone from now on.
 */
export function goneSince(share: StoredShare, nowMs: number): number | undefined {
  const times: number[] = [];
  if (isExpired(share, nowMs)) times.push(share.expire);
  if (isExhausted(share)) times.push(share.exhaustedAt ?? Math.floor(nowMs / 1000));
  return times.length === 0 ? undefined : Math.min(...times);
}

/** A gone link past its grace period is deleted: from then on it is unknown (404). */
export function isPastGrace(share: StoredShare, nowMs: number, graceMs: number): boolean {
  const since = goneSince(share, nowMs);
  return since !== undefined && since * 1000 + graceMs <= nowMs;
}

/**
 * Counts `count` downloads on a stored link (inside a database change), marking the moment it
 * was used up, so that its grace period starts then.
 */
export function addDownloads(share: StoredShare, count: number, nowMs: number): void {
  share.downloads = (share.downloads ?? 0) + count;
  if (isExhausted(share)) share.exhaustedAt ??= Math.floor(nowMs / 1000);
}
