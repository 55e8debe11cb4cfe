// A paged listing sorted by name, read cold: ordered from one readdir, its page stat'ed alone (docs/LISTINGS.md).
import { statFields } from '../fs/folder-stats';
import type { FolderDraft, FolderTable } from '../fs/list-folder';
import { isFolderRow } from '../fs/list-folder';
import type { Resolved } from '../fs/scoped-fs';
import type { Sorting } from '../users/user';
import type { SortedFolder } from './listing-cache';
import type { SortColumns } from './listing-sort';
import { comparatorOver, nameSortKey, sortInSlices } from './listing-sort';
import type { FolderEntries, ResourceInfo } from './resource-info';

export interface ByNameRead {
  /** This request's entries: the counts at once, a page's items once `prepare` has stat'ed it. */
  entries: Promise<FolderEntries>;
  /** Every row stat'ed, for the listing cache: later pages are slices of it. */
  full: Promise<SortedFolder>;
}

interface Ordered {
  draft: FolderDraft;
  order: Uint32Array;
  numDirs: number;
}

/** Folders first, then names, as comparatorOver orders them: only names and kinds are needed. */
async function orderByName(draft: FolderDraft, sorting: Sorting): Promise<Ordered> {
  const keys = draft.names.map((name) => nameSortKey(name) ?? null);
  const columns: SortColumns<number> = {
    name: (row) => draft.names[row] as string,
    key: (row) => keys[row] ?? null,
    isDir: (row) => draft.isFolder[row] === 1,
    size: () => 0,
    modifiedMs: () => 0,
  };
  const rows = Array.from({ length: draft.names.length }, (_unused, row) => row);
  const order = Uint32Array.from(await sortInSlices(rows, comparatorOver(columns, sorting)));
  let numDirs = 0;
  for (const row of order) numDirs += draft.isFolder[row] ?? 0;
  return { draft, order, numDirs };
}

/**
 * A cold paged listing sorted by name. The order needs no stat: the readdir tells folders from
 * the rest, and links are described by the gate as the full read describes them. So the first
 * page is answered after one readdir, a sort and the stats of its own rows, while the stats of
 * every row are read behind it for the cache; the folder stays held until they are in. An entry
 * gone between the readdir and its stat is left out of the page, and out of the cached listing.
 */
export function readSortedByName(
  draftTable: (folder: Resolved) => Promise<FolderDraft>,
  folder: Resolved,
  sorting: Sorting,
  infoAt: (table: FolderTable, row: number) => ResourceInfo,
): ByNameRead {
  const drafted = draftTable(folder);
  const ordered = drafted.then((draft) => orderByName(draft, sorting));
  const full = (async (): Promise<SortedFolder> => {
    const draft = await drafted;
    try {
      const [stats, { order }] = await Promise.all([draft.statAll(), ordered]);
      const table: FolderTable = { names: draft.names, stats, links: draft.links };
      const kept = order.filter((row) => !Number.isNaN(stats[row * statFields]));
      let numDirs = 0;
      for (const row of kept) if (isFolderRow(table, row)) numDirs += 1;
      return { table, order: kept, numDirs };
    } finally {
      draft.release();
    }
  })();
  const entries = ordered.then(({ draft, order, numDirs }): FolderEntries => {
    let page: { start: number; end: number; table: FolderTable } | undefined;
    return {
      numDirs,
      numFiles: order.length - numDirs,
      sorting: { ...sorting },
      count: order.length,
      async prepare(start, end) {
        const rows = order.subarray(start, end);
        const stats = await draft.statRows(rows);
        const names = Array.from(rows, (row) => draft.names[row] as string);
        const links = Uint8Array.from(rows, (row) => draft.links[row] ?? 0);
        page = { start, end, table: { names, stats, links } };
      },
      itemsOf(start, end) {
        if (page?.start !== start || page.end !== end)
          throw new Error('itemsOf of a draft listing before its rows were prepared');
        const { table } = page;
        const items: ResourceInfo[] = [];
        for (let at = 0; at < table.names.length; at += 1)
          if (!Number.isNaN(table.stats[at * statFields])) items.push(infoAt(table, at));
        return items;
      },
    };
  });
  return { entries, full };
}
