// HTTP route for search: GET /api/search/<folder>?query=… streamed as NDJSON while the walk runs.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import { holdHeavySlot, untilResponseEnds } from '../http/response-lifetime';
import { virtualPathAfter } from '../http/path-param';
import { parseSearchQuery, searchFolder } from './search';
import { ndjson, ndjsonChunks } from './search-lines';
import type { SearchIndexState } from './search-index';

/** A ready index that still walked (a link on the way to the searched folder) says "bypassed". */
function indexHeader(state: SearchIndexState): string {
  return state === 'ready' ? 'bypassed' : state;
}

interface SearchQueryString {
  query?: string;
}

const searchQueryString = {
  type: 'object',
  properties: { query: { type: 'string' } },
} as const;

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
    const fromIndex = await ctx.searchIndex.search(fsView, start, query, abort.signal);
    // Says where the answer came from: "building" answers are complete too, only slower.
    reply.header('x-search-index', fromIndex ? 'ready' : indexHeader(ctx.searchIndex.state));
    const lines = fromIndex
      ? ndjsonChunks(fromIndex.batches, fromIndex.plainNames)
      : ndjson(searchFolder(fsView, start, query, abort.signal));
    const stream = Readable.from(lines, { objectMode: false });
    return reply.type('application/x-ndjson; charset=utf-8').send(stream);
  };
  const options = { schema: { querystring: searchQueryString } };
  app.get<{ Querystring: SearchQueryString }>('/api/search', options, search);
  app.get<{ Querystring: SearchQueryString }>('/api/search/*', options, search);
}
