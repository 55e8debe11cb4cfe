// HTTP routes for logging in and out, renewing a session token, and download tickets.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Context } from '../context';
import { actorOf } from '../http/auth';
import type { LoginDeps } from './login';
import { logIn } from './login';
import { createProxyLogin } from './proxy-login';
import { endSession, issueTicket } from './sessions';
import { ticketScopes } from './tickets';

/** Login and signup bodies are tiny; a large one is refused before it is parsed. */
export const authBodyLimit = 16 * 1024;

const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 1024 },
    password: { type: 'string', maxLength: 1024 },
    recaptcha: { type: 'string', maxLength: 8192 },
  },
} as const;

const ticketBody = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', maxLength: 16_384 },
    scope: { type: 'string', enum: ticketScopes },
  },
} as const;

// Bodies as their schemas admit them.
type LoginBody = FromSchema<typeof loginBody>;
type TicketBody = FromSchema<typeof ticketBody>;

const ticketResponse = {
  type: 'object',
  properties: { ticket: { type: 'string' }, expires: { type: 'number' } },
} as const;

export async function authRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const proxy = ctx.config.authMethod === 'proxy' ? createProxyLogin(ctx) : undefined;
  const loginDeps: LoginDeps = {
    noAuth: ctx.config.noAuth,
    users: ctx.users,
    tokens: ctx.tokens,
    throttle: ctx.loginThrottle,
    settings: ctx.settings,
    fetch: ctx.fetch,
    log: ctx.log,
  };
  const loginOptions = {
    config: { auth: 'public' as const },
    bodyLimit: authBodyLimit,
    schema: { body: loginBody },
    // A missing body is a failed login like any other, not a malformed request.
    preValidation: async (request: { body: unknown }) => {
      request.body ??= {};
    },
  };
  app.post<{ Body: LoginBody }>('/api/login', loginOptions, async (request, reply) => {
    if (proxy) {
      // The proxy has already checked who this is; a password in the body counts for nothing.
      const user = await proxy.logIn(request);
      return reply.type('text/plain; charset=utf-8').send(ctx.tokens.issue(user));
    }
    const body = request.body;
    const token = await logIn(
      loginDeps,
      {
        username: body.username ?? '',
        password: body.password ?? '',
        recaptcha: body.recaptcha ?? '',
      },
      request.ip,
    );
    return reply.type('text/plain; charset=utf-8').send(token);
  });

  app.post(
    '/api/renew',
    { config: { auth: 'user' }, bodyLimit: authBodyLimit },
    async (request, reply) => {
      // The same session goes on: its id (so logout still ends it) and its start (so it still ends).
      const token = ctx.tokens.issue(actorOf(request), request.session);
      return reply.header('X-Renew-Token', 'false').type('text/plain; charset=utf-8').send(token);
    },
  );

  app.post(
    '/api/logout',
    { config: { auth: 'user' }, bodyLimit: authBodyLimit },
    async (request, reply) => {
      await endSession(ctx, request.session);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: TicketBody }>(
    '/api/tickets',
    {
      config: { auth: 'user' },
      bodyLimit: authBodyLimit,
      schema: { body: ticketBody, response: { 200: ticketResponse } },
    },
    async (request) =>
      issueTicket(ctx, request.session, request.body.scope ?? 'download', request.body.path),
  );
}
