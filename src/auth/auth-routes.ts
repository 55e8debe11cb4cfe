// HTTP routes for logging in and renewing a session token.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { actorOf } from '../http/auth';
import { refuseOtherMethods } from '../http/method-not-allowed';
import { logIn } from './login';

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

export async function authRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const loginOptions = {
    config: { auth: 'public' as const },
    bodyLimit: authBodyLimit,
    schema: { body: loginBody },
    // A missing body is a failed login like any other, not a malformed request.
    preValidation: async (request: { body: unknown }) => {
      request.body ??= {};
    },
  };
  app.post('/api/login', loginOptions, async (request, reply) => {
    const body = (request.body ?? {}) as {
      username?: string;
      password?: string;
      recaptcha?: string;
    };
    const token = await logIn(
      ctx,
      {
        username: body.username ?? '',
        password: body.password ?? '',
        recaptcha: body.recaptcha ?? '',
      },
      request.ip,
    );
    return reply.type('text/plain; charset=utf-8').send(token);
  });
  refuseOtherMethods(app, '/api/login', ['POST']);

  app.post(
    '/api/renew',
    { config: { auth: 'user' }, bodyLimit: authBodyLimit },
    async (request, reply) => {
      const token = ctx.tokens.issue(actorOf(request));
      return reply.header('X-Renew-Token', 'false').type('text/plain; charset=utf-8').send(token);
    },
  );
  refuseOtherMethods(app, '/api/renew', ['POST']);
}
