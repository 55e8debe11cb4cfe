// HTTP routes for managing share links: /api/shares and /api/share/<path or hash>.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { refuseOtherMethods } from '../http/method-not-allowed';
import { rawPathAfter, virtualPathAfter } from '../http/path-param';
import { createShare, deleteShare, listShares, sharesForPath } from './shares';
import type { ShareBody, ShareQuery } from './shares-schemas';
import {
  ownedSharesSchema,
  shareBody,
  shareQuery,
  shareSchema,
  sharesSchema,
} from './shares-schemas';

/** A share request body holds three short strings. */
const shareBodyLimit = 16 * 1024;

export async function sharesRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const listOptions = { schema: { response: { 200: ownedSharesSchema } } };
  for (const url of ['/api/shares', '/api/shares/']) {
    app.get(url, listOptions, async (request) => listShares(ctx, actorOf(request)));
    refuseOtherMethods(app, url, ['GET']);
  }

  app.get('/api/share/*', { schema: { response: { 200: sharesSchema } } }, async (request) => {
    const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/share');
    return sharesForPath(ctx, actorOf(request), path);
  });

  app.post<{ Body: ShareBody | undefined; Querystring: ShareQuery }>(
    '/api/share/*',
    {
      bodyLimit: shareBodyLimit,
      schema: { body: shareBody, querystring: shareQuery, response: { 200: shareSchema } },
      // The query alone is enough; File Browser's client sends a body, scripts often do not.
      preValidation: async (request: { body: unknown }) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/share');
      const body = request.body ?? {};
      const query = request.query;
      // File Browser's client sends both; its body is what File Browser itself reads.
      return createShare(ctx, actorOf(request), path, {
        password: body.password,
        expires: body.expires ?? query.expires,
        unit: body.unit ?? query.unit,
      });
    },
  );

  app.delete('/api/share/*', async (request, reply) => {
    const hash = rawPathAfter(request, ctx.config.baseUrl, '/api/share').replace(/^\/+/, '');
    if (hash === '') throw new AppError('request.invalid', 'the share hash is missing');
    await deleteShare(ctx, actorOf(request), hash);
    return reply.code(200).send();
  });
  refuseOtherMethods(app, '/api/share/*', ['GET', 'POST', 'DELETE']);
}
