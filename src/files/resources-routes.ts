// HTTP routes for files and folders: /api/resources (info, listing, upload, save, delete, move/copy),
// /api/usage, and Drawer's /api/size (a folder's total).
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hooksFor } from '../commands/hooks';
import type { Context } from '../context';
import { AppError } from '../errors';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { canonicalise, decodeOnce } from '../fs/virtual-path';
import { actorOf } from '../http/auth';
import { holdHeavySlot, untilResponseEnds } from '../http/response-lifetime';
import { virtualPathAfter } from '../http/path-param';
import { parseChecksumAlgorithm } from './checksum';
import { folderPage, pageRequestOf } from './listing-page';
import { withFolderSizes } from './listing-totals';
import { folderJsonStream } from './listing-stream';
import { describeResource, isFolderListing } from './resource-info';
import { transferResource } from './resource-transfer';
import {
  describeWithChecksum,
  diskUsage,
  folderSize,
  listRecursively,
  openTextContent,
} from './resource-variants';
import { createFolder, deleteResource, saveFile, uploadFile } from './resource-write';
import type { GetQuery, PatchQuery, PostQuery } from './resources-schemas';
import {
  folderSizeSchema,
  getQuery,
  patchQuery,
  postQuery,
  recursiveListingSchema,
  resourceSchema,
  usageSchema,
} from './resources-schemas';

/** Uploads stream to disk, so their only limit is the disk's. */
export const uploadBodyLimit = 2 ** 40;

const prefix = '/api/resources';

/** The request body as a stream; a request without one reads as empty. */
function bodyOf(request: FastifyRequest): Readable {
  return (request.body as Readable | undefined) ?? request.raw;
}

