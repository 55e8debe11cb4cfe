// HTTP routes for managing share links: /api/shares and /api/share/<path or hash>.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { rawPathAfter, virtualPathAfter } from '../http/path-param';
import { createShare, deleteShare, editShare, listShares, sharesForPath } from './shares';
import type { ShareBody, ShareEditBody, ShareQuery, SharesQuery } from './shares-schemas';
import {
  ownedShareSchema,
  ownedSharesSchema,
  shareBody,
  shareEditBody,
  shareQuery,
  shareSchema,
  sharesQuery,
  sharesSchema,
} from './shares-schemas';

/** A share request body holds a few short strings and numbers. */
const shareBodyLimit = 16 * 1024;

/** The hash after /api/share/ (DELETE and PATCH name a link, not a path). */
function hashOf(request: FastifyRequest, baseUrl: string): string {
  const hash = rawPathAfter(request, baseUrl, '/api/share').replace(/^\/+/, '');
  if (hash === '') throw new AppError('request.invalid', 'the share hash is missing');
  return hash;
}

export async function sharesRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  // Gone links are deleted after their grace, and unlimited links' counts written, with the server.
  app.addHook('onReady', async () => ctx.shareSweeper.start());
  app.addHook('onClose', async () => {
    await ctx.shareSweeper.stop();
    await ctx.shareTally.flush();
  });

  const listOptions = {
    schema: { querystring: sharesQuery, response: { 200: ownedSharesSchema } },
  };
  for (const url of ['/api/shares', '/api/shares/']) {
    app.get<{ Querystring: SharesQuery }>(url, listOptions, async (request) => {
      const user = request.query.user;
      return listShares(ctx, actorOf(request), user === undefined ? {} : { user: Number(user) });
    });
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
        kind: body.kind,
        maxDownloads: body.maxDownloads,
        maxUploadBytes: body.maxUploadBytes,
      });
    },
  );

  // Drawer's own: File Browser has no way to change a link (docs/SHARES.md, "Editing").
  app.patch<{ Body: ShareEditBody }>(
    '/api/share/*',
    {
      bodyLimit: shareBodyLimit,
      schema: { body: shareEditBody, response: { 200: ownedShareSchema } },
    },
    async (request) =>
      editShare(ctx, actorOf(request), hashOf(request, ctx.config.baseUrl), request.body),
  );

  app.delete('/api/share/*', async (request, reply) => {
    await deleteShare(ctx, actorOf(request), hashOf(request, ctx.config.baseUrl));
    return reply.code(200).send();
  });
}
