// Access tokens of password-protected shares: short-lived, signed, bound to one link and its password.
import { createHmac } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { decodeSigned } from '../auth/tokens';
import type { StoredShare } from './share';

export interface IssuedShareToken {
  token: string;
  /** Seconds since the epoch. */
  expires: number;
}

export interface ShareTokenService {
  /** A token opening `share` (which must have a password) for a while. */
  issue(share: StoredShare): IssuedShareToken;
  /** Whether `token` opens `share` now: signed by this install, unexpired, for this link and password. */
  opens(token: string, share: StoredShare): boolean;
}

/**
 * Two hours. The token rides in download URLs, which leak (server and proxy logs, browser history,
 * Referer), so unlike File Browser's permanent one it must die; yet a visitor opening a folder,
 * downloading file after file or seeking in a long video keeps the page open a while, and the page
 * gets a new token only by asking for the password again.
 */
export const shareTokenLifetimeSeconds = 2 * 60 * 60;

const audience = 'drawer-share';

/** Derived from the install secret for this one use: no session or ticket verifies as one. */
export function shareTokenKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('drawer share token v1').digest();
}

export function createShareTokenService(key: Buffer, now: () => number): ShareTokenService {
  const sign = createSigner({ key, algorithm: 'HS256', aud: audience });
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedAud: audience,
    requiredClaims: ['exp', 'iat', 'share', 'pw'],
    // Expiry is judged below on the service's clock, the one it was issued by.
    ignoreExpiration: true,
    cache: false,
  });
  /**
   * The token names the password's hash by a keyed digest: a new or removed password ends every
   * token given for the old one, and the token, readable by whoever holds it, says nothing of it.
   */
  const markKey = createHmac('sha256', key).update('password mark').digest();
  const passwordMark = (passwordHash: string) =>
    createHmac('sha256', markKey).update(passwordHash).digest('base64url').slice(0, 22);

  return {
    issue(share) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + shareTokenLifetimeSeconds;
      const claims = { share: share.hash, pw: passwordMark(share.passwordHash ?? ''), iat, exp };
      return { token: sign(claims), expires: exp };
    },
    opens(token, share) {
      if (share.passwordHash === undefined) return false;
      try {
        const claims = decodeSigned(verify, token) as Record<string, unknown>;
        const nowSeconds = Math.floor(now() / 1000);
        return (
          claims.share === share.hash &&
          claims.pw === passwordMark(share.passwordHash) &&
          typeof claims.exp === 'number' &&
          claims.exp > nowSeconds &&
          typeof claims.iat === 'number' &&
          claims.iat <= nowSeconds + 60
        );
      } catch {
        return false;
      }
    },
  };
}
