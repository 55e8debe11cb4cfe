// Reading the served tree for the search index: names and kinds through held folders, and folder watchers.
import type { Dirent, FSWatcher } from 'node:fs';
import fs from 'node:fs';
import type { BornIdentity, FolderHandle, Identity } from './anchored';
import { lstatAt, openFolderAt, openFolderAtSync, readFolder, readFolderSync } from './anchored';
import type { FolderStatter } from './folder-stats';
import { statFields, statterFrom, walkWorkerThreshold } from './folder-stats';
import { statNamesIn } from './list-folder';

/** An entry's kind as its folder reports it (d_type; Node lstat's the entry when the disk does not say). */
export const scanOther = 0;
export const scanFolder = 1;
export const scanLink = 2;

export interface FolderContent {
  /** Sorted as the walk sorts them (UTF-16 code units). */
  names: string[];
  kinds: Uint8Array;
}

function kindOf(entry: Dirent): number {
  if (entry.isSymbolicLink()) return scanLink;
  return entry.isDirectory() ? scanFolder : scanOther;
}

function contentOf(
  folder: FolderHandle,
  listed: Dirent[],
  isHidden: (parent: Identity, name: string) => boolean,
): FolderContent {
  const hidden = listed.some((entry) => isHidden(folder, entry.name));
  const entries = hidden ? listed.filter((entry) => !isHidden(folder, entry.name)) : listed;
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const kinds = new Uint8Array(entries.length);
  for (const [index, entry] of entries.entries()) kinds[index] = kindOf(entry);
  return { names: entries.map((entry) => entry.name), kinds };
}

/** The entries of a held folder, hidden ones (the database, uploads in progress) left out. */
export async function readFolderContent(
  folder: FolderHandle,
  isHidden: (parent: Identity, name: string) => boolean,
): Promise<FolderContent> {
  return contentOf(folder, await readFolder(folder), isHidden);
}

/** An entry as the index keeps it: its kind, its bytes when it is a regular file (else 0), and which it is on disk. */
export interface ScannedEntry extends BornIdentity {
  kind: number;
  size: number;
}

/** One entry of a held folder, as a read of the folder would report it; undefined when it is gone. */
export async function scannedEntryAt(
  folder: FolderHandle,
  name: string,
): Promise<ScannedEntry | undefined> {
  const stats = await lstatAt(folder, name);
  if (!stats) return undefined;
  const size = stats.isFile() ? stats.size : 0;
  const { dev, ino, birthtimeMs: born } = stats;
  if (stats.isSymbolicLink()) return { kind: scanLink, size, dev, ino, born };
  return { kind: stats.isDirectory() ? scanFolder : scanOther, size, dev, ino, born };
}

/**
 * The bytes of each named entry of a held folder, read with lstat (a link is not followed): a
 * regular file's size, 0 for anything else and for one gone since it was listed (it counts nothing
 * until its folder's next read removes it). A big folder is read in the stats worker
 * (folder-stats.ts), as a walk reads it.
 */
export async function entrySizesIn(
  folder: FolderHandle,
  names: readonly string[],
  statter: FolderStatter | undefined,
): Promise<Float64Array> {
  const stats = await statNamesIn(
    folder,
    names,
    statter && statterFrom(statter, walkWorkerThreshold),
  );
  const sizes = new Float64Array(names.length);
  for (let index = 0; index < names.length; index += 1) {
    const mode = stats[index * statFields] ?? Number.NaN;
    const isFile = (mode & fs.constants.S_IFMT) === fs.constants.S_IFREG; // false for NaN
    sizes[index] = isFile ? (stats[index * statFields + 1] ?? 0) : 0;
  }
  return sizes;
}

/** Opens a folder below `root` one name at a time, never through a link; undefined when gone. */
export async function openFolderBelow(
  root: FolderHandle,
  segments: readonly string[],
): Promise<FolderHandle | undefined> {
  let folder = root;
  try {
    for (const segment of segments) {
      const child = await openFolderAt(folder, segment);
      if (folder !== root) folder.release();
      folder = child;
    }
    return folder;
  } catch {
    if (folder !== root) folder.release();
    return undefined;
  }
}

/** openFolderBelow with synchronous calls, for a tree on a local disk (src/fs/local-tree.ts). */
export function openFolderBelowSync(
  root: FolderHandle,
  segments: readonly string[],
): FolderHandle | undefined {
  let folder = root;
  try {
    for (const segment of segments) {
      const child = openFolderAtSync(folder, segment);
      if (folder !== root) folder.release();
      folder = child;
    }
    return folder;
  } catch {
    if (folder !== root) folder.release();
    return undefined;
  }
}

/** Whether a held folder's entries (or the folder itself) changed at or after `since` (ms, wall clock). */
export function folderChangedSince(folder: FolderHandle, since: number): boolean {
  return folder.useSync((self) => fs.statSync(self).ctimeMs) >= since;
}

export interface ScanSink {
  /** Takes a folder's content; returns the index of its first child, or undefined to stop the scan. */
  add(parent: number, content: FolderContent): number | undefined;
  /** Called with each folder before it is read, so no change after the read goes unseen. */
  beforeRead?(index: number, folder: FolderHandle): void;
}

interface Pending {
  parent: FolderHandle;
  name: string;
  index: number;
}

