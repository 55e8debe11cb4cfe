// The only door to user files: a per-request view of one actor's scope that resolves, contains and authorises.
import type { Dirent, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Access, Operation } from '../access/access';
import { createAccess } from '../access/access';
import { AppError } from '../errors';
import type { Rule } from '../rules/rule';
import type { StoredUser } from '../users/user';
import { isInside, resolveReal } from './resolve-real';
import { lstatMany } from './stat-many';
import type { PausePoint } from './pause-points';
import type { VirtualPath } from './virtual-path';
import { childPath, segmentsOf } from './virtual-path';

/** What the gate needs to know about the server, fixed at start. */
export interface FsSettings {
  /** The served folder, real path. */
  root: string;
  followExternalSymlinks: boolean;
  caseInsensitive: boolean;
  /** Real paths never shown to anyone (the database and its temp files when they sit inside root). */
  isHiddenFile(real: string): boolean;
  /** True when such a hidden file lies in this real folder or below it. */
  holdsHiddenFiles(realFolder: string): boolean;
  /** Test-only waits between a check and its use (a no-op in production). */
  pause: PausePoint;
}

export interface Resolved {
  virtual: VirtualPath;
  /** Real disk path; symlink-free when `followLast`, else the entry itself (which may be a link). */
  real: string;
  /** lstat (or stat when followed) of the entry; undefined when it does not exist. */
  stats: Stats | undefined;
}

export interface ListedEntry {
  name: string;
  virtual: VirtualPath;
  real: string;
  /** Stats of what the entry shows: the target for an in-scope symlink. */
  stats: Stats;
  isSymlink: boolean;
  /** A symlink whose target does not exist. */
  isBrokenLink: boolean;
}

export interface ScopedFs {
  readonly access: Access;
  readonly actor: StoredUser;
  /** The actor's scope folder, real path. */
  readonly scopeRoot: string;
  /**
   * Resolves a canonical virtual path inside the scope and checks `operation` on it. Escaping
   * symlinks are 403 (unless the server follows them); a missing entry is `stats: undefined`.
   */
  resolve(
    virtual: VirtualPath,
    operation: Operation,
    options?: { followLast?: boolean },
  ): Promise<Resolved>;
  /** Like resolve, but a missing entry is 404. */
  resolveExisting(
    virtual: VirtualPath,
    operation: Operation,
    options?: { followLast?: boolean },
  ): Promise<Resolved & { stats: Stats }>;
  /** The visible entries of a folder; escaping symlinks and hidden entries are left out. */
  list(folder: Resolved): Promise<ListedEntry[]>;
  /** Every visible entry below `start`, depth first, without following symlinked folders. */
  walk(start: Resolved, signal?: AbortSignal): AsyncGenerator<ListedEntry>;
  /** Whether a real path lies inside the scope (or anywhere, when external symlinks are followed). */
  contains(real: string): boolean;
  pause: PausePoint;
}

/** The virtual path of a real path inside the scope (where a link really leads), else undefined. */
export function virtualOfReal(scopeRoot: string, real: string): VirtualPath | undefined {
  if (!isInside(real, scopeRoot)) return undefined;
  const relative = path.relative(scopeRoot, real);
  return (
    relative === '' ? '/' : `/${relative.split(path.sep).join('/').normalize('NFC')}`
  ) as VirtualPath;
}

