// A File Browser share link as a Drawer link: same hash, path, expiry and password, so sent links keep working.
import { isBcryptHash } from '../auth/passwords';
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
  /** File Browser's bcrypt hash ($2a$), which Drawer checks as it is. */
  passwordHash?: string;
  /** File Browser's permanent download token, which has no place in Drawer (see tokenNote). */
  hadToken: boolean;
}

export type ShareMapping = { share: ImportedShare } | { skipped: string };

const shareFields = ['hash', 'path', 'userID', 'expire', 'password_hash', 'token'];

/**
 * The line a carried password link earns: Drawer's tokens are signed and short-lived, so File
 * Browser's permanent one, stored with the link, cannot be honoured.
 */
export function tokenNote(share: ImportedShare): string {
  return `share ${share.hash} (${share.path}): File Browser's download token; download URLs holding it stop working, while the link and its password keep working and give new tokens`;
}

/**
 * The password hash, '' for an open link, or undefined when the record has one Drawer cannot
 * check: that link is skipped, since carried over without it, it would open to anyone.
 */
function passwordHashOf(record: RawRecord): string | undefined {
  const value = record.password_hash;
  if (value === undefined || value === null || value === '') return '';
  return typeof value === 'string' && isBcryptHash(value) ? value : undefined;
}

export function mapShare(record: RawRecord, nowMs: number, notes: string[]): ShareMapping {
  const hash = typeof record.hash === 'string' ? record.hash : '';
  const fields = fieldsOf(record, `share ${hash}`, notes);
  const path = fields.string('path');
  const where = `share ${hash} (${path})`;
  const skip = (reason: string): ShareMapping => ({ skipped: `${where}: ${reason}` });
  notUnderstood(record, shareFields, where, notes);
  // Drawer looks up only hashes of this form; any other could never be opened.
  if (!hashPattern.test(hash)) return skip('its hash is not one Drawer can look up');
  const passwordHash = passwordHashOf(record);
  if (passwordHash === undefined)
    return skip(
      'its password hash is not a bcrypt hash: carried over without it, it would open to anyone holding the link',
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
  const hadToken = passwordHash !== '' && fields.string('token') !== '';
  return {
    share: {
      hash,
      path,
      ownerId,
      expire,
      ...(passwordHash === '' ? {} : { passwordHash }),
      hadToken,
    },
  };
}