/** Synchronous steps longer than this, three in a row, mean the disk is not answering from its cache. */
const slowStepMs = 20;
/** Synchronous work between two turns of the event loop: requests wait at most about this. */
const sliceMs = 8;

/**
 * Reads the tree below `start` (already added as entry `startIndex`). Folders are opened without
 * following links, one name inside their held parent, so a folder swapped for a link is not
 * entered. Each queued folder holds its parent open, not itself: open descriptors stay near the
 * number of folders with queued children. Breadth first (the shallow folders are watched first)
 * until the queue is long, then depth first.
 *
 * While the disk answers from its cache, folders are read with synchronous calls in slices of
 * 8 ms between turns of the event loop: the thread pool's round trips cost more than the reads
 * (10,000 folders, 4 calls each). Once three steps in a row take longer than 20 ms, the rest is read with
 * `concurrency` asynchronous reads in flight, so a cold disk never stalls requests.
 * A tree with a network share or any other mount in it is read asynchronously throughout
 * (`mayReadSync` false): a share that stops answering must not hang the event loop.
 * Resolves true when the whole tree was read, false when the sink stopped it.
 */
export async function scanTree(
  start: FolderHandle,
  startIndex: number,
  isHidden: (parent: Identity, name: string) => boolean,
  sink: ScanSink,
  concurrency = 4,
  mayReadSync = true,
): Promise<boolean> {
  const queue: Pending[] = [];
  let head = 0;
  let stopped = false;
  const next = (): Pending | undefined => {
    if (queue.length - head > 4096) return queue.pop();
    const item = queue[head];
    head += 1;
    if (head > 65_536) {
      queue.splice(0, head);
      head = 0;
    }
    return item;
  };
  const take = (folder: FolderHandle, index: number, content: FolderContent) => {
    if (stopped) return;
    const first = sink.add(index, content);
    if (first === undefined) {
      stopped = true;
      return;
    }
    for (const [offset, name] of content.names.entries())
      if (content.kinds[offset] === scanFolder)
        queue.push({ parent: folder.retain(), name, index: first + offset });
  };

  sink.beforeRead?.(startIndex, start);
  try {
    take(start, startIndex, await readFolderContent(start, isHidden));
  } catch {
    return true; // an unreadable folder is skipped, as the walk skips it
  }
  // Only a tree on one local disk is read synchronously (src/fs/local-tree.ts).
  let warm = mayReadSync;
  let slowSteps = 0;
  while (warm && !stopped && queue.length > head) {
    const sliceStart = performance.now();
    while (!stopped && queue.length > head && performance.now() - sliceStart < sliceMs) {
      const item = next() as Pending;
      const stepStart = performance.now();
      try {
        const folder = openFolderAtSync(item.parent, item.name);
        try {
          sink.beforeRead?.(item.index, folder);
          take(folder, item.index, contentOf(folder, readFolderSync(folder), isHidden));
        } finally {
          folder.release();
        }
      } catch {
        // gone or unreadable since it was listed: skipped, as the walk skips it
      } finally {
        item.parent.release();
      }
      // One slow step may be a garbage collection; several in a row are the disk.
      slowSteps = performance.now() - stepStart > slowStepMs ? slowSteps + 1 : 0;
      if (slowSteps >= 3) warm = false;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = () => {
      while (active < concurrency && queue.length > head) {
        const item = next() as Pending;
        active += 1;
        const work = stopped
          ? Promise.resolve()
          : openFolderAt(item.parent, item.name).then(
              async (folder) => {
                try {
                  sink.beforeRead?.(item.index, folder);
                  take(folder, item.index, await readFolderContent(folder, isHidden));
                } finally {
                  folder.release();
                }
              },
              () => undefined,
            );
        void work
          .catch(() => undefined)
          .finally(() => {
            item.parent.release();
            active -= 1;
            pump();
          });
      }
      if (active === 0 && queue.length <= head) resolve();
    };
    pump();
  });
  return !stopped;
}

/**
 * Watches one folder's own entries (inotify through the held descriptor: the watch follows the
 * folder, not its name). Node 20's recursive fs.watch on Linux reads the whole tree and keeps an
 * entry per file, so each folder gets its own watcher instead (docs/SEARCH.md). `onChange` is told
 * the changed entry's name, or nothing when the watcher cannot say (the folder is read whole).
 */
export function watchFolder(
  folder: FolderHandle,
  onChange: (name?: string) => void,
): { close(): void } | undefined {
  try {
    return folder.useSync((self) => {
      const watcher: FSWatcher = fs.watch(self, { persistent: false }, (_event, name) =>
        onChange(typeof name === 'string' && name !== '' ? name : undefined),
      );
      watcher.on('error', () => {
        watcher.close();
        onChange();
      });
      return { close: () => watcher.close() };
    });
  } catch {
    return undefined;
  }
}

/**
 * How many folders the index may watch: half the user's inotify budget (other programs need
 * theirs), at most 16,384: each watcher costs the process about 1.2 KB (measured with Node 20),
 * so the watchers stay under 20 MB.
 */
export function inotifyWatchBudget(): number {
  try {
    const limit = Number(fs.readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8'));
    return Number.isFinite(limit) ? Math.min(16_384, Math.floor(limit / 2)) : 4096;
  } catch {
    return 4096;
  }
}
