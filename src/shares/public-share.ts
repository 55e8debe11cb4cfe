// Opening a share for an anonymous visitor: the owner's current rights, confined to the shared item.
import type { Operation } from '../access/access';
import type { SharesDeps } from './shares-deps';
import { AppError, isAppError } from '../errors';
import type { ListedEntry, Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import type { StoredUser } from '../users/user';
import { baseName, canonicalise, childPath, isWithin, segmentsOf } from '../fs/virtual-path';
import { keepRows } from '../fs/list-folder';
import type { StoredShare } from './share';
import { goneSince, isExpired, isPastGrace, kindOf } from './share';
import type { ShareCredentials } from './share-access';
import { admitVisitor } from './share-access';
import { hashPattern } from './shares';

export type ExistingResolved = Resolved & { stats: NonNullable<Resolved['stats']> };

export interface OpenedShare {
  share: StoredShare;
  /** The owner's view, narrowed to the shared item and to reading. */
  view: ScopedFs;
  root: ExistingResolved;
  target: ExistingResolved;
  /** The target relative to the share: "" for a file share, "/" for a folder share's root. */
  relative: string;
  /** The name a download of the share root gets (a scope root has none of its own). */
  rootName: string;
  /** For a password-protected share: the token that opens it without the password for a while. */
  token?: string;
}

/** Every refusal looks the same: unknown, revoked and hidden are indistinguishable (gone is 410). */
export function shareNotFound(): AppError {
  return new AppError('share.notFound', 'Not found');
}

/** Gate failures (missing, forbidden, outside the scope) all become the one not-found answer. */
export async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw shareNotFound();
    throw error;
  }
}

/**
 * The owner's view narrowed to one shared item. Every operation becomes 'share' (so the owner's
 * share and download permissions and rules are checked each time), and anything whose real
 * location leaves the shared item, through `..` in a selection or a symlink, is not found.
 */
export function confineToShare(fsView: ScopedFs, root: Resolved): ScopedFs {
  // A link inside the share is judged by where it leads too: a rule hiding its target hides it.
  const allowedAt = (resolved: Resolved) =>
    resolved.realVirtual !== undefined &&
    root.realVirtual !== undefined &&
    isWithin(resolved.realVirtual, root.realVirtual) &&
    fsView.access.can('share', resolved.realVirtual);
  const resolveInShare = async (
    virtual: VirtualPath,
    operation: Operation,
    options?: { followLast?: boolean },
  ) => {
    if (operation !== 'read' && operation !== 'download' && operation !== 'share')
      throw shareNotFound();
    if (!isWithin(virtual, root.virtual)) throw shareNotFound();
    const resolved = await orNotFound(() => fsView.resolve(virtual, 'share', options));
    if (!allowedAt(resolved)) {
      fsView.release(resolved);
      throw shareNotFound();
    }
    return resolved;
  };
  const keeps = async (entry: Pick<ListedEntry, 'isSymlink' | 'isBrokenLink' | 'virtual'>) => {
    if (!entry.isSymlink) return true;
    if (entry.isBrokenLink) return false;
    const target = await fsView.resolve(entry.virtual, 'share').catch(() => undefined);
    if (!target) return false;
    fsView.release(target);
    return target.stats !== undefined && allowedAt(target);
  };
  return {
    access: fsView.access,
    actor: fsView.actor,
    // The owner's actor and rules, but other entries: share routes must never pass a listing cache.
    globalRules: fsView.globalRules,
    scopeRoot: `${fsView.scopeRoot}${root.realVirtual === '/' ? '' : (root.realVirtual ?? '')}`,
    scopeFolder: root.folder ?? fsView.scopeFolder,
    pause: fsView.pause,
    release: (resolved) => fsView.release(resolved),
    close: () => fsView.close(),
    resolve: resolveInShare,
    async resolveExisting(virtual, operation, options) {
      const resolved = await resolveInShare(virtual, operation, options);
      if (!resolved.stats) throw shareNotFound();
      return resolved as ExistingResolved;
    },
    async list(folder) {
      const entries = await orNotFound(() => fsView.list(folder));
      const kept = await Promise.all(entries.map(keeps));
      return entries.filter((_entry, index) => kept[index]);
    },
    async listTable(folder) {
      const table = await orNotFound(() => fsView.listTable(folder));
      const kept = await Promise.all(
        table.names.map((name, index) => {
          const link = table.links[index] ?? 0;
          if (link === 0) return true;
          const virtual = childPath(folder.virtual, name);
          return keeps({ isSymlink: true, isBrokenLink: link === 2, virtual });
        }),
      );
      return keepRows(table, kept);
    },
    async describeLink(virtual) {
      const shown = await fsView.describeLink(virtual);
      const target = shown && (await fsView.resolve(virtual, 'share').catch(() => undefined));
      if (!target) return undefined;
      fsView.release(target);
      return target.stats !== undefined && allowedAt(target) ? shown : undefined;
    },
    async *walk(start, signal) {
      for await (const entry of fsView.walk(start, signal)) if (await keeps(entry)) yield entry;
    },
    listedReader: () => fsView.listedReader(),
  };
}

