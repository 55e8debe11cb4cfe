// HTTP routes for downloads: /api/raw (files, folders and selections) and /api/subtitle.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { holdHeavySlot, untilResponseEnds } from '../http/response-lifetime';
import { virtualPathAfter } from '../http/path-param';
import { sendAnswer } from '../http/send-answer';
import { downloadIdPattern } from './download-progress';
import { downloadAnswer, subtitleAnswer } from './raw-download';

const rawQuery = {
  type: 'object',
  properties: {
    algo: { type: 'string', maxLength: 16 },
    files: { type: 'string', maxLength: 1_000_000 },
    inline: { type: 'string', maxLength: 8 },
    auth: { type: 'string' },
    ticket: { type: 'string', maxLength: 8192 },
    // An archive the page wants to follow: it asks GET /api/downloads/<progress> how far it got.
    progress: { type: 'string', pattern: downloadIdPattern },
  },
} as const;

type RawQuery = FromSchema<typeof rawQuery>;

export async function rawRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const download = async (
    request: FastifyRequest<{ Querystring: RawQuery }>,
    reply: FastifyReply,
  ) => {
    const fsView = await ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
    const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/raw');
    const target = await fsView.resolveExisting(path, 'download');
    await fsView.pause('raw.beforeSend');
    const query = request.query;
    const isArchive = target.stats.isDirectory() || query.files !== undefined;
    if (isArchive) holdHeavySlot(ctx.heavyWork, reply, 'walk', String(fsView.actor.id));
    const answer = await downloadAnswer(request, fsView, target, {
      inline: query.inline === 'true',
      algo: query.algo,
      files: query.files,
      rootName: '',
      ...(isArchive && query.progress
        ? { watcher: ctx.downloadProgress.watch(fsView.actor.id, query.progress) }
        : {}),
    });
    return sendAnswer(reply, answer);
  };
  // Browsers open these by URL (links, media, <track>): a ticket or ?auth= may come in it.
  const rawOptions = {
    schema: { querystring: rawQuery },
    config: { linkAuth: { scope: 'download' as const, prefix: '/api/raw' } },
  };
  app.get<{ Querystring: RawQuery }>('/api/raw', rawOptions, download);
  app.get<{ Querystring: RawQuery }>('/api/raw/*', rawOptions, download);

  const subtitleOptions = {
    config: { linkAuth: { scope: 'download' as const, prefix: '/api/subtitle' } },
  };
  app.get('/api/subtitle/*', subtitleOptions, async (request, reply) => {
    const fsView = await ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
    const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/subtitle');
    return sendAnswer(reply, await subtitleAnswer(await fsView.resolveExisting(path, 'download')));
  });

  app.get<{ Params: { id: string } }>(
    '/api/downloads/:id',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', pattern: downloadIdPattern } },
        },
      },
    },
    async (request) => {
      // Only the user who started it sees it: another user's id is unknown here.
      const progress = ctx.downloadProgress.get(actorOf(request).id, request.params.id);
      if (!progress) throw new AppError('fs.notFound', 'no download goes by this name');
      return progress;
    },
  );
}
