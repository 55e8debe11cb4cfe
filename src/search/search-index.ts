// The live search index: built after the server listens, kept current by Drawer's writes and folder watchers.
import type { FolderSize } from '../api/resources';
import { servedTreeIsOneLocalDisk } from '../fs/local-tree';
import type { BornIdentity, FolderHandle } from '../fs/anchored';
import { isSameFolder } from '../fs/anchored';
import {
  entrySizesIn,
  openFolderBelow,
  readFolderContent,
  scanFolder,
  scannedEntryAt,
  scanTree,
  watchFolder,
} from '../fs/folder-scan';
import type { ExistingResolved, FsSettings, ScopedFs } from '../fs/scoped-fs';
import type { Logger } from '../logger';
import type { JoinedContent } from '../fs/tree-reader';
import { readTreeInWorkers } from '../fs/tree-reader';
import { childFolderSizes, folderTotals } from './folder-totals';
import { watchTableFolders } from './index-watch-pass';
import { fillSizes } from './index-sizes';
import { kindFolder, NameTable } from './name-table';
import type { EntryKind } from './name-table';
import type { SearchQuery } from './search';
import { searchTable } from './search-index-query';
import type { IndexedResult, IndexScope } from './search-index-query';

/** What a search answer says about where it came from (the X-Search-Index header). */
export type SearchIndexState = 'off' | 'building' | 'ready' | 'unavailable';

export interface SearchIndexOptions {
  enabled: boolean;
  /** Past this many entries the index is dropped and searches walk the disk. */
  maxEntries: number;
  /** Folders watched at most (inotify watches are a per-user kernel budget). */
  maxWatches: number;
  /** Quiet time after a watcher's event before its folder is read again. */
  settleMs?: number;
}

/** Where a disk change happened, as hooks are told (absolute real paths). */
export interface ChangedPaths {
  file: string;
  destination?: string;
}

export interface SearchIndex {
  readonly state: SearchIndexState;
  /** Starts the background build (after the server listens: start-up is not delayed). */
  start(): void;
  close(): void;
  /** Drawer changed these entries: their folders are read again before the next search. */
  noteChanged(paths: ChangedPaths): void;
  /** The answer from the index in batches, or undefined when the walk must answer (not ready, a link on the way). */
  search(
    view: ScopedFs,
    start: ExistingResolved,
    query: SearchQuery,
    signal: AbortSignal,
  ): Promise<IndexAnswer | undefined>;
  /**
   * A folder's total size and counts as the walk would count them, or undefined when the walk
   * must answer (not ready, a file's size not read yet, a link on the way).
   */
  folderTotals(
    view: ScopedFs,
    start: ExistingResolved,
    signal?: AbortSignal,
  ): Promise<FolderSize | undefined>;
  /**
   * The total bytes of each real child folder of `start` (of those named in `only`, when given),
   * as folderTotals would answer for each, in one traversal (a listing's folder sizes,
   * docs/SEARCH.md). A child the index cannot answer for is left out; undefined when it answers
   * for none (not ready, a link on the way, still taking changes in after half a second).
   */
  childFolderSizes(
    view: ScopedFs,
    start: ExistingResolved,
    only?: ReadonlySet<string>,
    signal?: AbortSignal,
  ): Promise<ReadonlyMap<string, number> | undefined>;
}

/** A search's answer from the index: its results in batches, and whether any name needs escaping. */
export interface IndexAnswer {
  batches: AsyncIterable<IndexedResult[]>;
  /** No name in the index needs escaping in JSON (NameTable.namesArePlainJson). */
  plainNames: boolean;
}

export interface SearchIndexDeps {
  fs: Pick<FsSettings, 'rootPath' | 'rootFolder' | 'isHiddenEntry' | 'folderStats'> &
    Partial<Pick<FsSettings, 'mayHideAmong'>>;
  log: Logger;
  now: () => number;
  /** A full collection once the build's passes are done: their garbage is hundreds of megabytes. */
  releaseHeap?: () => void;
  /** True while searches or other walks run: the background passes step aside (step-aside.ts). */
  foregroundBusy?: () => boolean;
}

