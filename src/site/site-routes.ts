// HTTP routes of Hugo sites: /api/site/<path> (the site), /api/site/posts/<site> (new post), /api/site/publish/<post>.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { virtualPathAfter } from '../http/path-param';
import { untilResponseEnds } from '../http/response-lifetime';
import { parseTemplateDate } from './archetype-time';
import { describeSite } from './site-info';
import { createPost } from './site-posts';
import { cancelSchedule, publishNow, publishState, schedulePost } from './site-publish';
import type { NewPostBody, PublishBody } from './site-schemas';
import {
  newPostBody,
  newPostSchema,
  publishBody,
  publishedSchema,
  publishStateSchema,
  scheduledSchema,
  siteSchema,
} from './site-schemas';

const prefix = '/api/site';
const postsPrefix = `${prefix}/posts`;
const publishPrefix = `${prefix}/publish`;

/** RFC 3339 with a zone, as docs/SITES.md asks: "2026-11-28T10:00:00Z" or with an offset. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** The instant `at` names; 400 `site.invalidTime` for anything that is not an RFC 3339 time. */
export function parsePublishTime(at: string): number {
  // The same reading as front matter dates: a day or hour that does not exist is refused, not rolled over.
  const ms = rfc3339.test(at) ? parseTemplateDate(at)?.ms : undefined;
  if (ms === undefined)
    throw new AppError(
      'site.invalidTime',
      'the time must be an RFC 3339 date and time, like 2026-11-28T10:00:00Z',
    );
  return ms;
}

export async function siteRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  // Schedules are timers of this server: they start with it and stop before it closes.
  app.addHook('onReady', async () => ctx.siteScheduler.start());
  app.addHook('onClose', async () => {
    ctx.siteBuilds.stop();
    await ctx.siteScheduler.stop();
  });

  const viewOf = (request: FastifyRequest, reply: FastifyReply) =>
    ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
  const pathAfter = (request: FastifyRequest, routePrefix: string) =>
    virtualPathAfter(request, ctx.config.baseUrl, routePrefix).path;

  const siteOptions = { schema: { response: { 200: siteSchema } } };
  const site = async (request: FastifyRequest, reply: FastifyReply) =>
    describeSite(ctx, await viewOf(request, reply), pathAfter(request, prefix));
  app.get(prefix, siteOptions, site);
  app.get(`${prefix}/*`, siteOptions, site);

  app.post<{ Body: NewPostBody }>(
    `${postsPrefix}/*`,
    { schema: { body: newPostBody, response: { 201: newPostSchema } } },
    async (request, reply) => {
      const view = await viewOf(request, reply);
      const created = await createPost(ctx, view, pathAfter(request, postsPrefix), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    `${publishPrefix}/*`,
    { schema: { response: { 200: publishStateSchema } } },
    async (request, reply) =>
      publishState(ctx, await viewOf(request, reply), pathAfter(request, publishPrefix)),
  );

  app.post<{ Body: PublishBody | undefined }>(
    `${publishPrefix}/*`,
    {
      schema: { body: publishBody, response: { 200: publishedSchema, 202: scheduledSchema } },
      // Publishing now needs no body at all.
      preValidation: async (request: { body: unknown }) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const view = await viewOf(request, reply);
      const path = pathAfter(request, publishPrefix);
      const at = request.body?.at === undefined ? undefined : parsePublishTime(request.body.at);
      if (at !== undefined && at > ctx.now())
        return reply.code(202).send(await schedulePost(ctx, view, path, at));
      return reply.code(200).send(await publishNow(ctx, view, path));
    },
  );

  app.delete(`${publishPrefix}/*`, async (request, reply) => {
    await cancelSchedule(ctx, await viewOf(request, reply), pathAfter(request, publishPrefix));
    return reply.code(204).send();
  });
}
