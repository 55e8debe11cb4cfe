// A paged listing sorted by name, read cold: ordered from one readdir, its pages stat'ed as asked (docs/LISTINGS.md).
import { statFields } from '../fs/folder-stats';
import type { FolderDraft, FolderTable } from '../fs/list-folder';
import type { Resolved } from '../fs/scoped-fs';
import type { Sorting } from '../users/user';
import type { SortedFolder } from './listing-cache';
import { maxPageLimit } from './listing-page';
import { rowsByNameInTwoSteps, sortRows } from './listing-sort';

/** Folders first, then names: only names and kinds are needed. */
function orderByName(draft: FolderDraft, sorting: Sorting): Promise<Uint32Array> {
  const isDir = (row: number) => draft.isFolder[row] === 1;
  return sortRows(draft.names, { isDir, size: () => 0, modifiedMs: () => 0 }, sorting);
}

/**
 * A cold paged listing sorted by name. The order needs no stat: the readdir tells folders from
 * the rest, and links are described by the gate as the full read describes them. So the sorted
 * folder is there after one readdir and a sort, with its stats still NaN: each page reads those of
 * its own rows (`fill`), while the stats of every row are read behind it, the folder held until
 * they are in (`statsRead` settles then). Rows whose stats stay NaN vanished since the readdir.
 */
export async function readSortedByName(
  draftTable: (folder: Resolved) => Promise<FolderDraft>,
  folder: Resolved,
  sorting: Sorting,
  statsRead: (settled: Promise<void>) => void,
): Promise<SortedFolder> {
  const draft = await draftTable(folder);
  const all = draft.statAll();
  all.catch(() => undefined); // awaited below; a failure before then must not go unobserved
  const table: FolderTable = {
    names: draft.names,
    stats: new Float64Array(draft.names.length * statFields).fill(NaN),
    links: draft.links,
  };
  let complete = false;
  const settled = all.then(
    (stats) => {
      table.stats.set(stats);
      complete = true;
    },
    () => undefined, // pages keep reading their own rows
  );
  void settled.finally(() => draft.release());
  statsRead(settled);
  const isDir = (row: number) => draft.isFolder[row] === 1;
  // The first rows at once, the whole order behind them (listing-sort.ts): a first page waits
  // for neither the whole sort nor the stats of every row.
  const split = rowsByNameInTwoSteps(draft.names, isDir, sorting.asc, maxPageLimit);
  let order: Uint32Array;
  let wholeOrder: Promise<Uint32Array> | undefined;
  try {
    if (split) {
      order = split.head;
      wholeOrder = split.all;
    } else order = await orderByName(draft, sorting);
  } catch (error) {
    await settled;
    throw error;
  }
  let numDirs = 0;
  for (const isFolder of draft.isFolder) numDirs += isFolder;
  const sorted: SortedFolder = {
    table,
    order,
    total: draft.names.length,
    numDirs,
    async fill(start, end) {
      if (wholeOrder && end > sorted.order.length) sorted.order = await wholeOrder;
      if (complete) return;
      const rows = sorted.order.subarray(start, end);
      let stats: Float64Array;
      try {
        stats = await draft.statRows(rows);
      } catch (error) {
        if (complete) return; // the folder was let go once every row's stats were in
        throw error;
      }
      if (complete) return;
      for (const [at, row] of rows.entries())
        table.stats.set(stats.subarray(at * statFields, (at + 1) * statFields), row * statFields);
    },
  };
  void wholeOrder?.then(
    (all) => (sorted.order = all),
    () => undefined, // a page past the first rows gets the error from `fill`
  );
  return sorted;
}