interface Watch {
  index: number;
  /** The folder watched: a folder made again under the same name is another one (a new inode). */
  folder: BornIdentity;
  close(): void;
}

/** What a folder's next read looks at: the names that changed, or everything. */
type Pending = Set<string> | 'whole';

/** Past this many changed names a folder is read whole: one read is cheaper than so many lstats. */
const namesBeforeWholeRead = 256;
/**
 * A folder that changes this long after its last whole read is read whole: a watcher can miss
 * events (a full inotify queue, a folder past the watch budget), and a change proves the disk is
 * awake. Nothing is read on a timer of its own (docs/SEARCH.md).
 */
const wholeReadEveryMs = 60_000;
/**
 * How long a listing waits for a size pass after the first (sizesSettleSoon): such a pass sizes
 * what was added since, usually a few files, in milliseconds.
 */
const waitForSizesMs = 1000;
/**
 * How long a listing waits for the index to take in pending changes (settle): one changed name
 * takes an lstat, but a folder of 100,000 entries read whole takes a second or more, and a listing
 * is not held that long for its totals; it goes without them instead (docs/SEARCH.md).
 */
const listingSettleMs = 500;

/**
 * True when `work` ends within `ms`; false when it runs on, or fails within a bound (an unbounded
 * wait throws its error, as awaiting it would).
 */
