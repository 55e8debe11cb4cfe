// A File Browser share link as a Drawer link: same hash, path and expiry, so sent links keep working.
import { canonicalise } from '../fs/virtual-path';
import { hashPattern } from '../shares/shares';
import type { RawRecord } from './filebrowser-data';
import { fieldsOf, notUnderstood } from './filebrowser-data';

export interface ImportedShare {
  hash: string;
  path: string;
  /** File Browser's id of the owner; the merge turns it into the Drawer user's id. */
  ownerId: number;
  expire: number;
}

export type ShareMapping = { share: ImportedShare } | { skipped: string };

const shareFields = ['hash', 'path', 'userID', 'expire', 'password_hash', 'token'];

export function mapShare(record: RawRecord, nowMs: number, notes: string[]): ShareMapping {
  const hash = typeof record.hash === 'string' ? record.hash : '';
  const fields = fieldsOf(record, `share ${hash}`, notes);
  const path = fields.string('path');
  const where = `share ${hash} (${path})`;
  const skip = (reason: string): ShareMapping => ({ skipped: `${where}: ${reason}` });
  notUnderstood(record, shareFields, where, notes);
  // Drawer looks up only hashes of this form; any other could never be opened.
  if (!hashPattern.test(hash)) return skip('its hash is not one Drawer can look up');
  if (fields.string('password_hash') !== '')
    return skip(
      "it is protected by a password, which Drawer's links do not have yet: carried over, it would open to anyone holding the link",
    );
  const expire = fields.number('expire');
  if (!Number.isSafeInteger(expire) || expire < 0) return skip(`expiry ${expire} is not a time`);
  if (expire !== 0 && expire <= Math.floor(nowMs / 1000))
    return skip(`it expired on ${new Date(expire * 1000).toISOString()}`);
  const ownerId = fields.number('userID');
  if (!Number.isSafeInteger(ownerId) || ownerId < 1) return skip('it names no owner');
  try {
    canonicalise(path);
  } catch (error) {
    return skip(`its path cannot be served: ${(error as Error).message}`);
  }
  return { share: { hash, path, ownerId, expire } };
}
