// HTTP routes of resumable uploads: tus 1.0 at /api/tus/{path}, as File Browser's client and tus-js-client use it,
// and the same protocol for any other endpoint (file requests: src/shares/file-request-routes.ts).
//
// Written by hand rather than with @tus/server: its data stores open and rename files by path
// strings, and here every file is reached only through the gate's held folders (docs/SECURITY.md,
// "The gate"; the protocol choices are in docs/UPLOADS.md).
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hooksFor } from '../commands/hooks';
import type { HookedAction } from '../commands/hooks';
import type { Context } from '../context';
import type { ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import type { AuthLevel } from '../http/request-context';
import { uploadBodyLimit } from '../files/resources-routes';
import { segmentsOf } from '../fs/virtual-path';
import { actorOf } from '../http/auth';
import { virtualPathAfter } from '../http/path-param';
import { untilResponseEnds } from '../http/response-lifetime';
import { AppError } from '../errors';
import {
  checkTusVersion,
  contentLengthOf,
  discoveryHeaders,
  httpDate,
  isOffsetStream,
  offsetContentType,
  parseUploadChecksum,
  parseUploadLength,
  parseUploadOffset,
  tusVersion,
} from './tus-protocol';
import type { CurrentView, UploadState, VisitUpload } from './uploads';
import { appendChunk, createUpload, terminateUpload, uploadStatus } from './uploads';

const prefix = '/api/tus';

/** The upload's id travels in its URL; File Browser's scripts may leave it out and name the path only. */
function uploadIdOf(request: FastifyRequest): string | undefined {
  const id = (request.query as Record<string, unknown> | undefined)?.id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))
    throw new AppError('upload.notFound', 'no upload has this id');
  return id;
}

function withExpiry(reply: FastifyReply, state: UploadState): FastifyReply {
  if (state.expiresAt !== undefined) reply.header('Upload-Expires', httpDate(state.expiresAt));
  return reply;
}

/** Who uploads, and where to: what each tus request needs besides its headers. */
export interface TusCaller {
  view: ScopedFs;
  /** The upload's target in the view's scope. */
  target: VirtualPath;
  hooks: HookedAction;
  /** The caller as the store has them now, for the checks at the last byte. */
  current: CurrentView;
  /** Set for a visitor of a file request (docs/SHARES.md). */
  visit?: VisitUpload;
  /** The upload's URL (Location), base URL included. */
  location(id: string): string;
}

export interface TusEndpoint {
  /** Where the routes answer: `${prefix}` and `${prefix}/*`. */
  prefix: string;
  /** The routes' auth level: logged-in users by default. */
  auth?: AuthLevel;
  /**
   * Runs before a body is read (after the tus version is checked), for every request but
   * OPTIONS: a caller refused here never holds the connection open with a slow body.
   */
  admit?: (request: FastifyRequest) => Promise<void>;
  callerOf(request: FastifyRequest, reply: FastifyReply): Promise<TusCaller>;
}

