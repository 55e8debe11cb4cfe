// The watchers of a tree read in worker threads, made once the index is ready (docs/SEARCH.md,
// "Keeping it live"): the workers cannot hand their descriptors over, so each folder is opened
// again here, watched, and read again if it may have changed since the build began.
import type { FolderHandle } from '../fs/anchored';
import { openFolderAtSync } from '../fs/anchored';
import { folderChangedSince, openFolderBelowSync } from '../fs/folder-scan';
import type { NameTable } from './name-table';
import { kindFolder } from './name-table';
import { stepAside } from './step-aside';

export interface WatchPassDeps {
  table: () => NameTable;
  rootFolder: FolderHandle;
  /** False once the index stops (closed, dropped): the pass ends. */
  running: () => boolean;
  /** Watches the folder at `index`; false when the watch budget is spent. */
  watch(index: number, folder: FolderHandle): boolean;
  /** The folder may hold changes its read did not see: it is read again, whole. */
  readAgain(index: number): void;
  /** True while a search or another walk runs: the pass waits a little (step-aside.ts). */
  foregroundBusy?: () => boolean;
}

/**
 * A change a second or less before a folder was read may carry the same time as the read: the
 * kernel stamps changes with a coarse clock. Such a folder is read again, as git treats a file
 * changed in the second of its index ("racy git").
 */
const defaultClockSlackMs = 1000;
/**
 * Synchronous work between two turns of the event loop. Short: nothing waits for the pass, while
 * a search answering between its turns may meet a slice at each of its batches.
 */
const sliceMs = 2;

/**
 * Watches the table's folders breadth first (the shallow ones get the budget first), with the
 * calls of a local disk (the pass runs only after a read in workers, src/fs/local-tree.ts). Each
 * folder is watched first, then its change time is read: one changed since `readSince` (the
 * build's start, wall clock like the file system's times) is read again, so no change between its
 * read and its watcher goes unseen. Restarts on a compacted table; ends when the budget is spent.
 */
export async function watchTableFolders(
  deps: WatchPassDeps,
  readSince: number,
  clockSlackMs = defaultClockSlackMs,
): Promise<void> {
  let table = deps.table();
  const queue = [0];
  let head = 0;
  /** The folder whose children are being watched: breadth first, siblings come together. */
  let parent: { index: number; folder: FolderHandle } | undefined;
  const releaseParent = () => {
    if (parent && parent.folder !== deps.rootFolder) parent.folder.release();
    parent = undefined;
  };
  try {
    while (head < queue.length) {
      if (!deps.running()) return;
      if (deps.table() !== table) {
        // Compacted: the indices changed. Folders already watched are skipped by `watch`.
        releaseParent();
        table = deps.table();
        queue.length = 0;
        queue.push(0);
        head = 0;
      }
      const sliceStart = performance.now();
      while (head < queue.length && performance.now() - sliceStart < sliceMs) {
        const index = queue[head] as number;
        head += 1;
        if (!table.isReachable(index) || table.kindOf(index) !== kindFolder) continue;
        const folder = openIn(index);
        if (!folder) continue;
        try {
          if (!deps.watch(index, folder)) return;
          if (folderChangedSince(folder, readSince - clockSlackMs)) deps.readAgain(index);
        } finally {
          if (folder !== deps.rootFolder) folder.release();
        }
        for (const child of table.childrenOf(index))
          if (table.kindOf(child) === kindFolder) queue.push(child);
      }
      await new Promise((resolve) => setImmediate(resolve));
      await stepAside(deps.foregroundBusy);
    }
  } finally {
    releaseParent();
  }

  /** Opens the folder at `index` inside its parent, held while its siblings follow. */
  function openIn(index: number): FolderHandle | undefined {
    if (index === 0) return deps.rootFolder;
    const parentIndex = table.parentOf(index);
    try {
      if (parent?.index !== parentIndex) {
        releaseParent();
        const opened = openFolderBelowSync(deps.rootFolder, table.segmentsOf(parentIndex));
        if (!opened) return undefined;
        parent = { index: parentIndex, folder: opened };
      }
      return openFolderAtSync(parent.folder, table.nameOf(index));
    } catch {
      return undefined; // gone since: its parent's watcher or read removes it
    }
  }
}
