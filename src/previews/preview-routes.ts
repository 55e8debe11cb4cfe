// HTTP routes for previews: /api/preview/{thumb|big}/<path> and /api/public/preview/{thumb|big}/<hash>/<sub>.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Context } from '../context';
import { fileAnswer, userContentPolicy } from '../files/raw-file';
import type { ExistingResolved } from '../fs/scoped-fs';
import { baseName } from '../fs/virtual-path';
import { actorOf } from '../http/auth';
import { virtualPathAfter } from '../http/path-param';
import { untilResponseEnds } from '../http/response-lifetime';
import { sendAnswer } from '../http/send-answer';
import { openShare } from '../shares/public-share';
import { credentialsOf, shareAddress } from '../shares/public-routes';
import type { PreviewSize } from './previews';
import { previewSizes } from './previews';

/** File Browser's client adds inline=true and key=<modified, ms>; ?auth= and ?ticket= are links' credentials. */
const previewQuery = {
  type: 'object',
  properties: {
    inline: { type: 'string', maxLength: 8 },
    key: { type: 'string', maxLength: 32 },
    auth: { type: 'string' },
    ticket: { type: 'string', maxLength: 8192 },
    // A password link's visitor token (File Browser's client adds it to its preview URLs too).
    token: { type: 'string', maxLength: 8192 },
  },
} as const;

type PreviewQuery = FromSchema<typeof previewQuery>;

/**
 * A URL whose key is the file's modification time names one version of the file: the browser
 * may keep it for a month. Without it, the browser asks again each time, and the ETag makes
 * that a 304 without any decoding.
 */
function cacheControl(
  request: FastifyRequest<{ Querystring: PreviewQuery }>,
  target: ExistingResolved,
): string {
  const key = request.query.key;
  const isVersioned = key !== undefined && key === String(Math.floor(target.stats.mtimeMs));
  return isVersioned ? 'private, max-age=2592000, immutable' : 'private, no-cache';
}

async function sendPreview(
  ctx: Context,
  request: FastifyRequest<{ Querystring: PreviewQuery }>,
  reply: FastifyReply,
  target: ExistingResolved,
  size: PreviewSize,
  userKey: string,
  rootName: string,
): Promise<FastifyReply> {
  const ifNoneMatch = request.headers['if-none-match'];
  const answer = await ctx.previews.answer(target, {
    size,
    userKey,
    ifNoneMatch,
    signal: untilResponseEnds(reply),
  });
  if (answer.kind === 'original') {
    const original = await fileAnswer(request, target, {
      name: baseName(target.virtual) || rootName,
      inline: true,
    });
    return sendAnswer(reply, original);
  }
  reply.header('ETag', answer.etag).header('Cache-Control', cacheControl(request, target));
  if (answer.kind === 'notModified') return reply.code(304).send();
  return reply
    .header('Content-Type', answer.contentType)
    .header('Content-Security-Policy', userContentPolicy(answer.contentType))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', String(answer.bytes.length))
    .send(answer.bytes);
}

export async function previewRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  for (const size of previewSizes) {
    const prefix = `/api/preview/${size}`;
    // Thumbnails are <img> sources: a ticket for a file or a folder above it, ?auth= or the cookie.
    const options = {
      schema: { querystring: previewQuery },
      config: { linkAuth: { scope: 'download' as const, prefix } },
    };
    app.get<{ Querystring: PreviewQuery }>(`${prefix}/*`, options, async (request, reply) => {
      const view = await ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
      const { path } = virtualPathAfter(request, ctx.config.baseUrl, prefix);
      const target = await view.resolveExisting(path, 'download');
      return sendPreview(ctx, request, reply, target, size, String(view.actor.id), '');
    });

    const publicPrefix = `/api/public/preview/${size}`;
    const publicOptions = {
      schema: { querystring: previewQuery },
      config: { auth: 'public' as const },
    };
    app.get<{ Querystring: PreviewQuery }>(
      `${publicPrefix}/*`,
      publicOptions,
      async (request, reply) => {
        const { hash, sub } = shareAddress(request, ctx.config.baseUrl, publicPrefix);
        const opened = await openShare(
          ctx,
          hash,
          sub,
          credentialsOf(request),
          untilResponseEnds(reply),
        );
        // Visitors of a link draw previews in their owner's queue places.
        const userKey = String(opened.share.userID);
        return sendPreview(ctx, request, reply, opened.target, size, userKey, opened.rootName);
      },
    );
  }
}
