// Folder items' total sizes in a listing, for users with the folderSizes preference (docs/SEARCH.md,
// "Folder sizes"): the items and, sorted by size, the folders' order follow the totals.
import type { ResourceInfo } from '../api/resources';
import { sortListingInSlices } from './listing-sort';
import type { FolderEntries, FolderListing } from './resource-info';

/**
 * The total bytes below the listed folder's real child folders, by name: of those in `only`, or of
 * all when it is undefined. A child left out has no total known; undefined when none is.
 */
export type ChildFolderSizes = (
  only?: ReadonlySet<string>,
) => Promise<ReadonlyMap<string, number> | undefined>;

/**
 * The listing with its folder items' totals. The whole listing, and any sorted by size, asks for
 * every child's total once; a page in another order only for the folders on it, once they are
 * known (the traversal then covers their subtrees only).
 */
export function withFolderSizes(
  folder: FolderListing,
  sizesOf: ChildFolderSizes,
  paged: boolean,
): FolderListing {
  const entries = folder.entries.then((read) =>
    paged && read.sorting.by !== 'size'
      ? totalledPerPage(read, sizesOf)
      : totalledWhole(read, sizesOf),
  );
  // Awaited by whoever writes the listing out; until then a failure must not go unobserved.
  entries.catch(() => undefined);
  return { ...folder, entries };
}

/** The item with its folder total, when one is known: only real folders have one. */
function withTotal(info: ResourceInfo, totals: ReadonlyMap<string, number>): ResourceInfo {
  if (!info.isDir || info.isSymlink) return info;
  const total = totals.get(info.name);
  return total === undefined ? info : { ...info, size: total, sizeIsTotal: true };
}

async function totalledWhole(
  entries: FolderEntries,
  sizesOf: ChildFolderSizes,
): Promise<FolderEntries> {
  const totals = entries.numDirs > 0 ? await sizesOf() : undefined;
  if (!totals || totals.size === 0) return entries;
  if (entries.sorting.by === 'size') return foldersByTotal(entries, totals);
  return {
    ...entries,
    itemsOf: (start, end) => entries.itemsOf(start, end).map((info) => withTotal(info, totals)),
  };
}

/**
 * Sorted by size, folders stay one block (first when ascending, last when descending, as
 * listing-sort.ts orders them) and are ordered within it by what `size` now says.
 */
async function foldersByTotal(
  entries: FolderEntries,
  totals: ReadonlyMap<string, number>,
): Promise<FolderEntries> {
  const first = entries.sorting.asc ? 0 : entries.count - entries.numDirs;
  const end = first + entries.numDirs;
  const sortable = entries.itemsOf(first, end).map((info) => {
    const item = withTotal(info, totals);
    return { name: item.name, isDir: true, size: item.size, modifiedMs: 0, item };
  });
  const folders = (await sortListingInSlices(sortable, entries.sorting)).map(({ item }) => item);
  return {
    ...entries,
    itemsOf: (start, stop) => [
      ...entries.itemsOf(start, Math.min(stop, first)),
      ...folders.slice(Math.max(start, first) - first, Math.max(0, Math.min(stop, end) - first)),
      ...entries.itemsOf(Math.max(start, end), stop),
    ],
  };
}

/** A page's folders are totalled when the page is prepared, and only they. */
function totalledPerPage(entries: FolderEntries, sizesOf: ChildFolderSizes): FolderEntries {
  let totals: ReadonlyMap<string, number> = new Map();
  return {
    ...entries,
    async prepare(start, end) {
      await entries.prepare?.(start, end);
      const names = entries
        .itemsOf(start, end)
        .filter((info) => info.isDir && !info.isSymlink)
        .map((info) => info.name);
      if (names.length > 0) totals = (await sizesOf(new Set(names))) ?? totals;
    },
    itemsOf: (start, end) => entries.itemsOf(start, end).map((info) => withTotal(info, totals)),
  };
}