/** The tus 1.0 protocol on one endpoint: users' own uploads, or the visitors of file requests. */
export async function registerTus(
  app: FastifyInstance,
  ctx: Context,
  endpoint: TusEndpoint,
): Promise<void> {
  const { prefix } = endpoint;
  await app.register(async (tus) => {
    // PATCH bodies are file bytes, passed through untouched whatever their type says.
    tus.removeAllContentTypeParsers();
    tus.addContentTypeParser('*', { bodyLimit: uploadBodyLimit }, (_request, payload, done) =>
      done(null, payload),
    );
    // On every answer, errors included; the version is checked once the caller is known.
    tus.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Tus-Resumable', tusVersion);
      return payload;
    });
    tus.addHook('onRequest', async (request) => {
      if (request.method === 'OPTIONS') return;
      checkTusVersion(request.headers);
      await endpoint.admit?.(request);
    });

    const patch = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isOffsetStream(request.headers))
        throw new AppError(
          'request.unsupportedMediaType',
          `a PATCH body must be sent as ${offsetContentType}`,
        );
      const chunk = {
        id: uploadIdOf(request),
        offset: parseUploadOffset(request.headers),
        contentLength: contentLengthOf(request.headers),
        checksum: parseUploadChecksum(request.headers),
      };
      const caller = await endpoint.callerOf(request, reply);
      const body = (request.body as Readable | undefined) ?? request.raw;
      const state = await appendChunk(
        ctx.uploads,
        caller.view,
        caller.target,
        chunk,
        body,
        caller.current,
        caller.visit,
      );
      return withExpiry(reply, state)
        .code(204)
        .header('Upload-Offset', String(state.offset))
        .send();
    };

    const create = async (request: FastifyRequest, reply: FastifyReply) => {
      // tus-js-client's overridePatchMethod, for proxies that refuse PATCH.
      if (String(request.headers['x-http-method-override']).toUpperCase() === 'PATCH')
        return patch(request, reply);
      const length = parseUploadLength(request.headers);
      // A file request never replaces anything (docs/SHARES.md).
      const override = (request.query as Record<string, unknown> | undefined)?.override === 'true';
      const caller = await endpoint.callerOf(request, reply);
      const state = await createUpload(
        ctx.uploads,
        caller.view,
        caller.target,
        { length, override: override && caller.visit === undefined },
        caller.hooks,
        caller.visit,
      );
      return withExpiry(reply, state)
        .code(201)
        .header('Location', caller.location(state.id))
        .send();
    };

    const head = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await endpoint.callerOf(request, reply);
      const state = await uploadStatus(
        ctx.uploads,
        caller.view,
        caller.target,
        uploadIdOf(request),
        caller.hooks,
        caller.visit,
      );
      return withExpiry(reply, state)
        .code(200)
        .header('Cache-Control', 'no-store')
        .header('Upload-Offset', String(state.offset))
        .header('Upload-Length', String(state.length))
        .send();
    };

    const terminate = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await endpoint.callerOf(request, reply);
      await terminateUpload(
        ctx.uploads,
        caller.view,
        caller.target,
        uploadIdOf(request),
        caller.visit,
      );
      return reply.code(204).send();
    };

    const discover = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(204).headers(discoveryHeaders(ctx.uploads.limits.maxSize)).send();

    const config = endpoint.auth === undefined ? {} : { config: { auth: endpoint.auth } };
    const uploadOptions = { bodyLimit: uploadBodyLimit, ...config };
    for (const url of [prefix, `${prefix}/*`]) {
      tus.post(url, uploadOptions, create);
      tus.patch(url, uploadOptions, patch);
      tus.head(url, config, head);
      tus.delete(url, config, terminate);
      tus.options(url, { config: { auth: 'public' } }, discover);
    }
  });
}

export async function tusRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.addHook('onReady', async () => ctx.uploadCleaner.start());
  app.addHook('onClose', async () => ctx.uploadCleaner.stop());

  const viewOf = (request: FastifyRequest, reply: FastifyReply) =>
    ctx.scopedFs(actorOf(request), untilResponseEnds(reply));
  /** The actor read again from the store, as the next request would see them. */
  const currentView = (request: FastifyRequest, reply: FastifyReply) => async () => {
    const user = ctx.users.get(actorOf(request).id);
    const session = request.session;
    if (
      !user ||
      (session && (user.sessionVersion !== session.sv || ctx.sessions.isRevoked(session.sid)))
    )
      throw new AppError('auth.tokenInvalid', 'the session has ended; log in again');
    const view = await ctx.scopedFs(user, untilResponseEnds(reply));
    return { view, hooks: hooksFor(ctx, view) };
  };

  await registerTus(app, ctx, {
    prefix,
    async callerOf(request, reply) {
      const view = await viewOf(request, reply);
      const target = virtualPathAfter(request, ctx.config.baseUrl, prefix).path;
      return {
        view,
        target,
        hooks: hooksFor(ctx, view),
        current: currentView(request, reply),
        location: (id) => {
          const path = segmentsOf(target).map(encodeURIComponent).join('/');
          return `${ctx.config.baseUrl}${prefix}/${path}?id=${id}`;
        },
      };
    },
  });
}
