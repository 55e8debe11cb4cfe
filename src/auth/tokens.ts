// Session tokens: HS256 JWTs signed with the per-install secret, carrying File Browser's user snapshot.
import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { AppError } from '../errors';
import type { TokenUser } from '../api/users';
import type { StoredUser } from '../users/user';
import { effectivePermissions, toPublicUser } from '../users/user';

export interface TokenClaims {
  user: TokenUser;
  /** The user's session version when issued: a password change ends older sessions. */
  sv: number;
  /** The user's revision when issued: an older one asks the client to renew. */
  rev: number;
  /** The session this token belongs to: logout revokes it, with every renewal it had. */
  sid: string;
  /** When the session began (seconds): renewals keep it, so a session cannot outlive its lifetime. */
  auth_time: number;
  iat: number;
  exp: number;
}

/** The session a renewal continues. */
export type SessionRef = Pick<TokenClaims, 'sid' | 'auth_time'>;

export interface TokenService {
  /** A token of a new session, or of `session` when renewing it. */
  issue(user: StoredUser, session?: SessionRef): string;
  /** Verified claims, or AppError auth.tokenInvalid / auth.tokenExpired. */
  verify(token: string): TokenClaims;
  /** Seconds since the epoch when a session begun at `authTime` ends, whatever its renewals. */
  sessionEnd(authTime: number): number;
  readonly lifetimeMs: number;
}

export interface TokenLifetimes {
  /** One token's life; the client renews it before it ends. */
  tokenMs: number;
  /** The session's life from login, across every renewal. */
  sessionMs: number;
}

const issuer = 'Drawer';

/**
 * Verified tokens remembered (the oldest is forgotten first): verifying one is an HMAC and a JSON
 * parse, a tenth of the server's time per small upload (docs/UPLOADS.md, "Speed"). A few hundred
 * open sessions fit; more only verify again.
 */
const verifiedTokensKept = 512;

/** Claims are shared by every request that brings the same token: none may change them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createTokenService(
  key: Buffer,
  lifetimes: TokenLifetimes,
  now: () => number,
): TokenService {
  const sign = createSigner({ key, algorithm: 'HS256', iss: issuer });
  const verifyToken = createVerifier({
    key,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'iat', 'user', 'sid', 'auth_time'],
    allowedIss: issuer,
    cache: false,
  });
  const sessionEnd = (authTime: number) => authTime + Math.floor(lifetimes.sessionMs / 1000);
  // Each request brings its token again: its signature is checked once, not on every request.
  const verified = new Map<string, TokenClaims>();
  const verifiedClaims = (token: string): TokenClaims => {
    const known = verified.get(token);
    // fast-jwt's own test of `exp`, on its own clock, as a first verification would make it.
    if (known && Date.now() <= known.exp * 1000) return known;
    verified.delete(token);
    const claims = decodeSigned(verifyToken, token) as TokenClaims;
    if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, deepFreeze(claims));
    return claims;
  };

  return {
    lifetimeMs: lifetimes.tokenMs,
    sessionEnd,
    issue(user, session) {
      const { password: _password, scope: _scope, rules: _rules, ...snapshot } = toPublicUser(user);
      snapshot.perm = effectivePermissions(user);
      const iat = Math.floor(now() / 1000);
      const sid = session?.sid ?? randomBytes(16).toString('base64url');
      const authTime = session?.auth_time ?? iat;
      const exp = Math.min(iat + Math.floor(lifetimes.tokenMs / 1000), sessionEnd(authTime));
      if (exp <= iat)
        throw new AppError('auth.tokenExpired', 'the session has ended; log in again');
      return sign({
        user: snapshot,
        sv: user.sessionVersion,
        rev: user.revision,
        sid,
        auth_time: authTime,
        iat,
        exp,
      });
    },
    verify(token) {
      const claims = verifiedClaims(token);
      const nowSeconds = Math.floor(now() / 1000);
      if (
        typeof claims.user?.id !== 'number' ||
        typeof claims.sv !== 'number' ||
        typeof claims.sid !== 'string' ||
        typeof claims.auth_time !== 'number' ||
        claims.iat > nowSeconds + 60 ||
        claims.auth_time > claims.iat
      ) {
        throw new AppError('auth.tokenInvalid');
      }
      // A shorter --session-lifetime applies to sessions begun before the restart too.
      if (sessionEnd(claims.auth_time) <= nowSeconds) throw new AppError('auth.tokenExpired');
      return claims;
    },
  };
}

/**
 * Verifies a signed token (session or ticket) with its own verifier; every failure is one of two
 * 401 codes, so no detail of fast-jwt's reaches the client.
 */
export function decodeSigned(verify: (token: string) => unknown, token: string): unknown {
  if (token.split('.').length !== 3) throw new AppError('auth.tokenInvalid');
  try {
    return verify(token);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AppError(
      code === 'FAST_JWT_EXPIRED' ? 'auth.tokenExpired' : 'auth.tokenInvalid',
      undefined,
      { cause: error },
    );
  }
}
