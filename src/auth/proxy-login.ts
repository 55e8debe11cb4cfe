// Proxy login: an authenticating reverse proxy (Authelia, authentik, oauth2-proxy…) names the user in
// a header. Only connections from --trusted-proxies may do so; from anywhere else the header is
// ignored, since any client can send any header (docs/SECURITY.md, "Proxy login").
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { trustedProxyMatcher } from '../config/auth-config';
import type { Context } from '../context';
import { AppError, isAppError } from '../errors';
import type { StoredUser } from '../users/user';
import { createUser } from '../users/users';
import { usersDeps } from '../users/users-routes';

export interface ProxyLogin {
  /** The name the trusted proxy gives this request, or undefined (no header, untrusted peer). */
  usernameOf(request: FastifyRequest): string | undefined;
  /** Logging in: the named user, created from the defaults when allowed; else 403. */
  logIn(request: FastifyRequest): Promise<StoredUser>;
  /** Every later request: the proxy must still name the session's user, or the token is refused. */
  stillVouchesFor(request: FastifyRequest, user: StoredUser): boolean;
}

export function createProxyLogin(ctx: Context): ProxyLogin {
  const isTrusted = trustedProxyMatcher(ctx.config.trustedProxies);
  const header = ctx.config.authHeader;

  const usernameOf = (request: FastifyRequest): string | undefined => {
    // The connection's own address: X-Forwarded-For is the client's to write.
    if (!isTrusted(request.socket.remoteAddress ?? '')) return undefined;
    const value = request.headers[header];
    const name = Array.isArray(value) ? undefined : value?.trim();
    return name === '' ? undefined : name;
  };

  const refuse = (request: FastifyRequest, reason: string): AppError => {
    ctx.log.warn({ address: request.socket.remoteAddress, reason }, 'failed proxy login');
    return new AppError('auth.wrongCredentials');
  };

  return {
    usernameOf,
    async logIn(request) {
      const name = usernameOf(request);
      if (name === undefined) throw refuse(request, `no ${header} header from a trusted proxy`);
      const known = ctx.users.findByName(name);
      if (known) return known;
      if (!ctx.config.proxyCreateUsers)
        throw refuse(request, `unknown user ${JSON.stringify(name).slice(0, 80)}`);
      try {
        const created = await createUser(
          usersDeps(ctx),
          // Nobody knows this password: the proxy is how this user logs in.
          { username: name, password: randomBytes(48).toString('base64url') },
          { provisioned: true },
        );
        ctx.log.info({ username: created.username }, 'user created on proxy login');
        return created;
      } catch (error) {
        // Two first requests at once: the other one created the user.
        const raced = ctx.users.findByName(name);
        if (raced) return raced;
        if (isAppError(error)) throw refuse(request, `cannot create user: ${error.message}`);
        throw error;
      }
    },
    stillVouchesFor(request, user) {
      const name = usernameOf(request);
      return name !== undefined && ctx.users.findByName(name)?.id === user.id;
    },
  };
}