export async function openScopedFs(
  settings: FsSettings,
  actor: StoredUser,
  globalRules: readonly Rule[],
): Promise<ScopedFs> {
  const access = createAccess(actor, globalRules, settings.caseInsensitive);
  const scopeLocation = await resolveReal(settings.root, actor.scope.split('/'), true);
  if (!isInside(scopeLocation.real, settings.root) && !settings.followExternalSymlinks)
    throw new AppError('fs.outsideScope', 'your scope lies outside the served folder');
  if (!scopeLocation.exists) throw new AppError('fs.notFound', 'your scope folder does not exist');
  const scopeRoot = scopeLocation.real;
  const contains = (real: string) => settings.followExternalSymlinks || isInside(real, scopeRoot);
  /**
   * A link inside the scope must not open a path the rules close: where it really leads is
   * checked as well as the path it was reached by.
   */
  const isTargetAllowed = (real: string) => {
    const virtual = access.hasRules ? virtualOfReal(scopeRoot, real) : undefined;
    return virtual === undefined || access.isAllowedByRules(virtual);
  };

  async function resolve(
    virtual: VirtualPath,
    operation: Operation,
    options: { followLast?: boolean } = {},
  ): Promise<Resolved> {
    const followLast = options.followLast ?? true;
    const location = await resolveReal(scopeRoot, segmentsOf(virtual), followLast);
    if (!contains(location.real)) throw new AppError('fs.outsideScope');
    if (settings.isHiddenFile(location.real)) throw new AppError('fs.notFound');
    access.check(operation, virtual);
    if (!isTargetAllowed(location.real)) throw new AppError('fs.forbidden');
    let stats: Stats | undefined;
    if (location.exists)
      stats = await (followLast ? fs.stat(location.real) : fs.lstat(location.real)).catch(
        () => undefined,
      );
    return { virtual, real: location.real, stats };
  }

  async function resolveExisting(
    virtual: VirtualPath,
    operation: Operation,
    options: { followLast?: boolean } = {},
  ) {
    const resolved = await resolve(virtual, operation, options);
    if (!resolved.stats) throw new AppError('fs.notFound');
    return resolved as Resolved & { stats: Stats };
  }

  /** A symlink in a listing: shown with its target's stats, or left out when it leads astray. */
  async function describeLink(
    folder: Resolved,
    name: string,
    virtual: VirtualPath,
    real: string,
  ): Promise<ListedEntry | undefined> {
    try {
      const target = await resolveReal(folder.real, [name], true);
      // An escaping link is left out entirely: its target's size and dates are not ours to show.
      if (
        !contains(target.real) ||
        !isTargetAllowed(target.real) ||
        settings.isHiddenFile(target.real)
      )
        return undefined;
      if (!target.exists)
        return {
          name,
          virtual,
          real,
          stats: await fs.lstat(real),
          isSymlink: true,
          isBrokenLink: true,
        };
      return {
        name,
        virtual,
        real,
        stats: await fs.stat(target.real),
        isSymlink: true,
        isBrokenLink: false,
      };
    } catch {
      return undefined; // vanished or unreadable entries are skipped, as a listing of a live folder must
    }
  }

  async function list(folder: Resolved): Promise<ListedEntry[]> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(folder.real, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new AppError('fs.notFound');
      if (code === 'ENOTDIR') throw new AppError('fs.notDirectory', 'not a folder');
      if (code === 'EACCES' || code === 'EPERM')
        throw new AppError('fs.forbidden', 'the server may not read this folder');
      throw error;
    }
    const visible: { name: string; virtual: VirtualPath; real: string; isLink: boolean }[] = [];
    for (const entry of entries) {
      const virtual = childPath(folder.virtual, entry.name);
      if (!access.isVisible(virtual)) continue;
      const real = path.join(folder.real, entry.name);
      if (settings.isHiddenFile(real)) continue;
      visible.push({ name: entry.name, virtual, real, isLink: entry.isSymbolicLink() });
    }
    const plainStats = await lstatMany(
      visible.filter((item) => !item.isLink).map((item) => item.real),
    );
    const links = await Promise.all(
      visible
        .filter((item) => item.isLink)
        .map((item) => describeLink(folder, item.name, item.virtual, item.real)),
    );
    const described: ListedEntry[] = [];
    let plainIndex = 0;
    let linkIndex = 0;
    for (const item of visible) {
      if (item.isLink) {
        const link = links[linkIndex++];
        if (link) described.push(link);
        continue;
      }
      const stats = plainStats[plainIndex++];
      if (stats)
        described.push({
          name: item.name,
          virtual: item.virtual,
          real: item.real,
          stats,
          isSymlink: false,
          isBrokenLink: false,
        });
    }
    return described;
  }

  async function* walk(start: Resolved, signal?: AbortSignal): AsyncGenerator<ListedEntry> {
    const pending: Resolved[] = [start];
    while (pending.length > 0) {
      if (signal?.aborted) return;
      const folder = pending.pop() as Resolved;
      if (folder !== start) await settings.pause('walk.descend');
      let entries: ListedEntry[];
      try {
        entries = await list(folder);
      } catch {
        continue; // an unreadable folder is skipped, the rest of the walk goes on
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const folders: Resolved[] = [];
      for (const entry of entries) {
        if (signal?.aborted) return;
        yield entry;
        if (entry.stats.isDirectory() && !entry.isSymlink)
          folders.push({ virtual: entry.virtual, real: entry.real, stats: entry.stats });
      }
      pending.push(...folders.reverse());
    }
  }

  return {
    access,
    actor,
    scopeRoot,
    resolve,
    resolveExisting,
    list,
    walk,
    contains,
    pause: settings.pause,
  };
}
