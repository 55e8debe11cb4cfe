// The only door to user files: a per-request view of one actor's scope that resolves, contains and authorises.
import type { Stats } from 'node:fs';
import type { Access, Operation } from '../access/access';
import { createAccess } from '../access/access';
import { AppError } from '../errors';
import type { Rule } from '../api/rules';
import type { StoredUser } from '../users/user';
import type { FolderHandle, Identity } from './anchored';
import { hostPathOf, openFolderAt, openFolderPath } from './anchored';
import { EntryStats } from './entry-stats';
import type { FolderStatter } from './folder-stats';
import { statterFrom, walkWorkerThreshold } from './folder-stats';
import type { ListedReader, ListedReaderPool } from './listed-reader';
import { createListedReaderPool } from './listed-reader';
import type { FolderDraft, FolderTable } from './list-folder';
import { draftFolderTable, listFolderEntries, listFolderTable } from './list-folder';
import type { Location, WalkBase } from './locate';
import { locate } from './locate';
import type { PausePoint } from './pause-points';
import type { VirtualPath } from './virtual-path';
import { baseName, childPath, parentOf, segmentsOf } from './virtual-path';

/** What the gate needs to know about the server, fixed at start. */
export interface FsSettings {
  /** The served folder's real path when the server started (messages, new scope folders). */
  rootPath: string;
  /** The served folder, held open for the server's life. */
  rootFolder: FolderHandle;
  followExternalSymlinks: boolean;
  caseInsensitive: boolean;
  /** Entries never shown to anyone: the database, its lock and temp files, uploads in progress. */
  isHiddenEntry(parent: Identity, name: string): boolean;
  /** False only when no name of `joinedNames` (NUL-separated) in `parent` is hidden: a quick pre-check. */
  mayHideAmong(parent: Identity, joinedNames: string): boolean;
  /** The folder holding the database: no recursive operation may take it along. */
  isDatabaseFolder(folder: Identity): boolean;
  /** That folder, held open (is it inside a scope?). */
  databaseFolder: FolderHandle;
  /** Test-only waits between a check and its use (a no-op in production). */
  pause: PausePoint;
  /** Big folders' entries are stat'ed off the event loop. */
  folderStats?: FolderStatter;
  /** Archives read small files on a worker thread, kept between archives. */
  listedReaders?: ListedReaderPool;
}

/**
 * A path the gate has resolved and authorised. What was checked is what gets used: `parent` and
 * `folder` are open, verified descriptors, and every later step works relative to them.
 */
export interface Resolved {
  virtual: VirtualPath;
  /** Where the entry really lies in the scope (links resolved); undefined outside it. */
  realVirtual: VirtualPath | undefined;
  /** The folder holding the entry; undefined for the scope root itself. */
  parent: FolderHandle | undefined;
  name: string;
  /** lstat (or stat when followed) of the entry; undefined when it does not exist. */
  stats: Stats | undefined;
  /** The entry's own handle when it is a folder. */
  folder: FolderHandle | undefined;
  /** Folders still to be made between `parent` and `name` (uploads into new folders). */
  missing: readonly string[];
}

export type ExistingResolved = Resolved & { stats: Stats };

export interface ListedEntry {
  name: string;
  virtual: VirtualPath;
  /** The listed folder, open while the entry is being used. */
  parent: FolderHandle;
  /** Stats of what the entry shows: the target for an in-scope symlink. */
  stats: EntryStats;
  isSymlink: boolean;
  /** A symlink whose target does not exist. */
  isBrokenLink: boolean;
}

export interface ScopedFs {
  readonly access: Access;
  readonly actor: StoredUser;
  /** The global rules this view applies (keys of cached listings, src/files/listing-cache.ts). */
  readonly globalRules: readonly Rule[];
  /** The scope folder's host path (hook variables and messages only: never opened by name). */
  readonly scopeRoot: string;
  /** The scope folder, open and verified. */
  readonly scopeFolder: FolderHandle;
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
  ): Promise<ExistingResolved>;
  /** The visible entries of a folder; escaping symlinks and hidden entries are left out. */
  list(folder: Resolved): Promise<ListedEntry[]>;
  /** The same entries as parallel arrays: a folder of 100,000 entries without 100,000 objects. */
  listTable(folder: Resolved): Promise<FolderTable>;
  /**
   * The same entries by name and kind, their stats read on demand (a paged listing by name). A
   * share's view has none: it filters links further, and share routes use no listing cache.
   */
  draftTable?(folder: Resolved): Promise<FolderDraft>;
  /**
   * A link as list() would show it, for search answers from the index: undefined when it is
   * left out (it escapes, or leads somewhere rules or hiding close), else whether it shows a folder.
   * Only for paths reached without a link on the way (their virtual path is where they lie).
   */
  describeLink(virtual: VirtualPath): Promise<{ isDirectory: boolean } | undefined>;
  /** Every visible entry below `start`, depth first, without following symlinked folders. */
  walk(start: Resolved, signal?: AbortSignal): AsyncGenerator<ListedEntry>;
  /** A reader of the files a walk lists, on a worker thread (archives); close it when done. */
  listedReader(): ListedReader;
  /** Closes the handles of a resolved path now (long loops over many paths). */
  release(resolved: Resolved): void;
  /** Closes every handle the view still holds; the view is unusable afterwards. */
  close(): void;
  pause: PausePoint;
}

