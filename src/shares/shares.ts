// Share links: creating, listing and deleting them, expiry arithmetic, one permanent link per path.
import { randomBytes } from 'node:crypto';
import { createAccess } from '../access/access';
import { hashPassword, maxPasswordBytes, normalisePassword } from '../auth/passwords';
import type { Context } from '../context';
import { AppError } from '../errors';
import type { VirtualPath } from '../fs/virtual-path';
import { canonicalise } from '../fs/virtual-path';
import type { StoredUser } from '../users/user';
import type { StoredShare } from './share';

/** The largest expiry number a client may send (File Browser's input limit, a 32-bit int). */
export const maxExpiry = 2147483647;

const secondsPerUnit = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;

/** 18 random bytes: 144 bits, 24 base64url characters; guessing one is hopeless. */
const hashBytes = 18;

/** Hashes are base64url; anything else can never name a share and is not looked up. */
export const hashPattern = /^[A-Za-z0-9_-]{1,128}$/;

/** What the management API shows of a share (File Browser 2.63's fields): never the password hash. */
export interface ShareView {
  hash: string;
  path: string;
  userID: number;
  expire: number;
  hasPassword: boolean;
  username?: string;
}

export interface ShareRequest {
  expires?: string | undefined;
  unit?: string | undefined;
  password?: string | undefined;
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

export function isExpired(share: StoredShare, nowMs: number): boolean {
  return share.expire !== 0 && share.expire <= Math.floor(nowMs / 1000);
}

/** Stored paths are compared canonically, so a trailing slash (File Browser's folder form) is ignored. */
function samePath(stored: string, path: VirtualPath): boolean {
  try {
    return canonicalise(stored).path === path;
  } catch {
    return false;
  }
}

export function toShareView(share: StoredShare): ShareView {
  return {
    hash: share.hash,
    path: share.path,
    userID: share.userID,
    expire: share.expire,
    hasPassword: share.passwordHash !== undefined,
  };
}

/** Expired links are deleted lazily, whenever shares are read; the database is written only if needed. */
export async function pruneExpired(ctx: Context): Promise<void> {
  const now = ctx.now();
  if (ctx.shares.list().some((share) => isExpired(share, now)))
    await ctx.shares.removeWhere((share) => isExpired(share, now));
}

function checkSharePermission(ctx: Context, actor: StoredUser) {
  const access = createAccess(actor, ctx.settings.get().rules, ctx.fs.caseInsensitive);
  if (!access.hasPermission('share'))
    throw new AppError('fs.forbidden', "you don't have the share and download permissions");
  return access;
}

const byOwnerThenExpiry = (a: StoredShare, b: StoredShare) =>
  a.userID - b.userID || a.expire - b.expire;

/**
 * A link's password as given, NFC like account passwords; '' or none means an open link. Any
 * length from one character is taken (it is the owner's choice, and guesses are throttled), up to
 * what bcrypt reads: past 72 bytes it would silently ignore the rest.
 */
function sharePassword(password: string | undefined): string | undefined {
  if (password === undefined || password === '') return undefined;
  const normalised = normalisePassword(password);
  if (Buffer.byteLength(normalised, 'utf8') > maxPasswordBytes)
    throw new AppError(
      'share.passwordTooLong',
      `the password is too long, maximum length is ${maxPasswordBytes} bytes`,
    );
  return normalised;
}

export async function createShare(
  ctx: Context,
  actor: StoredUser,
  path: VirtualPath,
  request: ShareRequest,
): Promise<ShareView> {
  const expire = parseExpiry(request.expires, request.unit, ctx.now());
  const password = sharePassword(request.password);
  const fsView = await ctx.scopedFs(actor);
  const target = await fsView.resolveExisting(path, 'share').finally(() => fsView.close());
  const share: StoredShare = {
    hash: newShareHash(),
    path: target.virtual,
    userID: actor.id,
    expire,
    ino: target.stats.ino,
    ...(password === undefined ? {} : { passwordHash: await hashPassword(password) }),
  };
  // One permanent open link per user and path: the store looks for it inside the write, so two
  // concurrent requests can never both create one. A password link is always a new one, and is
  // never handed out for an open one.
  // A link bound to another inode is dead (something else is at the path now): not reused.
  const permanentOfActor = (stored: StoredShare) =>
    stored.userID === actor.id &&
    stored.expire === 0 &&
    stored.passwordHash === undefined &&
    samePath(stored.path, target.virtual) &&
    (stored.ino === undefined || stored.ino === target.stats.ino);
  const reuse = expire === 0 && password === undefined ? permanentOfActor : undefined;
  return toShareView(await ctx.shares.add(share, reuse));
}

/** The caller's live links on one path; the path need not exist any more, but must be shareable. */
export async function sharesForPath(
  ctx: Context,
  actor: StoredUser,
  path: VirtualPath,
): Promise<ShareView[]> {
  const fsView = await ctx.scopedFs(actor);
  const target = await fsView.resolve(path, 'share').finally(() => fsView.close());
  await pruneExpired(ctx);
  return ctx.shares
    .list()
    .filter((share) => share.userID === actor.id && samePath(share.path, target.virtual))
    .sort(byOwnerThenExpiry)
    .map(toShareView);
}

/** The caller's links, or everyone's for an admin; each names its owner. */
export async function listShares(ctx: Context, actor: StoredUser): Promise<ShareView[]> {
  const access = checkSharePermission(ctx, actor);
  await pruneExpired(ctx);
  return ctx.shares
    .list()
    .filter((share) => access.permissions.admin || share.userID === actor.id)
    .sort(byOwnerThenExpiry)
    .map((share) => ({
      ...toShareView(share),
      username: ctx.users.get(share.userID)?.username ?? '',
    }));
}

/** Someone else's link answers exactly like an unknown one, so hashes cannot be probed. */
export async function deleteShare(ctx: Context, actor: StoredUser, hash: string): Promise<void> {
  const access = checkSharePermission(ctx, actor);
  const share = hashPattern.test(hash) ? ctx.shares.get(hash) : undefined;
  if (
    !share ||
    isExpired(share, ctx.now()) ||
    (share.userID !== actor.id && !access.permissions.admin)
  )
    throw new AppError('share.notFound', 'Not found');
  await ctx.shares.remove(hash);
}
