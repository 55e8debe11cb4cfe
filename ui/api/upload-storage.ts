// Where an unfinished upload can be found again after a reload: its tus URL and the file it was for,
// in localStorage, one entry per user and target. Never the token: the URL opens nothing without it.
import { userPrefix } from './upload-keys';

export { storageKey } from './upload-keys';

/** What is kept of one upload. */
export interface StoredUpload {
  /** The tus upload's URL (…/api/tus/<path>?id=<id>). */
  url: string;
  /** Identifies the file: name, size, type and modification time (tus-js-client's fingerprint). */
  fingerprint: string;
  /** The file's name, for the row that asks for it again. */
  name: string;
  size: number;
  /** Bytes the server had confirmed when last heard from. */
  sent: number;
  /** When the server drops it (Upload-Expires), in ms; 0 when not told. */
  expiresAt: number;
}

/** An entry with its key parts, for listing what a reload interrupted. */
export interface StoredEntry extends StoredUpload {
  key: string;
  path: string;
}

function read(key: string): StoredUpload | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<StoredUpload> | null;
    if (!value || typeof value.url !== 'string' || typeof value.fingerprint !== 'string')
      return undefined;
    return {
      url: value.url,
      fingerprint: value.fingerprint,
      name: String(value.name ?? ''),
      size: Number(value.size) || 0,
      sent: Number(value.sent) || 0,
      expiresAt: Number(value.expiresAt) || 0,
    };
  } catch {
    return undefined;
  }
}

export function readStored(key: string): StoredUpload | undefined {
  return read(key);
}

export function writeStored(key: string, upload: StoredUpload): void {
  try {
    localStorage.setItem(key, JSON.stringify(upload));
  } catch {
    // Storage full or refused: the upload still runs, it just cannot resume after a reload.
  }
}

/** Merges a change into an entry that still exists (progress and expiry as the server reports them). */
export function updateStored(key: string, change: Partial<StoredUpload>): void {
  const current = read(key);
  if (current) writeStored(key, { ...current, ...change });
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** The user's unfinished uploads; expired ones are forgotten on the way. */
export function storedUploads(user: number, now = Date.now()): StoredEntry[] {
  const own = userPrefix(user);
  const found: StoredEntry[] = [];
  let keys: string[];
  try {
    keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '');
  } catch {
    return [];
  }
  for (const key of keys) {
    if (!key.startsWith(own)) continue;
    const entry = read(key);
    if (!entry || (entry.expiresAt > 0 && entry.expiresAt <= now)) removeStored(key);
    else found.push({ ...entry, key, path: key.slice(own.length) });
  }
  return found;
}
