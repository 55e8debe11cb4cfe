// Letting a visitor into a password-protected share: its password (throttled) or a token it earned.
import { normalisePassword, verifyPassword } from '../auth/passwords';
import type { SharesDeps } from './shares-deps';
import { AppError } from '../errors';
import type { StoredShare } from './share';

export interface ShareCredentials {
  /** The X-SHARE-PASSWORD header as sent, URI-encoded; '' when absent. */
  password: string;
  /** The token query parameter; '' when absent. */
  token: string;
  /** The client's address, which the throttle counts guesses by. */
  address: string;
}

/** File Browser's client sends the password through encodeURIComponent; this is its inverse. */
function decodePassword(header: string): string | undefined {
  try {
    return decodeURIComponent(header);
  } catch {
    return undefined;
  }
}

/**
 * Admits a visitor, before anything about the shared item is looked at, so a refusal tells nothing
 * of what lies behind the link. Returns the token the answer carries (a new one for a password, the
 * same one for a token), or undefined for a link without a password. Throws 401 (no or a wrong
 * password) or 429 (too many wrong ones from this address).
 */
export async function admitVisitor(
  ctx: SharesDeps,
  share: StoredShare,
  credentials: ShareCredentials,
): Promise<string | undefined> {
  const passwordHash = share.passwordHash;
  if (passwordHash === undefined) return undefined;
  if (credentials.token !== '' && ctx.shareTokens.opens(credentials.token, share))
    return credentials.token;
  if (credentials.password === '')
    throw new AppError('share.passwordRequired', 'this share is protected by a password');
  const wait = ctx.shareThrottle.retryAfter(share.hash, credentials.address);
  if (wait > 0)
    throw new AppError('auth.throttled', undefined, { headers: { 'Retry-After': String(wait) } });
  const password = decodePassword(credentials.password);
  // bcrypt runs whatever was sent, a badly encoded header too: every wrong guess costs the same.
  const matches = await verifyPassword(normalisePassword(password ?? ''), passwordHash);
  if (password === undefined || !matches) {
    ctx.shareThrottle.recordFailure(share.hash, credentials.address);
    ctx.log.warn({ share: share.hash, address: credentials.address }, 'wrong share password');
    throw new AppError('share.passwordWrong', 'wrong password');
  }
  ctx.shareThrottle.recordSuccess(share.hash, credentials.address);
  return ctx.shareTokens.issue(share).token;
}