export async function resourcesRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  // A scope of its own: here every body, JSON and text included, is file content passed through untouched.
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', { bodyLimit: uploadBodyLimit }, (_request, payload, done) =>
      done(null, payload),
    );
    const target = (request: FastifyRequest) =>
      virtualPathAfter(request, ctx.config.baseUrl, prefix);
    const viewOf = (request: FastifyRequest, reply: FastifyReply) =>
      ctx.scopedFs(actorOf(request), untilResponseEnds(reply));

    /** From the search index only: a walk per listing would cost what the index saves. */
    const childFolderSizes = async (
      view: ScopedFs,
      path: VirtualPath,
      only: ReadonlySet<string> | undefined,
      reply: FastifyReply,
    ) => {
      if (ctx.searchIndex.state !== 'ready') return undefined;
      const start = await view.resolveExisting(path, 'read').catch((error: unknown) => {
        // Gone or closed since it was listed: the listing keeps the sizes it has.
        if (error instanceof AppError) return undefined;
        throw error;
      });
      return start && ctx.searchIndex.childFolderSizes(view, start, only, untilResponseEnds(reply));
    };

    const get = async (request: FastifyRequest<{ Querystring: GetQuery }>, reply: FastifyReply) => {
      const actor = actorOf(request);
      const view = await viewOf(request, reply);
      const { path } = target(request);
      if (request.query.checksum !== undefined)
        return describeWithChecksum(
          view,
          path,
          parseChecksumAlgorithm(request.query.checksum),
          actor.sorting,
        );
      if (request.headers['x-encoding'] === 'true') {
        const content = await openTextContent(view, path);
        if (content)
          return reply
            .type('application/octet-stream')
            .header('X-Content-Type-Options', 'nosniff')
            .send(content);
      }
      const page = pageRequestOf(request.query);
      const info = await describeResource(view, path, {
        sorting: actor.sorting,
        withContent: true,
        beforeListing: (lastsUntil) =>
          holdHeavySlot(ctx.heavyWork, reply, 'listing', String(actor.id), lastsUntil),
        cache: page && ctx.listingCache,
      });
      if (!isFolderListing(info)) return info;
      // Without the preference nothing more is done: the listing is File Browser's, byte for byte.
      const listing =
        actor.folderSizes === true
          ? withFolderSizes(info, (only) => childFolderSizes(view, path, only, reply), !!page)
          : info;
      if (page) return folderPage(listing, page);
      return reply
        .type('application/json; charset=utf-8')
        .send(folderJsonStream(listing, ctx.releaseHeap));
    };
    const getOptions = { schema: { querystring: getQuery, response: { 200: resourceSchema } } };
    files.get(prefix, getOptions, get);
    files.get(`${prefix}/*`, getOptions, get);

    // Like File Browser, this shadows GET of a top-level folder named "recursive" (listing form only).
    const recursiveOptions = { schema: { response: { 200: recursiveListingSchema } } };
    files.get(`${prefix}/recursive/*`, recursiveOptions, async (request, reply) => {
      const { path } = virtualPathAfter(request, ctx.config.baseUrl, `${prefix}/recursive`);
      holdHeavySlot(ctx.heavyWork, reply, 'walk', String(actorOf(request).id));
      return listRecursively(await viewOf(request, reply), path);
    });

    const post = async (
      request: FastifyRequest<{ Querystring: PostQuery }>,
      reply: FastifyReply,
    ) => {
      const view = await viewOf(request, reply);
      const { path, trailingSlash } = target(request);
      if (trailingSlash || path === '/') {
        await createFolder(view, path, hooksFor(ctx, view));
        return reply.code(200).send();
      }
      const etag = await uploadFile(
        view,
        path,
        bodyOf(request),
        request.query.override === 'true',
        ctx,
        hooksFor(ctx, view),
      );
      return reply.code(200).header('ETag', etag).send();
    };
    const postOptions = { bodyLimit: uploadBodyLimit, schema: { querystring: postQuery } };
    files.post(prefix, postOptions, post);
    files.post(`${prefix}/*`, postOptions, post);

    files.put(`${prefix}/*`, { bodyLimit: uploadBodyLimit }, async (request, reply) => {
      const { path, trailingSlash } = target(request);
      if (trailingSlash || path === '/')
        throw new AppError('route.methodNotAllowed', 'a folder cannot be saved');
      const view = await viewOf(request, reply);
      const etag = await saveFile(view, path, bodyOf(request), ctx, hooksFor(ctx, view));
      return reply.code(200).header('ETag', etag).send();
    });

    files.delete(`${prefix}/*`, async (request, reply) => {
      const view = await viewOf(request, reply);
      await deleteResource(view, target(request).path, ctx, hooksFor(ctx, view));
      return reply.code(204).send();
    });

    files.patch<{ Querystring: PatchQuery }>(
      `${prefix}/*`,
      { schema: { querystring: patchQuery } },
      async (request, reply) => {
        const query = request.query;
        // The client encodeURIComponent()s an already URL-encoded path: one more decode (File Browser does the same).
        const destination = canonicalise(decodeOnce(query.destination)).path;
        const view = await viewOf(request, reply);
        await transferResource(
          view,
          target(request).path,
          {
            action: query.action,
            destination,
            override: query.override === 'true',
            rename: query.rename === 'true',
          },
          ctx,
          hooksFor(ctx, view),
        );
        return reply.code(200).send();
      },
    );

    const usage = async (request: FastifyRequest, reply: FastifyReply) =>
      diskUsage(
        await viewOf(request, reply),
        virtualPathAfter(request, ctx.config.baseUrl, '/api/usage').path,
      );
    const usageOptions = { schema: { response: { 200: usageSchema } } };
    files.get('/api/usage', usageOptions, usage);
    files.get('/api/usage/*', usageOptions, usage);

    // Drawer's own: the info prompt's total size of a folder, from the search index when it
    // knows every size below (docs/SEARCH.md, "Folder sizes"), else a walk like a search's.
    const size = async (request: FastifyRequest, reply: FastifyReply) => {
      const { path } = virtualPathAfter(request, ctx.config.baseUrl, '/api/size');
      const view = await viewOf(request, reply);
      const start = await view.resolveExisting(path, 'read');
      if (!start.stats.isDirectory()) throw new AppError('fs.notDirectory', 'not a folder');
      const signal = untilResponseEnds(reply);
      const fromIndex = await ctx.searchIndex.folderTotals(view, start, signal);
      reply.header('x-size-from', fromIndex ? 'index' : 'walk');
      if (fromIndex) return fromIndex;
      holdHeavySlot(ctx.heavyWork, reply, 'walk', String(actorOf(request).id));
      return folderSize(view, start, signal);
    };
    const sizeOptions = { schema: { response: { 200: folderSizeSchema } } };
    files.get('/api/size', sizeOptions, size);
    files.get('/api/size/*', sizeOptions, size);
  });
}
