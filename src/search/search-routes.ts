// HTTP route for search: GET /api/search/<folder>?query=… streamed as NDJSON while the walk runs.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import type { Resolved, ScopedFs } from '../fs/scoped-fs';
import { actorOf } from '../http/auth';
import { refuseOtherMethods } from '../http/method-not-allowed';
import { holdHeavySlot, untilResponseEnds } from '../http/response-lifetime';
import { virtualPathAfter } from '../http/path-param';
import type { SearchQuery } from './search';
import { parseSearchQuery, searchFolder } from './search';

interface SearchQueryString {
  query?: string;
}

const searchQueryString = {
  type: 'object',
  properties: { query: { type: 'string' } },
} as const;

async function* ndjson(
  fsView: ScopedFs,
  start: Resolved,
  query: SearchQuery,
  signal: AbortSignal,
): AsyncGenerator<string> {
  for await (const result of searchFolder(fsView, start, query, signal))
    yield `${JSON.stringify(result)}\n`;
}

export async function searchRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const search = async (
    request: FastifyRequest<{ Querystring: SearchQueryString }>,
    reply: FastifyReply,
  ) => {
    const query = parseSearchQuery(request.query.query);
    holdHeavySlot(ctx.heavyWork, reply, 'walk', String(actorOf(request).id));
    const fsView = await ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
    const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/search');
    const start = await fsView.resolveExisting(path, 'read');
    if (!start.stats.isDirectory())
      throw new AppError('fs.notDirectory', 'search runs in a folder, not a file');
    // A client that goes away must not leave a walk of a huge tree running behind it.
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    const stream = Readable.from(ndjson(fsView, start, query, abort.signal), {
      objectMode: false,
    });
    return reply.type('application/x-ndjson; charset=utf-8').send(stream);
  };
  const options = { schema: { querystring: searchQueryString } };
  app.get<{ Querystring: SearchQueryString }>('/api/search', options, search);
  app.get<{ Querystring: SearchQueryString }>('/api/search/*', options, search);
  refuseOtherMethods(app, '/api/search', ['GET']);
  refuseOtherMethods(app, '/api/search/*', ['GET']);
}
