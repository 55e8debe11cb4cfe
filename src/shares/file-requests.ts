// File requests (upload links): letting a visitor in, the owner's folder narrowed to new files, and
// what each visit has put there (docs/SHARES.md).
import type { Operation } from '../access/access';
import type { HookedAction } from '../commands/hooks';
import { hooksFor } from '../commands/hooks';
import type { SharesDeps } from './shares-deps';
import { AppError } from '../errors';
import type { ExistingResolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, canonicalise, isWithin } from '../fs/virtual-path';
import type { VisitUpload } from '../uploads/uploads';
import type { StoredUser } from '../users/user';
import type { FileRequestPage } from '../api/shares';
import { uploadLimitError } from './file-request-ledger';
import { orNotFound, shareNotFound } from './public-share';
import type { StoredShare } from './share';
import type { ShareCredentials } from './share-access';
import { admitVisitor } from './share-access';

/**
 * The owner's view narrowed to creating new entries strictly inside the requested folder: no
 * listing, no reading, and nothing whose real location (through a link) leaves the folder. The
 * scope root stays the owner's, so the owner's hooks see the owner's paths.
 */
export function confineToUploads(ownerView: ScopedFs, root: ExistingResolved): ScopedFs {
  const refuse = () => new AppError('fs.forbidden', 'a file request only takes new files');
  const resolve = async (
    virtual: VirtualPath,
    operation: Operation,
    options?: { followLast?: boolean },
  ) => {
    if (operation !== 'create') throw refuse();
    if (virtual === root.virtual || !isWithin(virtual, root.virtual))
      throw new AppError('request.invalid', 'name the file to upload inside the folder');
    const resolved = await ownerView.resolve(virtual, 'create', options);
    const real = resolved.realVirtual;
    if (real === undefined || root.realVirtual === undefined || !isWithin(real, root.realVirtual)) {
      ownerView.release(resolved);
      throw new AppError('fs.outsideScope');
    }
    return resolved;
  };
  return {
    ...ownerView,
    resolve,
    async resolveExisting() {
      throw refuse();
    },
    async list() {
      throw refuse();
    },
    // eslint-disable-next-line require-yield -- a file request walks nothing
    async *walk() {
      throw refuse();
    },
  };
}

/**
 * Opens the requested folder as its owner has it now: the owner must still be allowed to share
 * it (share and download) and to create in it, and it must be the folder that was shared.
 * Anything else is the one not-found answer.
 */
export async function openFileRequest(
  ctx: SharesDeps,
  share: StoredShare,
  owner: StoredUser,
  until: AbortSignal,
): Promise<{ view: ScopedFs; root: ExistingResolved }> {
  const ownerView = await orNotFound(() => ctx.scopedFs(owner, until));
  const sharedPath = await orNotFound(async () => canonicalise(share.path).path);
  const root = await orNotFound(() => ownerView.resolveExisting(sharedPath, 'share'));
  if (
    (share.ino !== undefined && share.ino !== root.stats.ino) ||
    !root.stats.isDirectory() ||
    !ownerView.access.can('create', root.virtual)
  )
    throw shareNotFound();
  return { view: confineToUploads(ownerView, root), root };
}

/**
 * Lets a visitor into a file request: a valid visit token (which proves the password, when the
 * link has one) keeps its visit; otherwise the password or its token is checked as on every
 * share route, and a new visit begins.
 */
export async function admitToFileRequest(
  ctx: SharesDeps,
  share: StoredShare,
  credentials: ShareCredentials,
  visitToken: string,
): Promise<{ token: string; visit: string }> {
  const visit = visitToken === '' ? undefined : ctx.shareTokens.visitOf(visitToken, share);
  if (visit !== undefined) return { token: visitToken, visit };
  await admitVisitor(ctx, share, credentials);
  const issued = ctx.shareTokens.issueVisit(share);
  return { token: issued.token, visit: issued.visit };
}

/** Bytes the link still takes: its limit less what was put in place and what uploads hold. */
function roomOf(share: StoredShare): number | undefined {
  if (share.maxUploadBytes === undefined) return undefined;
  return Math.max(0, share.maxUploadBytes - (share.uploadedBytes ?? 0));
}

export async function fileRequestPage(
  ctx: SharesDeps,
  live: { share: StoredShare; owner: StoredUser },
  sub: VirtualPath,
  credentials: ShareCredentials,
  visitToken: string,
  until: AbortSignal,
): Promise<FileRequestPage> {
  const { share, owner } = live;
  const { token, visit } = await admitToFileRequest(ctx, share, credentials, visitToken);
  // The folder has no sub-paths to show.
  if (sub !== '/') throw shareNotFound();
  const { root } = await openFileRequest(ctx, share, owner, until);
  const room = roomOf(share);
  return {
    name: baseName(root.virtual) || 'share',
    path: '',
    isDir: true,
    kind: 'upload',
    expire: share.expire,
    visit: token,
    uploads: ctx.fileRequests.received(share.hash, visit),
    ...(room === undefined
      ? {}
      : { uploadBytesLeft: Math.max(0, room - ctx.fileRequests.held(share.hash)) }),
  };
}

/** The owner's hooks, told the link (SHARE), logging under it. */
export function fileRequestHooks(ctx: SharesDeps, view: ScopedFs, hash: string): HookedAction {
  return hooksFor({ ...ctx, log: ctx.log.child({ share: hash }) }, view, hash);
}

/**
 * How a visitor's upload counts against the link: held while unfinished (the ledger), counted
 * in the database before the file is put in place (strictly, for a link with a limit), and
 * listed for the visit and logged under the link once in place.
 */
export function visitUploadOf(
  ctx: SharesDeps,
  share: StoredShare,
  owner: StoredUser,
  visit: string,
  root: VirtualPath,
): VisitUpload {
  const hash = share.hash;
  const relative = (virtual: VirtualPath) => (root === '/' ? virtual : virtual.slice(root.length));
  return {
    key: `${hash}/${visit}`,
    reserve(id, length) {
      const room = roomOf(ctx.shares.get(hash) ?? share);
      if (room !== undefined) ctx.fileRequests.reserve(hash, id, length, room);
    },
    async commit(length) {
      if (ctx.shares.get(hash)?.maxUploadBytes === undefined) {
        ctx.shareTally.add(hash, 'uploadedBytes', length);
        return async () => ctx.shareTally.add(hash, 'uploadedBytes', -length);
      }
      await ctx.shares.update(hash, (stored) => {
        if (!stored) throw shareNotFound();
        const used = stored.uploadedBytes ?? 0;
        if (stored.maxUploadBytes !== undefined && used + length > stored.maxUploadBytes)
          throw uploadLimitError(stored.maxUploadBytes - used);
        stored.uploadedBytes = used + length;
      });
      return async () => {
        await ctx.shares.update(hash, (stored) => {
          if (stored) stored.uploadedBytes = Math.max(0, (stored.uploadedBytes ?? 0) - length);
        });
      };
    },
    release: (id) => ctx.fileRequests.release(id),
    placed(virtual, length) {
      const path = relative(virtual);
      ctx.fileRequests.remember(hash, visit, {
        path,
        size: length,
        uploaded: new Date(ctx.now()).toISOString(),
      });
      // The path goes in a field (escaped), never in the message: a name may hold a line break.
      ctx.log.info(
        { share: hash, owner: owner.username, path, size: length },
        `upload through file request share=${hash}`,
      );
    },
  };
}
