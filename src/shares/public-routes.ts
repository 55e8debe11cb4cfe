// Anonymous share access: /api/public/share/<hash>[/sub] (JSON) and /api/public/dl/<hash>[/sub] (bytes),
// for each kind of link (docs/SHARES.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicShareAnswer } from '../api/shares';
import type { Context } from '../context';
import { sendAnswer } from '../http/send-answer';
import { holdHeavySlot, untilResponseEnds } from '../http/response-lifetime';
import { downloadAnswer } from '../files/raw-download';
import { fromUrlPath } from '../fs/virtual-path';
import type { VirtualPath } from '../fs/virtual-path';
import { rawPathAfter } from '../http/path-param';
import { fileRequestPage } from './file-requests';
import { liveShare, openLiveShare, openShare } from './public-share';
import { publicShareView } from './public-share-view';
import { kindOf } from './share';
import { checkViewOnly, countDownload, downloadsLeft } from './share-downloads';
import type { ShareCredentials } from './share-access';
import type { DownloadQuery, PublicShareQuery } from './shares-schemas';
import { downloadQuery, publicItemSchema, publicShareQuery } from './shares-schemas';

/**
 * Splits "/<hash>/<sub>" from the raw URL. The hash is taken verbatim (an encoded one never
 * matches); the sub-path is decoded once and canonicalised on its own, so its ".." stops at "/".
 */
export function shareAddress(
  request: FastifyRequest,
  baseUrl: string,
  prefix: string,
): { hash: string; sub: VirtualPath } {
  const raw = rawPathAfter(request, baseUrl, prefix).replace(/^\/+/, '');
  const slash = raw.indexOf('/');
  const hash = slash === -1 ? raw : raw.slice(0, slash);
  const sub = fromUrlPath(slash === -1 ? '' : raw.slice(slash)).path;
  return { hash, sub };
}

/** The visit token a file request's page got (FileRequestPage.visit), sent back in X-Share-Visit. */
export function visitTokenOf(request: FastifyRequest): string {
  const header = request.headers['x-share-visit'];
  return typeof header === 'string' ? header : '';
}

/** What a visitor of a password-protected share proves itself with, on every public route alike. */
export function credentialsOf(
  request: FastifyRequest<{ Querystring: { token?: string } }>,
): ShareCredentials {
  const header = request.headers['x-share-password'];
  return {
    password: typeof header === 'string' ? header : '',
    token: request.query.token ?? '',
    address: request.ip,
  };
}

export async function publicShareRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const options = { config: { auth: 'public' as const } };

  app.get<{ Querystring: PublicShareQuery }>(
    '/api/public/share/*',
    { ...options, schema: { querystring: publicShareQuery, response: { 200: publicItemSchema } } },
    async (request, reply) => {
      const { hash, sub } = shareAddress(request, ctx.config.baseUrl, '/api/public/share');
      const live = await liveShare(ctx, hash);
      const until = untilResponseEnds(reply);
      const credentials = credentialsOf(request);
      // A file request's page: its folder's name and this visit's uploads, never the folder.
      if (kindOf(live.share) === 'upload')
        return fileRequestPage(ctx, live, sub, credentials, visitTokenOf(request), until);
      const opened = await openLiveShare(ctx, live, sub, credentials, until);
      if (opened.target.stats.isDirectory())
        holdHeavySlot(ctx.heavyWork, reply, 'listing', String(opened.share.userID));
      const left = downloadsLeft(ctx, opened.share);
      const view: PublicShareAnswer = {
        ...(await publicShareView(opened)),
        kind: kindOf(opened.share),
        expire: opened.share.expire,
        ...(left === undefined ? {} : { downloadsLeft: left }),
      };
      // File Browser's client builds its download and preview links with this token.
      return opened.token === undefined ? view : { ...view, token: opened.token };
    },
  );

  app.get<{ Querystring: DownloadQuery }>(
    '/api/public/dl/*',
    { ...options, schema: { querystring: downloadQuery } },
    async (request, reply) => {
      const { hash, sub } = shareAddress(request, ctx.config.baseUrl, '/api/public/dl');
      const opened = await openShare(
        ctx,
        hash,
        sub,
        credentialsOf(request),
        untilResponseEnds(reply),
      );
      const query = request.query;
      const inline = query.inline === 'true';
      checkViewOnly(opened, { inline, files: query.files });
      // Visitors of a link share its owner's slots: anonymous crowds cannot take more than a user.
      if (opened.target.stats.isDirectory() || query.files)
        holdHeavySlot(ctx.heavyWork, reply, 'walk', String(opened.share.userID));
      const answer = await downloadAnswer(request, opened.view, opened.target, {
        inline,
        algo: query.algo,
        files: query.files,
        rootName: opened.rootName,
        onStart: () => countDownload(ctx, opened.share),
      });
      return sendAnswer(reply, answer);
    },
  );
}
