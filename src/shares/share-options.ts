// Drawer's options of a link beyond File Browser's: its kind and its limits, as clients send them.
import { hashPassword, maxPasswordBytes, normalisePassword } from '../auth/passwords';
import { AppError } from '../errors';
import type { ShareKind } from '../api/shares';
import { shareKinds } from '../api/shares';

/** A limit as sent: a whole number (JSON number or digits); 0, '' or null for none. */
export type LimitInput = number | string | null | undefined;

/** The most downloads a limit may name (a 32-bit int, like an expiry). */
export const maxDownloadLimit = 2147483647;

export function parseKind(raw: string | undefined): ShareKind {
  if (raw === undefined || raw === '') return 'download';
  const kind = shareKinds.find((known) => known === raw);
  if (!kind)
    throw new AppError('share.invalidKind', `kind must be one of ${shareKinds.join(', ')}`);
  return kind;
}

/**
 * undefined when the field was not sent, null for "no limit" (null, 0, '0' or ''), else the
 * limit: a whole number from 1 to `max`.
 */
export function parseLimit(raw: LimitInput, field: string, max: number): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '' || raw === 0 || raw === '0') return null;
  const value = typeof raw === 'number' ? raw : /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new AppError('share.invalidLimit', `${field} must be a whole number from 0 to ${max}`);
  return value;
}

/** The limits that fit a kind: a download limit for links that send files, a byte limit for file requests. */
export function checkLimitsFit(
  kind: ShareKind,
  limits: { maxDownloads?: number | null | undefined; maxUploadBytes?: number | null | undefined },
): void {
  if (kind === 'upload' && typeof limits.maxDownloads === 'number')
    throw new AppError('share.invalidLimit', 'an upload link has no download limit');
  if (kind !== 'upload' && typeof limits.maxUploadBytes === 'number')
    throw new AppError('share.invalidLimit', 'only an upload link has an upload limit');
}

/**
 * A link's password as given, NFC like account passwords; '' or none means an open link. Any
 * length from one character is taken (it is the owner's choice, and guesses are throttled), up to
 * what bcrypt reads: past 72 bytes it would silently ignore the rest.
 */
export function sharePassword(password: string | undefined): string | undefined {
  if (password === undefined || password === '') return undefined;
  const normalised = normalisePassword(password);
  if (Buffer.byteLength(normalised, 'utf8') > maxPasswordBytes)
    throw new AppError(
      'share.passwordTooLong',
      `the password is too long, maximum length is ${maxPasswordBytes} bytes`,
    );
  return normalised;
}

/** The stored hash of a link's password, or undefined for an open link. */
export async function sharePasswordHash(password: string | undefined): Promise<string | undefined> {
  const normalised = sharePassword(password);
  return normalised === undefined ? undefined : hashPassword(normalised);
}
