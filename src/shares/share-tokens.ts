// Access tokens of password-protected shares, and visit tokens of file requests: short-lived, signed,
// bound to one link and its password.
import { createHmac, randomBytes } from 'node:crypto';
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
  /**
   * A new visit of a file request (an upload link): a random id naming the visitor's uploads,
   * in a token that also proves the visitor was let in (the password, when the link has one).
   */
  issueVisit(share: StoredShare): IssuedShareToken & { visit: string };
  /** The visit a visit token names, when it is valid now for `share` (and its password); else undefined. */
  visitOf(token: string, share: StoredShare): string | undefined;
}

/**
 * Two hours. The token rides in download URLs, which leak (server and proxy logs, browser history,
 * Referer), so unlike File Browser's permanent one it must die; yet a visitor opening a folder,
 * downloading file after file or seeking in a long video keeps the page open a while, and the page
 * gets a new token only by asking for the password again.
 */
export const shareTokenLifetimeSeconds = 2 * 60 * 60;

const audience = 'drawer-share';
const visitAudience = 'drawer-share-visit';

/**
 * A day: the visit token names the visitor's uploads, which they resume with it; an upload that
 * stalls for longer than --tus-expiration (a day by default) is gone anyway. A new visit starts
 * afresh: it sees none of the uploads of the one before.
 */
export const visitLifetimeSeconds = 24 * 60 * 60;

/** Derived from the install secret for this one use: no session or ticket verifies as one. */
export function shareTokenKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('drawer share token v1').digest();
}

export function createShareTokenService(key: Buffer, now: () => number): ShareTokenService {
  const sign = createSigner({ key, algorithm: 'HS256', aud: audience });
  const verifierFor = (allowedAud: string, requiredClaims: string[]) =>
    createVerifier({
      key,
      algorithms: ['HS256'],
      allowedAud,
      requiredClaims,
      // Expiry is judged below on the service's clock, the one it was issued by.
      ignoreExpiration: true,
      cache: false,
    });
  const verify = verifierFor(audience, ['exp', 'iat', 'share', 'pw']);
  // Another audience: a password token is never a visit token, nor the other way round.
  const signVisit = createSigner({ key, algorithm: 'HS256', aud: visitAudience });
  const verifyVisit = verifierFor(visitAudience, ['exp', 'iat', 'share', 'pw', 'visit']);
  /**
   * The token names the password's hash by a keyed digest: a new or removed password ends every
   * token given for the old one, and the token, readable by whoever holds it, says nothing of it.
   */
  const markKey = createHmac('sha256', key).update('password mark').digest();
  const passwordMark = (passwordHash: string) =>
    createHmac('sha256', markKey).update(passwordHash).digest('base64url').slice(0, 22);

  /** The claims of `token` when it is valid now for `share` and its password (or its lack of one). */
  const validClaims = (
    verifier: typeof verify,
    token: string,
    share: StoredShare,
  ): Record<string, unknown> | undefined => {
    try {
      const claims = decodeSigned(verifier, token) as Record<string, unknown>;
      const nowSeconds = Math.floor(now() / 1000);
      const isValid =
        claims.share === share.hash &&
        claims.pw === passwordMark(share.passwordHash ?? '') &&
        typeof claims.exp === 'number' &&
        claims.exp > nowSeconds &&
        typeof claims.iat === 'number' &&
        claims.iat <= nowSeconds + 60;
      return isValid ? claims : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    issue(share) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + shareTokenLifetimeSeconds;
      const claims = { share: share.hash, pw: passwordMark(share.passwordHash ?? ''), iat, exp };
      return { token: sign(claims), expires: exp };
    },
    opens(token, share) {
      if (share.passwordHash === undefined) return false;
      return validClaims(verify, token, share) !== undefined;
    },
    issueVisit(share) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + visitLifetimeSeconds;
      const visit = randomBytes(12).toString('base64url');
      const claims = {
        share: share.hash,
        pw: passwordMark(share.passwordHash ?? ''),
        visit,
        iat,
        exp,
      };
      return { token: signVisit(claims), expires: exp, visit };
    },
    visitOf(token, share) {
      const visit = validClaims(verifyVisit, token, share)?.visit;
      return typeof visit === 'string' && /^[\w-]{16}$/.test(visit) ? visit : undefined;
    },
  };
}
