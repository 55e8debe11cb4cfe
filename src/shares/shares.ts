// Share links: creating, listing, editing and deleting them, expiry arithmetic, one permanent link per path.
import { randomBytes } from 'node:crypto';
import type { ShareUnit, ShareView } from '../api/shares';
import { createAccess } from '../access/access';
import type { SharesDeps } from './shares-deps';
import { AppError } from '../errors';
import type { VirtualPath } from '../fs/virtual-path';
import { canonicalise } from '../fs/virtual-path';
import type { StoredUser } from '../users/user';
import type { StoredShare } from './share';
import { isExhausted, isExpired, isPastGrace, kindOf, statusOf } from './share';
import type { LimitInput } from './share-options';
import {
  checkLimitsFit,
  maxDownloadLimit,
  parseKind,
  parseLimit,
  sharePassword,
  sharePasswordHash,
} from './share-options';
import { hashPassword } from '../auth/passwords';

export { isExpired };

/** The largest expiry number a client may send (File Browser's input limit, a 32-bit int). */
export const maxExpiry = 2147483647;

const secondsPerUnit = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86400,
} as const satisfies Record<ShareUnit, number>;

/** 18 random bytes: 144 bits, 24 base64url characters; guessing one is hopeless. */
const hashBytes = 18;

/** Hashes are base64url; anything else can never name a share and is not looked up. */
export const hashPattern = /^[A-Za-z0-9_-]{1,128}$/;

export interface ShareRequest {
  expires?: string | undefined;
  unit?: string | undefined;
  password?: string | undefined;
  kind?: string | undefined;
  maxDownloads?: LimitInput;
  maxUploadBytes?: LimitInput;
}

/** A change to a link: a field left out stays as it is (docs/SHARES.md, "Editing"). */
export interface ShareEdit {
  /** A new expiry from now, with `unit`; '' or '0' makes the link permanent. */
  expires?: string | undefined;
  unit?: string | undefined;
  /** A new password; null or '' removes it. */
  password?: string | null | undefined;
  maxDownloads?: LimitInput;
  maxUploadBytes?: LimitInput;
}

export function newShareHash(): string {
  return randomBytes(hashBytes).toString('base64url');
}

/**
 * The expiry as Unix seconds, 0 for a permanent link. No number, an empty one, or 0 means
 * permanent: a link that is dead on arrival helps nobody, and 0 is what "permanent" is stored as.
 */
export function parseExpiry(
  expires: string | undefined,
  unit: string | undefined,
  nowMs: number,
): number {
  const unitName = unit === undefined || unit === '' ? 'hours' : unit;
  if (!Object.hasOwn(secondsPerUnit, unitName))
    throw new AppError('share.invalidExpiry', 'unit must be seconds, minutes, hours or days');
  if (expires === undefined || expires === '') return 0;
  if (!/^\d{1,10}$/.test(expires) || Number(expires) > maxExpiry)
    throw new AppError(
      'share.invalidExpiry',
      `expires must be a whole number from 0 to ${maxExpiry}`,
    );
  const amount = Number(expires);
  if (amount === 0) return 0;
  const seconds = secondsPerUnit[unitName as keyof typeof secondsPerUnit];
  return Math.floor(nowMs / 1000) + amount * seconds;
}

/** Stored paths are compared canonically, so a trailing slash (File Browser's folder form) is ignored. */
function samePath(stored: string, path: VirtualPath): boolean {
  try {
    return canonicalise(stored).path === path;
  } catch {
    return false;
  }
}

/** Counts not yet written (links without a limit count in batches) are shown too. */
export function toShareView(
  ctx: Pick<SharesDeps, 'shareTally' | 'now'>,
  share: StoredShare,
): ShareView {
  const pending = (field: 'downloads' | 'uploadedBytes') =>
    ctx.shareTally.pending(share.hash, field);
  return {
    hash: share.hash,
    path: share.path,
    userID: share.userID,
    expire: share.expire,
    hasPassword: share.passwordHash !== undefined,
    kind: kindOf(share),
    created: share.created ?? 0,
    status: statusOf(share, ctx.now()),
    downloads: (share.downloads ?? 0) + pending('downloads'),
    maxDownloads: share.maxDownloads ?? 0,
    maxUploadBytes: share.maxUploadBytes ?? 0,
    uploadedBytes: (share.uploadedBytes ?? 0) + pending('uploadedBytes'),
  };
}

