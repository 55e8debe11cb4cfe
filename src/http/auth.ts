// Authentication on every request: token from header, query or cookie; the actor read from the store.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import type { Actor } from './request-context';
import './request-context';

const renewWithinMs = 60 * 60 * 1000;

export function installAuthentication(app: FastifyInstance, ctx: Context): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const level = request.routeOptions.config.auth ?? 'user';
    const actor = ctx.config.noAuth
      ? noAuthActor(ctx)
      : authenticate(request, ctx, level, (name, value) => reply.header(name, value));
    request.actor = actor;
    if (level === 'public') return;
    if (!actor) throw new AppError('auth.required');
    if (level === 'admin' && !actor.perm.admin) throw new AppError('auth.forbidden');
  });
}

/** The actor of a route that requires login; the hook has already refused anonymous callers. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('auth.required');
  return request.actor;
}

function noAuthActor(ctx: Context): Actor | undefined {
  return ctx.users.list().find((user) => user.perm.admin);
}

function authenticate(
  request: FastifyRequest,
  ctx: Context,
  level: string,
  setHeader: (name: string, value: string) => void,
): Actor | undefined {
  const token = tokenOf(request);
  if (token === undefined) return undefined;
  let claims;
  try {
    claims = ctx.tokens.verify(token);
  } catch (error) {
    // A stale token must not lock anyone out of the login page or a public share.
    if (level === 'public') return undefined;
    throw error;
  }
  const user = ctx.users.get(claims.user.id);
  if (!user || user.sessionVersion !== claims.sv || user.username !== claims.user.username) {
    if (level === 'public') return undefined;
    throw new AppError('auth.tokenInvalid', 'the session has ended; log in again');
  }
  if (claims.exp * 1000 - ctx.now() < renewWithinMs || claims.rev < user.revision)
    setHeader('X-Renew-Token', 'true');
  return user;
}

/**
 * The X-Auth header works for every method. The `auth` query parameter and cookie are only read
 * on GET and HEAD (links, media, WebSockets), so a cross-site form can never act with them.
 */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth'];
  if (typeof header === 'string' && header !== '') return header;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.auth === 'string' && query.auth !== '') return query.auth;
  return cookieValue(request.headers.cookie, 'auth');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
