// Session tokens: HS256 JWTs signed with the per-install secret, carrying File Browser's user snapshot.
import { createSigner, createVerifier } from 'fast-jwt';
import { AppError } from '../errors';
import type { PublicUser, StoredUser } from '../users/user';
import { effectivePermissions, toPublicUser } from '../users/user';

/** What File Browser's web client reads from the token to draw the interface. */
export type TokenUser = Omit<PublicUser, 'password' | 'scope' | 'rules'>;

export interface TokenClaims {
  user: TokenUser;
  /** The user's session version when issued: a password change ends older sessions. */
  sv: number;
  /** The user's revision when issued: an older one asks the client to renew. */
  rev: number;
  iat: number;
  exp: number;
}

export interface TokenService {
  issue(user: StoredUser): string;
  /** Verified claims, or AppError auth.tokenInvalid / auth.tokenExpired. */
  verify(token: string): TokenClaims;
  readonly lifetimeMs: number;
}

const issuer = 'Drawer';

export function createTokenService(
  secret: string,
  lifetimeMs: number,
  now: () => number,
): TokenService {
  const key = Buffer.from(secret, 'base64');
  const sign = createSigner({
    key,
    algorithm: 'HS256',
    expiresIn: lifetimeMs,
    iss: issuer,
    clockTimestamp: undefined,
  });
  const verifyToken = createVerifier({
    key,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'iat', 'user'],
    allowedIss: issuer,
    cache: false,
  });

  return {
    lifetimeMs,
    issue(user) {
      const { password: _password, scope: _scope, rules: _rules, ...snapshot } = toPublicUser(user);
      snapshot.perm = effectivePermissions(user);
      return sign({ user: snapshot, sv: user.sessionVersion, rev: user.revision });
    },
    verify(token) {
      if (token.split('.').length !== 3) throw new AppError('auth.tokenInvalid');
      let claims: TokenClaims;
      try {
        claims = verifyToken(token) as TokenClaims;
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new AppError(
          code === 'FAST_JWT_EXPIRED' ? 'auth.tokenExpired' : 'auth.tokenInvalid',
          undefined,
          { cause: error },
        );
      }
      const nowSeconds = Math.floor(now() / 1000);
      if (
        typeof claims.user?.id !== 'number' ||
        typeof claims.sv !== 'number' ||
        claims.iat > nowSeconds + 60
      ) {
        throw new AppError('auth.tokenInvalid');
      }
      return claims;
    },
  };
}
