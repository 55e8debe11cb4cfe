// Uploads of file requests: tus 1.0 at /api/public/tus/<hash>/<path>, for anyone holding the link.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { AppError } from '../errors';
import { decodeOnce, segmentsOf } from '../fs/virtual-path';
import type { VirtualPath } from '../fs/virtual-path';
import { canonicalise } from '../fs/virtual-path';
import { rawPathAfter } from '../http/path-param';
import { untilResponseEnds } from '../http/response-lifetime';
import { registerTus } from '../uploads/tus-routes';
import type { StoredUser } from '../users/user';
import { fileRequestHooks, openFileRequest, visitUploadOf } from './file-requests';
import { liveShare } from './public-share';
import { shareAddress, visitTokenOf } from './public-routes';
import type { StoredShare } from './share';
import { kindOf } from './share';

const prefix = '/api/public/tus';

interface Admitted {
  share: StoredShare;
  owner: StoredUser;
  visit: string;
  /** The upload's path relative to the requested folder. */
  sub: VirtualPath;
}

/**
 * A file request takes names as they are: "." and ".." are refused rather than resolved, so a
 * visitor's path is never read as anything but the folders and name it spells.
 */
function checkPlainPath(raw: string): void {
  const decoded = decodeOnce(raw);
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new AppError('fs.badPath', 'a path with "." or ".." is not taken');
}

export async function fileRequestRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const admitted = new WeakMap<FastifyRequest, Admitted>();

  await registerTus(app, ctx, {
    prefix,
    auth: 'public',
    // Before any body is read: a stranger without the link's visit token holds no connection open.
    async admit(request) {
      const raw = rawPathAfter(request, ctx.config.baseUrl, prefix);
      checkPlainPath(raw.replace(/^\/+[^/]*/, ''));
      const { hash, sub } = shareAddress(request, ctx.config.baseUrl, prefix);
      const { share, owner } = await liveShare(ctx, hash);
      if (kindOf(share) !== 'upload')
        throw new AppError('share.notForUploads', 'this link does not take uploads');
      // The visit token proves the password too; a page gets one from /api/public/share/<hash>.
      const visit = ctx.shareTokens.visitOf(visitTokenOf(request), share);
      if (visit === undefined)
        throw new AppError(
          'share.visitRequired',
          'open the link first: uploads carry its visit token in X-Share-Visit',
        );
      admitted.set(request, { share, owner, visit, sub });
    },
    async callerOf(request, reply) {
      const caller = admitted.get(request);
      if (!caller) throw new AppError('internal', 'the visitor was not admitted');
      const until = untilResponseEnds(reply);
      const { share, owner, visit, sub } = caller;
      const { view, root } = await openFileRequest(ctx, share, owner, until);
      const target = canonicalise(`${root.virtual}${sub}`).path;
      return {
        view,
        target,
        hooks: fileRequestHooks(ctx, view, share.hash),
        // At the last byte: the link, its owner and their rights as they are then.
        async current() {
          const now = await liveShare(ctx, share.hash);
          if (kindOf(now.share) !== 'upload')
            throw new AppError('share.notForUploads', 'this link does not take uploads');
          const opened = await openFileRequest(ctx, now.share, now.owner, until);
          return { view: opened.view, hooks: fileRequestHooks(ctx, opened.view, share.hash) };
        },
        visit: visitUploadOf(ctx, share, owner, visit, root.virtual),
        location: (id) => {
          const path = segmentsOf(sub).map(encodeURIComponent).join('/');
          return `${ctx.config.baseUrl}${prefix}/${share.hash}/${path}?id=${id}`;
        },
      };
    },
  });
}