function ownedView(ctx: SharesDeps, share: StoredShare): ShareView {
  return { ...toShareView(ctx, share), username: ctx.users.get(share.userID)?.username ?? '' };
}

/**
 * Gone links are deleted once their grace period is over (--share-grace), whenever shares are
 * read, and by the sweeper; the database is written only if needed.
 */
export async function pruneGone(ctx: SharesDeps): Promise<void> {
  const now = ctx.now();
  const isDue = (share: StoredShare) => isPastGrace(share, now, ctx.config.shareGraceMs);
  if (ctx.shares.list().some(isDue)) await ctx.shares.removeWhere(isDue);
}

function checkSharePermission(ctx: SharesDeps, actor: StoredUser) {
  const access = createAccess(actor, ctx.settings.get().rules, ctx.fs.caseInsensitive);
  if (!access.hasPermission('share'))
    throw new AppError('fs.forbidden', "you don't have the share and download permissions");
  return access;
}

const byOwnerThenExpiry = (a: StoredShare, b: StoredShare) =>
  a.userID - b.userID || a.expire - b.expire;

/** A plain File Browser link: the kind the permanent-link rule applies to. */
const isPlain = (share: StoredShare) =>
  kindOf(share) === 'download' &&
  share.passwordHash === undefined &&
  share.maxDownloads === undefined;

