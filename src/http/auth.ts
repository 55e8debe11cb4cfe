// Authentication on every request: a session from the X-Auth header, or on link routes a ticket,
// ?auth= or the auth cookie; the actor read from the store.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createProxyLogin } from '../auth/proxy-login';
import type { ProxyLogin } from '../auth/proxy-login';
import type { Context } from '../context';
import { AppError } from '../errors';
import { virtualPathAfter } from './path-param';
import type { Actor, LinkAuth } from './request-context';
import './request-context';

const renewWithinMs = 60 * 60 * 1000;

type Credential =
  { kind: 'session'; token: string } | { kind: 'ticket'; ticket: string; link: LinkAuth };

export function installAuthentication(app: FastifyInstance, ctx: Context): void {
  app.decorateRequest('actor', undefined);
  app.decorateRequest('session', undefined);
  const proxy = ctx.config.authMethod === 'proxy' ? createProxyLogin(ctx) : undefined;
  app.addHook('onRequest', async (request, reply) => {
    const level = request.routeOptions.config.auth ?? 'user';
    const actor = ctx.config.noAuth
      ? noAuthActor(ctx)
      : authenticate(request, ctx, level, proxy, (name, value) => reply.header(name, value));
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
  proxy: ProxyLogin | undefined,
  setHeader: (name: string, value: string) => void,
): Actor | undefined {
  const credential = credentialOf(request);
  if (!credential) return undefined;
  try {
    const actor =
      credential.kind === 'ticket'
        ? ticketActor(request, ctx, credential.ticket, credential.link)
        : sessionActor(request, ctx, credential.token, setHeader);
    // Behind a login proxy its word is the session: when it stops naming this user (logged out
    // there, or a token carried somewhere the proxy does not stand), the token alone is not enough.
    if (proxy && !proxy.stillVouchesFor(request, actor))
      throw new AppError('auth.tokenInvalid', 'the login proxy no longer names this user');
    return actor;
  } catch (error) {
    // A stale token must not lock anyone out of the login page or a public share.
    if (level === 'public') return undefined;
    throw error;
  }
}

function sessionActor(
  request: FastifyRequest,
  ctx: Context,
  token: string,
  setHeader: (name: string, value: string) => void,
): Actor {
  const claims = ctx.tokens.verify(token);
  const user = ctx.users.get(claims.user.id);
  if (
    !user ||
    user.sessionVersion !== claims.sv ||
    user.username !== claims.user.username ||
    ctx.sessions.isRevoked(claims.sid)
  )
    throw new AppError('auth.tokenInvalid', 'the session has ended; log in again');
  // Near the session's absolute end a renewal could not extend it: asking would loop.
  const canExtend = claims.exp < ctx.tokens.sessionEnd(claims.auth_time);
  if ((canExtend && claims.exp * 1000 - ctx.now() < renewWithinMs) || claims.rev < user.revision)
    setHeader('X-Renew-Token', 'true');
  request.session = claims;
  return user;
}

function ticketActor(request: FastifyRequest, ctx: Context, ticket: string, link: LinkAuth): Actor {
  const { path } = virtualPathAfter(request, ctx.config.baseUrl, link.prefix);
  const claims = ctx.tickets.verify(ticket, link.scope, path);
  const user = ctx.users.get(claims.uid);
  if (!user || user.sessionVersion !== claims.sv || ctx.sessions.isRevoked(claims.sid))
    throw new AppError('auth.tokenInvalid', 'the session has ended; log in again');
  return user;
}

/**
 * The X-Auth header works everywhere. A URL or cookie credential is read only on GET and HEAD of
 * link routes (downloads, subtitles, the command WebSocket): a token in a URL leaks through logs,
 * history and Referer, so the rest of the API never takes one, and a cross-site form never acts
 * with the cookie. ?auth= and the cookie stay there for File Browser's clients.
 */
function credentialOf(request: FastifyRequest): Credential | undefined {
  const header = request.headers['x-auth'];
  if (typeof header === 'string' && header !== '') return { kind: 'session', token: header };
  const link = request.routeOptions.config.linkAuth;
  if (!link || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.ticket === 'string' && query.ticket !== '')
    return { kind: 'ticket', ticket: query.ticket, link };
  if (typeof query?.auth === 'string' && query.auth !== '')
    return { kind: 'session', token: query.auth };
  const cookie = cookieValue(request.headers.cookie, 'auth');
  return cookie === undefined ? undefined : { kind: 'session', token: cookie };
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