async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const ended = work.then(() => true);
  if (ms === Number.POSITIVE_INFINITY) return ended;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ended.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createSearchIndex(deps: SearchIndexDeps, options: SearchIndexOptions): SearchIndex {
  const readsSync = servedTreeIsOneLocalDisk(deps.fs.rootPath);
  let state: SearchIndexState = options.enabled ? 'building' : 'off';
  let table = new NameTable();
  let closed = false;
  const watches = new Map<number, Watch>();
  /** Folders to read again (by index) with what to look at, and Drawer's changes during the build. */
  const dirty = new Map<number, Pending>();
  /** When each folder changed since the index was ready was last read whole (others: at `readyAt`). */
  const lastWholeRead = new Map<number, number>();
  let readyAt = 0;
  const changedDuringBuild: ChangedPaths[] = [];
  let work: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const settleMs = options.settleMs ?? 200;
  /** The pass that reads files' sizes after their names (index-sizes.ts), and whether to run it again. */
  let sizing: Promise<void> | undefined;
  let sizeAgain = false;
  let sizesReadOnce = false;
  /** A pass a listing waited for in vain (sizesSettleSoon): no listing waits for it again. */
  let slowPass: Promise<void> | undefined;

  const giveUp = (reason: string) => {
    state = 'unavailable';
    for (const watch of watches.values()) watch.close();
    watches.clear();
    dirty.clear();
    table = new NameTable();
    deps.log.warn(`search index off: ${reason}; searches walk the disk`);
  };

  /** Watches a folder unless it is already; false once the budget is spent. */
  const watch = (index: number, folder: FolderHandle): boolean => {
    if (watches.size >= options.maxWatches || closed) return false;
    if (watches.has(index)) return true;
    const entry: Watch = {
      index,
      folder: { dev: folder.dev, ino: folder.ino, born: folder.born },
      close: () => undefined,
    };
    const watcher = watchFolder(folder, (name) => markDirty(entry.index, name));
    if (!watcher) return true;
    entry.close = () => watcher.close();
    watches.set(index, entry);
    return true;
  };

  const sink = {
    add(parent: number, content: { names: string[]; kinds: Uint8Array }) {
      if (closed || state === 'unavailable') return undefined;
      if (table.size + content.names.length > options.maxEntries) {
        giveUp(`more than ${options.maxEntries} entries (--search-index-max)`);
        return undefined;
      }
      return table.addChildren(parent, content.names, content.kinds);
    },
    beforeRead: (index: number, folder: FolderHandle) => void watch(index, folder),
  };
  /** The same, for a tree read in worker threads (names joined, no watchers yet). */
  const joinedSink = {
    add(parent: number, content: JoinedContent) {
      if (closed || state === 'unavailable') return undefined;
      if (table.size + content.kinds.length > options.maxEntries) {
        giveUp(`more than ${options.maxEntries} entries (--search-index-max)`);
        return undefined;
      }
      return table.addJoinedContent(parent, content.joined, content.kinds, content.lengths);
    },
  };
  const hiddenEntries = { isHidden: deps.fs.isHiddenEntry, mayHideAmong: deps.fs.mayHideAmong };

  /** Notes a change in a folder: of the entry `name`, or of anything when no name is known. */
  function markDirty(index: number, name?: string): void {
    if (state !== 'ready' && state !== 'building') return;
    const pending = dirty.get(index);
    const stale = deps.now() - (lastWholeRead.get(index) ?? readyAt) >= wholeReadEveryMs;
    if (
      name === undefined ||
      stale ||
      (pending instanceof Set && pending.size >= namesBeforeWholeRead)
    )
      dirty.set(index, 'whole');
    else if (pending === undefined) dirty.set(index, new Set([name]));
    else if (pending !== 'whole') pending.add(name);
    if (state !== 'ready' || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void settle();
    }, settleMs);
    timer.unref();
  }

  /** Runs the pending reads one after another; a search waits for them, so it sees Drawer's writes. */
  function settle(): Promise<void> {
    work = work.then(async () => {
      while (dirty.size > 0 && state === 'ready') {
        const [index, pending] = dirty.entries().next().value as [number, Pending];
        dirty.delete(index);
        await reconcile(index, pending).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'search index: a folder could not be read again'),
        );
      }
      compactIfWorthIt();
    });
    return work;
  }

  function dropWatch(index: number): void {
    watches.get(index)?.close();
    watches.delete(index);
  }

  /** Reads one folder again (the changed names, or all of it) and brings its entries in line. */
  async function reconcile(index: number, pending: Pending): Promise<void> {
    if (!table.isReachable(index) || table.kindOf(index) !== kindFolder) {
      dropWatch(index);
      return;
    }
    const folder = await openFolderBelow(deps.fs.rootFolder, table.segmentsOf(index));
    if (!folder) return; // gone: the parent's own event removes it
    const watched = watches.get(index);
    if (watched && !isSameFolder(watched.folder, folder) && index !== 0) {
      // Another folder under the same name: its parent's look at the name replaces it whole.
      folder.release();
      markDirty(table.parentOf(index), table.nameOf(index));
      return;
    }
    try {
      if (pending === 'whole') {
        lastWholeRead.set(index, deps.now());
        await reconcileWhole(index, folder);
      } else await reconcileNames(index, folder, pending);
    } finally {
      folder.release();
    }
  }

  /**
   * Reads the folder's entries and brings its children in line, then the sizes of all its files:
   * a whole read repairs what a watcher missed, a file's growth included.
   */
  async function reconcileWhole(index: number, folder: FolderHandle): Promise<void> {
    if (await reconcileWholeNames(index, folder)) await resize(index, folder);
  }

  /** Sets the size of each file among the folder's children (a whole read). */
  async function resize(index: number, folder: FolderHandle): Promise<void> {
    const files = table.childrenOf(index).filter((child) => table.kindOf(child) !== kindFolder);
    const sizes = await entrySizesIn(
      folder,
      files.map((child) => table.nameOf(child)),
      deps.fs.folderStats,
    );
    for (const [at, child] of files.entries()) table.setSize(child, sizes[at] ?? 0);
  }

  /** False when the cap turned the index off on the way. */
  async function reconcileWholeNames(index: number, folder: FolderHandle): Promise<boolean> {
    const content = await readFolderContent(folder, deps.fs.isHiddenEntry);
    const onDisk = new Map<string, number>();
    for (const [offset, name] of content.names.entries())
      onDisk.set(name, content.kinds[offset] ?? 0);
    const known = new Set<string>();
    let removedFolder = false;
    for (const child of table.childrenOf(index)) {
      const name = table.nameOf(child);
      if (onDisk.get(name) === table.kindOf(child)) known.add(name);
      else removedFolder = removeEntry(child) || removedFolder;
    }
    if (removedFolder) dropUnreachableWatches();
    for (const [name, kind] of onDisk)
      if (!known.has(name) && !(await addEntry(index, folder, name, kind))) return false;
    return true;
  }

  /** Looks at each changed name alone: a write into a folder of 100,000 files costs one lstat. */
  async function reconcileNames(
    index: number,
    folder: FolderHandle,
    names: Set<string>,
  ): Promise<void> {
    let removedFolder = false;
    for (const name of names) {
      const found = deps.fs.isHiddenEntry(folder, name)
        ? undefined
        : await scannedEntryAt(folder, name);
      const child = table.childNamed(index, name);
      if (child !== -1 && table.kindOf(child) === found?.kind) {
        if (found.kind !== kindFolder) {
          table.setSize(child, found.size); // written to, or grown
          continue;
        }
        const watched = watches.get(child);
        if (!watched) {
          markDirty(child); // not watched: read whole, at least its own entries
          continue;
        }
        if (isSameFolder(watched.folder, found)) continue;
        // Removed and made again (a restore, a sync tool): nothing below it can be trusted.
      }
      if (child !== -1) removedFolder = removeEntry(child) || removedFolder;
      if (found && !(await addEntry(index, folder, name, found.kind, found.size))) break;
    }
    if (removedFolder) dropUnreachableWatches();
  }

  /** Removes an entry (a folder with all below it); true when it was a folder. */
  function removeEntry(child: number): boolean {
    const wasFolder = table.kindOf(child) === kindFolder;
    table.remove(child);
    return wasFolder;
  }

  /** Once per read, not per removed folder: thousands of watches are checked each time. */
  function dropUnreachableWatches(): void {
    for (const watched of [...watches.keys()]) if (!table.isReachable(watched)) dropWatch(watched);
  }

  /** Adds an entry found on disk, a folder with all below it; false once the cap turned the index off. */
  async function addEntry(
    parent: number,
    folder: FolderHandle,
    name: string,
    kind: number,
    size?: number,
  ): Promise<boolean> {
    if (table.size >= options.maxEntries) {
      giveUp(`more than ${options.maxEntries} entries (--search-index-max)`);
      return false;
    }
    const child = table.add(parent, name, kind as EntryKind);
    if (size !== undefined) table.setSize(child, size);
    if (kind !== scanFolder) return true;
    const opened = await openFolderBelow(folder, [name]).catch(() => undefined);
    if (!opened) return true;
    try {
      await scanTree(opened, child, deps.fs.isHiddenEntry, sink, 2, readsSync);
    } finally {
      opened.release();
    }
    // The new folder's files came with names only: the size pass reads their sizes.
    sizeSoon();
    return state === 'ready'; // the cap may have been reached inside the new folder
  }

  /** Rebuilds the base when many entries were added or removed since (never reads the disk). */
  function compactIfWorthIt(): void {
    if (state !== 'ready') return;
    const added = table.addedSinceSeal;
    if (added < Math.max(50_000, table.size / 10) && table.deadEntries < table.size / 4) return;
    const started = performance.now();
    const { table: compact, remap } = table.compacted();
    const moved = [...watches.values()];
    watches.clear();
    for (const entry of moved) {
      const index = remap[entry.index] ?? -1;
      if (index === -1) entry.close();
      else {
        entry.index = index;
        watches.set(index, entry);
      }
    }
    table = compact;
    // Indices changed: every folder counts as read whole at the compaction, which never read one.
    lastWholeRead.clear();
    readyAt = deps.now() - wholeReadEveryMs;
    deps.log.info(
      { entries: table.size, ms: Math.round(performance.now() - started) },
      'search index compacted',
    );
  }

  /**
   * The index entry of a host path below the served root (-1 when outside it), or the deepest one
   * known on the way with the name below it that is not (`missing` of the path's names are not).
   */
  function entryOfHostPath(hostPath: string): { index: number; missing: number; next?: string } {
    const root = deps.fs.rootPath;
    if (hostPath !== root && !hostPath.startsWith(`${root}/`)) return { index: -1, missing: 0 };
    const segments = hostPath === root ? [] : hostPath.slice(root.length + 1).split('/');
    let index = 0;
    for (const [depth, segment] of segments.entries()) {
      const child = table.childNamed(index, segment);
      if (child === -1) return { index, missing: segments.length - depth, next: segment };
      index = child;
    }
    return { index, missing: 0 };
  }

  function applyChange(paths: ChangedPaths): void {
    for (const path of [paths.file, paths.destination]) {
      if (path === undefined) continue;
      const { index, missing, next } = entryOfHostPath(path);
      if (index === -1) continue;
      if (missing > 0) {
        markDirty(index, next); // the nearest folder that is indexed learns of the new ones
        continue;
      }
      // A copy or move may merge into an existing folder: it is read whole again.
      if (path === paths.destination && table.kindOf(index) === kindFolder && index !== 0)
        table.remove(index);
      const parent = table.parentOf(index);
      if (parent === -1) markDirty(index);
      else markDirty(parent, table.nameOf(index));
    }
  }

  async function build(): Promise<void> {
    const started = performance.now();
    // The file system's clock: a folder changed since is read again once watched.
    const readSince = Date.now();
    // On a local disk, worker threads read the tree (no request waits behind them) and the
    // watchers follow once the index is ready; elsewhere reads are asynchronous throughout, each
    // folder watched before it is read (src/fs/folder-scan.ts).
    const complete = readsSync
      ? await readTreeInWorkers(deps.fs.rootFolder, 0, hiddenEntries, joinedSink)
      : await scanTree(deps.fs.rootFolder, 0, deps.fs.isHiddenEntry, sink, 4, false);
    if (closed || !complete || state !== 'building') return;
    table.seal();
    state = 'ready';
    readyAt = deps.now();
    for (const paths of changedDuringBuild.splice(0)) applyChange(paths);
    deps.log.info(
      {
        entries: table.size,
        ms: Math.round(performance.now() - started),
        megabytes: Math.round(table.approximateBytes / 1e5) / 10,
      },
      'search index ready',
    );
    // The build's garbage (the workers' answers) is collected at once, not under the first searches.
    deps.releaseHeap?.();
    if (readsSync) watchSoon(readSince);
    sizeSoon();
    if (dirty.size > 0) await settle();
  }

  /** Watches the folders read in workers (index-watch-pass.ts), in the background. */
  function watchSoon(readSince: number): void {
    const started = performance.now();
    watchTableFolders(
      {
        table: () => table,
        rootFolder: deps.fs.rootFolder,
        running: () => state === 'ready' && !closed,
        watch,
        readAgain: (index) => markDirty(index),
        foregroundBusy: deps.foregroundBusy,
      },
      readSince,
    )
      .then(() => {
        const ms = Math.round(performance.now() - started);
        deps.log.info({ watchedFolders: watches.size, ms }, 'search index: folders watched');
      })
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'search index: folders could not be watched'),
      );
  }

  /** Runs the size pass now, or once more after the one running (it may have passed a new folder by). */
  function sizeSoon(): void {
    if (sizing) {
      sizeAgain = true;
      return;
    }
    const started = performance.now();
    sizing = (async () => {
      do {
        sizeAgain = false;
        const complete = await fillSizes({
          table: () => table,
          rootFolder: deps.fs.rootFolder,
          statter: deps.fs.folderStats,
          running: () => state === 'ready' && !closed,
          foregroundBusy: deps.foregroundBusy,
        });
        if (complete && !sizesReadOnce) {
          sizesReadOnce = true;
          const ms = Math.round(performance.now() - started);
          deps.log.info({ ms }, 'search index: file sizes read');
          deps.releaseHeap?.();
        }
      } while (sizeAgain && state === 'ready' && !closed);
    })()
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'search index: file sizes could not be read'),
      )
      .finally(() => {
        sizing = undefined;
      });
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (state !== 'building') return;
      build().catch((error: unknown) => giveUp(`the build failed (${String(error)})`));
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const entry of watches.values()) entry.close();
      watches.clear();
    },
    noteChanged(paths) {
      // Past this many, the watchers and the searches' own reads are left to catch up.
      if (state === 'building' && changedDuringBuild.length < 10_000)
        changedDuringBuild.push(paths);
      else if (state === 'ready') applyChange(paths);
    },
    async search(view, start, query, signal) {
      const scope = await viewScope(view, start);
      if (!scope) return undefined;
      const plainNames = table.namesArePlainJson();
      return { batches: searchTable(table, scope, query, signal), plainNames };
    },
    async folderTotals(view, start, signal) {
      const scope = await viewScope(view, start);
      return scope && folderTotals(table, scope, signal);
    },
    async childFolderSizes(view, start, only, signal) {
      let scope = await viewScope(view, start, listingSettleMs);
      let sizes = scope && (await childFolderSizes(table, scope, only, signal));
      if (sizes && [...sizes.values()].some(Number.isNaN) && (await sizesSettleSoon())) {
        // The table may have been compacted meanwhile: the start is found again.
        scope = await viewScope(view, start, listingSettleMs);
        sizes = scope && (await childFolderSizes(table, scope, only, signal));
      }
      if (!sizes) return undefined;
      return new Map([...sizes].filter(([, size]) => !Number.isNaN(size)));
    },
  };

  /**
   * Waits a little for a size pass that follows the first one: it sizes the files of folders added
   * since (an upload of a folder, a folder made outside Drawer), which a listing would otherwise
   * show without a total until it is asked again. A pass that outlasts the wait is not waited
   * for again. True when a pass ended in time.
   */
  async function sizesSettleSoon(): Promise<boolean> {
    const pass = sizing;
    if (!pass || !sizesReadOnce || pass === slowPass) return false;
    const inTime = await endsWithin(pass, waitForSizesMs);
    if (!inTime) slowPass = pass;
    return inTime;
  }

  /**
   * How the actor's view judges what lies below `start` (for a search and for totals alike), once
   * Drawer's pending changes are in; undefined when the index cannot answer (not ready, reached
   * through a link, not indexed, or still taking changes in after `settleMs`).
   */
  async function viewScope(
    view: ScopedFs,
    start: ExistingResolved,
    settleMs = Number.POSITIVE_INFINITY,
  ): Promise<IndexScope | undefined> {
    // Reached through a link: the walk judges links from where they really lie; leave it that.
    if (state !== 'ready' || start.realVirtual !== start.virtual) return undefined;
    if (!(await endsWithin(settle(), settleMs))) return undefined;
    if (state !== 'ready') return undefined;
    const host = start.virtual === '/' ? view.scopeRoot : `${view.scopeRoot}${start.virtual}`;
    const { index, missing } = entryOfHostPath(host);
    if (index === -1 || missing > 0 || table.kindOf(index) !== kindFolder) return undefined;
    return {
      startIndex: index,
      startVirtual: start.virtual,
      isVisible: (virtual) => view.access.isVisible(virtual),
      judgesPaths: view.access.hasRules || view.actor.hideDotfiles,
      describeLink: (virtual) => view.describeLink(virtual),
    };
  }
}
