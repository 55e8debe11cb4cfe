// What the server keeps in memory about file requests: bytes held by unfinished uploads, and each
// visit's received files.
import type { ReceivedFile } from '../api/shares';
import { AppError } from '../errors';

export interface FileRequestLedger {
  /**
   * Holds `length` bytes of the link for an upload starting now; throws share.uploadLimit (413)
   * when what unfinished uploads of the link already hold leaves less than that of `room`.
   */
  reserve(hash: string, id: string, length: number, room: number): void;
  /** Lets go of what an upload held (it completed, failed or was ended). */
  release(id: string): void;
  /** Bytes held by the link's unfinished uploads. */
  held(hash: string): number;
  remember(hash: string, visit: string, file: ReceivedFile): void;
  /** The files this visit put in place, oldest first. */
  received(hash: string, visit: string): ReceivedFile[];
}

/** A visit's page lists this many of its files at most, the latest ones. */
export const receivedPerVisit = 1000;
/** Visits remembered at most; the ones that received a file longest ago are forgotten first. */
const visitsRemembered = 10_000;

export function uploadLimitError(room: number): AppError {
  return new AppError(
    'share.uploadLimit',
    `this link takes ${Math.max(0, room)} more bytes at most`,
  );
}

/**
 * Unfinished uploads hold their declared length from creation until they end, or until
 * `expirationMs` after creation (an abandoned one lets go by itself, like the upload it held
 * for): many uploads started at once cannot together take more disk than the link allows. The
 * strict count is the database's, made when a file is put in place (docs/SHARES.md); this one
 * is forgotten by a restart, after which unfinished uploads are checked only then.
 */
export function createFileRequestLedger(
  now: () => number,
  expirationMs: number,
  visitLifetimeMs: number,
): FileRequestLedger {
  const holds = new Map<string, { hash: string; length: number; until: number }>();
  const visits = new Map<string, { files: ReceivedFile[]; last: number }>();
  const keyOf = (hash: string, visit: string) => `${hash}/${visit}`;

  const held = (hash: string) => {
    const time = now();
    let total = 0;
    for (const [id, hold] of holds) {
      if (hold.until <= time) holds.delete(id);
      else if (hold.hash === hash) total += hold.length;
    }
    return total;
  };

  return {
    reserve(hash, id, length, room) {
      const taken = held(hash);
      if (taken + length > room) throw uploadLimitError(room - taken);
      holds.set(id, { hash, length, until: now() + expirationMs });
    },
    release: (id) => void holds.delete(id),
    held,
    remember(hash, visit, file) {
      const key = keyOf(hash, visit);
      const entry = visits.get(key) ?? { files: [], last: 0 };
      entry.files.push(file);
      if (entry.files.length > receivedPerVisit) entry.files.shift();
      entry.last = now();
      // Re-inserted, so the map's order is the order of last use: the oldest come first.
      visits.delete(key);
      visits.set(key, entry);
      for (const [oldKey, old] of visits) {
        if (visits.size <= visitsRemembered && old.last + visitLifetimeMs > entry.last) break;
        visits.delete(oldKey);
      }
    },
    received(hash, visit) {
      const entry = visits.get(keyOf(hash, visit));
      if (!entry || entry.last + visitLifetimeMs <= now()) return [];
      return entry.files.map((file) => ({ ...file }));
    },
  };
}