function toVirtual(names: string[] | undefined): VirtualPath | undefined {
  if (names === undefined) return undefined;
  return `/${names.map((name) => name.normalize('NFC')).join('/')}` as VirtualPath;
}

/** The scope's folder, walked from the served root; a scope of "/" is the root, held already. */
async function openScope(rootBase: WalkBase, segments: readonly string[]): Promise<FolderHandle> {
  if (segments.length === 0) return rootBase.scope;
  const scopeLocation = await locate(rootBase, segments, true);
  if (!scopeLocation.folder) {
    if (scopeLocation.stats)
      throw new AppError('fs.notDirectory', 'your scope is not a folder on the server');
    throw new AppError('fs.notFound', 'your scope folder does not exist');
  }
  scopeLocation.parent?.release();
  return scopeLocation.folder;
}

/**
 * Opens an actor's view: the scope folder is walked from the served root like any path, so a
 * link on the way is judged by where it leads. `until` closes the view's handles when it aborts
 * (the end of the request); without it, the caller calls close().
 */
export async function openScopedFs(
  settings: FsSettings,
  actor: StoredUser,
  globalRules: readonly Rule[],
  until?: AbortSignal,
): Promise<ScopedFs> {
  const access = createAccess(actor, globalRules, settings.caseInsensitive);
  const openSystemRoot = settings.followExternalSymlinks ? () => openFolderPath('/') : undefined;
  const rootBase: WalkBase = {
    scope: settings.rootFolder,
    scopePath: settings.rootPath,
    openSystemRoot,
    isHidden: settings.isHiddenEntry,
  };
  const scopeFolder = await openScope(rootBase, segmentsOf(actor.scope as VirtualPath));
  const base: WalkBase = {
    scope: scopeFolder,
    // The served root's path was read at start: no readlink on each request for a scope of "/".
    scopePath:
      scopeFolder === settings.rootFolder ? settings.rootPath : await hostPathOf(scopeFolder),
    openSystemRoot,
    isHidden: settings.isHiddenEntry,
  };
  const held = new Set<FolderHandle>([scopeFolder]);
  let isClosed = false;
  const hold = (location: Location) => {
    for (const handle of [location.parent, location.folder])
      if (handle && handle !== scopeFolder) held.add(handle);
  };
  const close = () => {
    isClosed = true;
    for (const handle of held) handle.release();
    held.clear();
  };
  if (until) {
    if (until.aborted) close();
    else until.addEventListener('abort', close, { once: true });
  }

  /** A link inside the scope must not open what the rules close: where it leads is checked too. */
  const isTargetAllowed = (realVirtual: VirtualPath | undefined) =>
    realVirtual === undefined || !access.hasRules || access.isAllowedByRules(realVirtual);

  async function resolve(
    virtual: VirtualPath,
    operation: Operation,
    options: { followLast?: boolean } = {},
  ): Promise<Resolved> {
    if (isClosed) throw new AppError('fs.badPath', 'the request has ended');
    const location = await locate(base, segmentsOf(virtual), options.followLast ?? true);
    const resolved: Resolved = {
      virtual,
      realVirtual: toVirtual(location.inScope),
      parent: location.parent,
      name: location.name,
      stats: location.stats,
      folder: location.folder,
      missing: location.missing,
    };
    hold(location);
    if (location.parent && settings.isHiddenEntry(location.parent, location.name)) {
      release(resolved);
      throw new AppError('fs.notFound');
    }
    if (!access.can(operation, virtual) || !isTargetAllowed(resolved.realVirtual)) {
      release(resolved);
      access.check(operation, virtual); // throws with the missing permission named
      throw new AppError('fs.forbidden');
    }
    return resolved;
  }

  async function resolveExisting(
    virtual: VirtualPath,
    operation: Operation,
    options: { followLast?: boolean } = {},
  ): Promise<ExistingResolved> {
    const resolved = await resolve(virtual, operation, options);
    if (!resolved.stats) {
      release(resolved);
      throw new AppError('fs.notFound');
    }
    return resolved as ExistingResolved;
  }

  function release(resolved: Resolved): void {
    for (const handle of [resolved.parent, resolved.folder]) {
      if (!handle || handle === scopeFolder) continue;
      held.delete(handle);
      handle.release();
    }
  }

  /** Where a listed link leads, checked like any path; undefined when it must not be shown. */
  async function describeLink(
    folder: { virtual: VirtualPath; realVirtual: VirtualPath | undefined },
    name: string,
  ): Promise<{ stats: EntryStats | undefined } | undefined> {
    const from = folder.realVirtual ?? folder.virtual;
    try {
      const target = await locate(base, [...segmentsOf(from), name], true);
      for (const handle of [target.parent, target.folder])
        if (handle && handle !== scopeFolder) handle.release();
      const realVirtual = toVirtual(target.inScope);
      if (!isTargetAllowed(realVirtual)) return undefined;
      if (target.parent && settings.isHiddenEntry(target.parent, target.name)) return undefined;
      return { stats: target.stats && EntryStats.of(target.stats) };
    } catch {
      return undefined; // an escaping link is left out entirely: its target is not ours to show
    }
  }

  function listCallbacks(
    handle: FolderHandle,
    folder: { virtual: VirtualPath; realVirtual: VirtualPath | undefined },
  ) {
    return {
      isListed: (name: string) =>
        !settings.isHiddenEntry(handle, name) && access.isVisible(childPath(folder.virtual, name)),
      describeLink: (name: string) => describeLink(folder, name),
    };
  }

  async function describeLinkAt(
    virtual: VirtualPath,
  ): Promise<{ isDirectory: boolean } | undefined> {
    if (isClosed) return undefined;
    const folder = parentOf(virtual);
    const shown = await describeLink({ virtual: folder, realVirtual: folder }, baseName(virtual));
    // A dangling link is listed as itself, which is not a folder.
    return shown && { isDirectory: shown.stats?.isDirectory() ?? false };
  }

  // Settings made by hand (tests) may have no pool: such a view keeps no worker idle.
  const listedReaders = settings.listedReaders ?? createListedReaderPool(0);
  const walkStats = settings.folderStats && statterFrom(settings.folderStats, walkWorkerThreshold);

  async function listIn(
    handle: FolderHandle,
    folder: { virtual: VirtualPath; realVirtual: VirtualPath | undefined },
    statter = settings.folderStats,
  ): Promise<ListedEntry[]> {
    return listFolderEntries(
      handle,
      {
        ...listCallbacks(handle, folder),
        entryOf: (name, stats, link) => ({
          name,
          virtual: childPath(folder.virtual, name),
          parent: handle,
          stats,
          isSymlink: link,
          isBrokenLink: false,
        }),
      },
      statter,
    );
  }

  function folderOf(folder: Resolved): FolderHandle {
    if (folder.folder) return folder.folder;
    if (folder.stats) throw new AppError('fs.notDirectory', 'not a folder');
    throw new AppError('fs.notFound');
  }

  async function list(folder: Resolved): Promise<ListedEntry[]> {
    return listIn(folderOf(folder), folder);
  }

  async function listTable(folder: Resolved): Promise<FolderTable> {
    const handle = folderOf(folder);
    return listFolderTable(handle, listCallbacks(handle, folder), settings.folderStats);
  }

  async function draftTable(folder: Resolved): Promise<FolderDraft> {
    const handle = folderOf(folder);
    return draftFolderTable(handle, listCallbacks(handle, folder), settings.folderStats);
  }

  async function* walkIn(
    handle: FolderHandle,
    folder: { virtual: VirtualPath; realVirtual: VirtualPath | undefined },
    signal: AbortSignal | undefined,
  ): AsyncGenerator<ListedEntry> {
    let entries: ListedEntry[];
    try {
      entries = await listIn(handle, folder, walkStats);
    } catch {
      return; // an unreadable folder is skipped, the rest of the walk goes on
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: ListedEntry[] = [];
    for (const entry of entries) {
      if (signal?.aborted) return;
      yield entry;
      if (entry.stats.isDirectory() && !entry.isSymlink) subfolders.push(entry);
    }
    for (const entry of subfolders) {
      if (signal?.aborted || isClosed) return;
      await settings.pause('walk.descend');
      let child: FolderHandle;
      try {
        // The folder listed a moment ago, and nothing else: a link put in its place is not entered.
        child = await openFolderAt(handle, entry.name, entry.stats);
      } catch {
        continue;
      }
      const realVirtual =
        folder.realVirtual === undefined ? undefined : childPath(folder.realVirtual, entry.name);
      try {
        yield* walkIn(child, { virtual: entry.virtual, realVirtual }, signal);
      } finally {
        child.release();
      }
    }
  }

  async function* walk(start: Resolved, signal?: AbortSignal): AsyncGenerator<ListedEntry> {
    if (!start.folder) return;
    yield* walkIn(start.folder, start, signal);
  }

  return {
    access,
    actor,
    globalRules,
    scopeRoot: base.scopePath,
    scopeFolder,
    resolve,
    resolveExisting,
    list,
    listTable,
    draftTable,
    describeLink: describeLinkAt,
    walk,
    listedReader: () => listedReaders.reader(),
    release,
    close,
    pause: settings.pause,
  };
}