export async function createShare(
  ctx: SharesDeps,
  actor: StoredUser,
  path: VirtualPath,
  request: ShareRequest,
): Promise<ShareView> {
  const now = ctx.now();
  const expire = parseExpiry(request.expires, request.unit, now);
  const kind = parseKind(request.kind);
  const maxDownloads = parseLimit(request.maxDownloads, 'maxDownloads', maxDownloadLimit);
  const maxUploadBytes = parseLimit(
    request.maxUploadBytes,
    'maxUploadBytes',
    Number.MAX_SAFE_INTEGER,
  );
  checkLimitsFit(kind, { maxDownloads, maxUploadBytes });
  const password = sharePassword(request.password);
  const fsView = await ctx.scopedFs(actor);
  const target = await fsView.resolveExisting(path, 'share').finally(() => fsView.close());
  if (kind === 'upload') {
    if (!target.stats.isDirectory())
      throw new AppError('share.uploadNeedsFolder', 'only a folder can take uploads');
    // The link never grants more than its owner has: uploads need the create permission there.
    fsView.access.check('create', target.virtual);
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const share: StoredShare = {
    hash: newShareHash(),
    path: target.virtual,
    userID: actor.id,
    expire,
    ino: target.stats.ino,
    ...(passwordHash === undefined ? {} : { passwordHash }),
    kind,
    created: Math.floor(now / 1000),
    ...(typeof maxDownloads === 'number' ? { maxDownloads } : {}),
    ...(typeof maxUploadBytes === 'number' ? { maxUploadBytes } : {}),
  };
  // One permanent plain link per user and path: the store looks for it inside the write, so two
  // concurrent requests can never both create one. A link with a password, another kind or a
  // limit is always a new one, and is never handed out for a plain one.
  // A link bound to another inode is dead (something else is at the path now): not reused.
  const permanentOfActor = (stored: StoredShare) =>
    stored.userID === actor.id &&
    stored.expire === 0 &&
    isPlain(stored) &&
    samePath(stored.path, target.virtual) &&
    (stored.ino === undefined || stored.ino === target.stats.ino);
  const reuse = expire === 0 && isPlain(share) ? permanentOfActor : undefined;
  return toShareView(ctx, await ctx.shares.add(share, reuse));
}

/**
 * The caller's live links on one path (File Browser's share dialog: a gone link is not offered);
 * the path need not exist any more, but must be shareable.
 */
export async function sharesForPath(
  ctx: SharesDeps,
  actor: StoredUser,
  path: VirtualPath,
): Promise<ShareView[]> {
  const fsView = await ctx.scopedFs(actor);
  const target = await fsView.resolve(path, 'share').finally(() => fsView.close());
  await pruneGone(ctx);
  const now = ctx.now();
  return ctx.shares
    .list()
    .filter((share) => share.userID === actor.id && samePath(share.path, target.virtual))
    .filter((share) => statusOf(share, now) === 'active')
    .sort(byOwnerThenExpiry)
    .map((share) => toShareView(ctx, share));
}

/**
 * The caller's links, or everyone's for an admin (`user` narrows them to one owner's); each
 * names its owner. Gone links in their grace period are listed, with their status.
 */
export async function listShares(
  ctx: SharesDeps,
  actor: StoredUser,
  filter: { user?: number | undefined } = {},
): Promise<ShareView[]> {
  const access = checkSharePermission(ctx, actor);
  await pruneGone(ctx);
  return ctx.shares
    .list()
    .filter((share) => access.permissions.admin || share.userID === actor.id)
    .filter((share) => filter.user === undefined || share.userID === filter.user)
    .sort(byOwnerThenExpiry)
    .map((share) => ownedView(ctx, share));
}

/** The link as its owner or an admin may act on it; someone else's answers like an unknown one. */
async function ownLink(ctx: SharesDeps, actor: StoredUser, hash: string): Promise<StoredShare> {
  const access = checkSharePermission(ctx, actor);
  await pruneGone(ctx);
  const share = hashPattern.test(hash) ? ctx.shares.get(hash) : undefined;
  if (!share || (share.userID !== actor.id && !access.permissions.admin))
    throw new AppError('share.notFound', 'Not found');
  return share;
}

/** Someone else's link answers exactly like an unknown one, so hashes cannot be probed. */
export async function deleteShare(ctx: SharesDeps, actor: StoredUser, hash: string): Promise<void> {
  await ownLink(ctx, actor, hash);
  await ctx.shares.remove(hash);
}

/**
 * Changes a link's expiry, password or limits (never its kind or item: a link already sent
 * must keep meaning what it meant). A gone link in its grace period comes back to life when the
 * change lifts what ended it.
 */
export async function editShare(
  ctx: SharesDeps,
  actor: StoredUser,
  hash: string,
  edit: ShareEdit,
): Promise<ShareView> {
  const current = await ownLink(ctx, actor, hash);
  const now = ctx.now();
  const expire = edit.expires === undefined ? undefined : parseExpiry(edit.expires, edit.unit, now);
  const maxDownloads = parseLimit(edit.maxDownloads, 'maxDownloads', maxDownloadLimit);
  const maxUploadBytes = parseLimit(edit.maxUploadBytes, 'maxUploadBytes', Number.MAX_SAFE_INTEGER);
  checkLimitsFit(kindOf(current), { maxDownloads, maxUploadBytes });
  const password =
    edit.password === undefined
      ? undefined
      : { hash: await sharePasswordHash(edit.password ?? undefined) };
  const updated = await ctx.shares.update(hash, (stored) => {
    if (!stored) throw new AppError('share.notFound', 'Not found');
    if (expire !== undefined) stored.expire = expire;
    if (password !== undefined) {
      if (password.hash === undefined) delete stored.passwordHash;
      else stored.passwordHash = password.hash;
    }
    if (maxDownloads === null) delete stored.maxDownloads;
    else if (maxDownloads !== undefined) stored.maxDownloads = maxDownloads;
    if (maxUploadBytes === null) delete stored.maxUploadBytes;
    else if (maxUploadBytes !== undefined) stored.maxUploadBytes = maxUploadBytes;
    // The grace period of a used-up link runs from when it was used up, or from now.
    if (!isExhausted(stored)) delete stored.exhaustedAt;
    else stored.exhaustedAt ??= Math.floor(now / 1000);
    return { ...stored };
  });
  return ownedView(ctx, updated);
}
