// Ordering a folder listing by the user's sorting; asc:true means A→Z for names too (File Browser inverts it).
import type { Sorting } from '../users/user';

export interface SortableItem {
  name: string;
  isDir: boolean;
  size: number;
  /** Milliseconds, for comparisons. */
  modifiedMs: number;
}

/** Natural order (a2 before a10), ignoring case and accents. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Byte-wise order as the last tie-breaker, so equal-looking names always come out the same way. */
function byBytes(a: SortableItem, b: SortableItem): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function compareNames(a: SortableItem, b: SortableItem): number {
  return collator.compare(a.name, b.name) || byBytes(a, b);
}

const foldersFirst = (a: SortableItem, b: SortableItem) =>
  a.isDir === b.isDir ? 0 : a.isDir ? -1 : 1;

/**
 * name: folders first, then files, each in natural order, A→Z when asc.
 * size: asc → folders first, then files, smallest first; desc → files largest first, then folders.
 * modified: oldest first when asc, folders and files mixed.
 */
export function sortListing<T extends SortableItem>(items: T[], sorting: Sorting): T[] {
  const direction = sorting.asc ? 1 : -1;
  let compare: (a: T, b: T) => number;
  switch (sorting.by) {
    case 'size':
      compare = (a, b) => direction * (foldersFirst(a, b) || a.size - b.size || compareNames(a, b));
      break;
    case 'modified':
      compare = (a, b) => direction * (a.modifiedMs - b.modifiedMs || compareNames(a, b));
      break;
    default:
      compare = (a, b) => foldersFirst(a, b) || direction * compareNames(a, b);
  }
  return items.sort(compare);
}