/**
 * A link that is gone (expired, or used up) but still in its grace period answers 410, before
 * any password: the page can say the link has ended, and nothing about the item is looked at.
 */
function shareGone(share: StoredShare, nowMs: number): AppError {
  const why = isExpired(share, nowMs) ? 'this link has expired' : 'this link has been used up';
  return new AppError('share.gone', why);
}

/**
 * Looks a hash up: the share and its owner. Unknown is 404; gone is 410 during the grace period
 * (--share-grace), after which the link is deleted here (and by the sweeper) and is unknown.
 */
export async function liveShare(
  ctx: SharesDeps,
  hash: string,
): Promise<{ share: StoredShare; owner: StoredUser }> {
  const share = hashPattern.test(hash) ? ctx.shares.get(hash) : undefined;
  if (!share) throw shareNotFound();
  const now = ctx.now();
  if (isPastGrace(share, now, ctx.config.shareGraceMs)) {
    await ctx.shares.remove(share.hash);
    throw shareNotFound();
  }
  if (goneSince(share, now) !== undefined) throw shareGone(share, now);
  const owner = ctx.users.get(share.userID);
  if (!owner) throw shareNotFound();
  return { share, owner };
}

/**
 * Resolves `sub` (canonical, so its `..` never climbs above "/") inside the share. The owner's
 * rights are read now, not when the link was made: a revoked permission or a new rule ends it.
 * A password-protected share admits the visitor first, so every route that opens a share checks
 * the password or token, and nothing about the item is looked at for a visitor without them.
 */
export async function openShare(
  ctx: SharesDeps,
  hash: string,
  sub: VirtualPath,
  credentials: ShareCredentials,
  until: AbortSignal,
): Promise<OpenedShare> {
  return openLiveShare(ctx, await liveShare(ctx, hash), sub, credentials, until);
}

/** openShare for a link already looked up (liveShare). */
export async function openLiveShare(
  ctx: SharesDeps,
  live: { share: StoredShare; owner: StoredUser },
  sub: VirtualPath,
  credentials: ShareCredentials,
  until: AbortSignal,
): Promise<OpenedShare> {
  const { share, owner } = live;
  // A file request shows nothing of its folder, on any route that reads (docs/SHARES.md).
  if (kindOf(share) === 'upload')
    throw new AppError('share.uploadOnly', 'this link only takes uploads');
  const token = await admitVisitor(ctx, share, credentials);
  const opened = await openAdmitted(ctx, share, owner, sub, until);
  return token === undefined ? opened : { ...opened, token };
}

async function openAdmitted(
  ctx: SharesDeps,
  share: StoredShare,
  owner: StoredUser,
  sub: VirtualPath,
  until: AbortSignal,
): Promise<OpenedShare> {
  const ownerView = await orNotFound(() => ctx.scopedFs(owner, until));
  const sharedPath = await orNotFound(async () => canonicalise(share.path).path);
  const root = await orNotFound(() => ownerView.resolveExisting(sharedPath, 'share'));
  // Something else now at the shared path (moved or renamed onto it) was never shared.
  if (share.ino !== undefined && share.ino !== root.stats.ino) throw shareNotFound();
  const view = confineToShare(ownerView, root);
  const rootName = baseName(root.virtual) || 'share';
  if (!root.stats.isDirectory()) {
    // A file share answers to its own name too (links built as <hash>/<name>), to nothing else.
    if (sub !== '/' && sub !== `/${baseName(root.virtual)}`) throw shareNotFound();
    return { share, view, root, target: root, relative: '', rootName };
  }
  const targetPath = canonicalise(`${root.virtual}${sub}`).path;
  // Ancestors between the share and the target must be visible too, as in a listing walk.
  const below = segmentsOf(sub);
  for (let depth = 1; depth < below.length; depth += 1) {
    const ancestor = canonicalise(`${root.virtual}/${below.slice(0, depth).join('/')}`).path;
    if (!ownerView.access.isVisible(ancestor)) throw shareNotFound();
  }
  const target = await view.resolveExisting(targetPath, 'share');
  return { share, view, root, target, relative: sub, rootName };
}
