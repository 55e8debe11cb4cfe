// Ordering a folder listing by the user's sorting; asc:true means A→Z for names too (File Browser inverts it).
import type { Sorting } from '../users/user';

export interface SortableItem {
  name: string;
  isDir: boolean;
  size: number;
  /** Milliseconds, for comparisons. */
  modifiedMs: number;
  /** nameSortKey(name), filled in when sorting starts; null when the collator must compare. */
  sortKey?: string | null;
}

/** Natural order (a2 before a10), ignoring case and accents. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Byte-wise order as the last tie-breaker, so equal-looking names always come out the same way. */
function byBytes(a: SortableItem, b: SortableItem): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Printable ASCII other than digits and letters, in the collator's order (checked against it by
 * test/unit/listing-sort.test.ts): every one of them sorts before digits, digits before letters.
 */
const punctuationOrder = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const punctuationRank = new Map(
  [...punctuationOrder].map((char, index) => [char.charCodeAt(0), String.fromCharCode(index + 1)]),
);
/** After every punctuation rank, before every letter: a number starts here in a key. */
const numberMark = '\u0030';
const longestNumber = 200;

/**
 * A string whose plain order is the collator's order of names, for names of printable ASCII
 * (most names on a disk); undefined otherwise. The collator costs about 85 ns a comparison, most
 * of a 100,000-entry listing's sort (docs/LISTINGS.md); comparing keys costs a few. Letters fold
 * case (the collator compares bases), a run of digits becomes its length then its digits without
 * leading zeros (numeric order: 2 before 10, 01 equal to 1), punctuation its rank.
 */
export function nameSortKey(name: string): string | undefined {
  let key = '';
  let index = 0;
  while (index < name.length) {
    const code = name.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      let end = index;
      while (end < name.length && name.charCodeAt(end) >= 48 && name.charCodeAt(end) <= 57)
        end += 1;
      let start = index;
      while (start < end && name.charCodeAt(start) === 48) start += 1;
      if (end - start > longestNumber) return undefined;
      key += numberMark + String.fromCharCode(0x100 + end - start) + name.slice(start, end);
      index = end;
      continue;
    }
    if (code >= 65 && code <= 90) key += String.fromCharCode(code + 32);
    else if (code >= 97 && code <= 122) key += name[index];
    else {
      const rank = punctuationRank.get(code);
      if (rank === undefined) return undefined;
      key += rank;
    }
    index += 1;
  }
  return key;
}

export function compareNames(a: SortableItem, b: SortableItem): number {
  if (typeof a.sortKey === 'string' && typeof b.sortKey === 'string')
    return (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0) || byBytes(a, b);
  return collator.compare(a.name, b.name) || byBytes(a, b);
}

function withSortKeys<T extends SortableItem>(items: T[]): T[] {
  for (const item of items)
    if (item.sortKey === undefined) item.sortKey = nameSortKey(item.name) ?? null;
  return items;
}

const foldersFirst = (a: SortableItem, b: SortableItem) =>
  a.isDir === b.isDir ? 0 : a.isDir ? -1 : 1;

/**
 * name: folders first, then files, each in natural order, A→Z when asc.
 * size: asc → folders first, then files, smallest first; desc → files largest first, then folders.
 * modified: oldest first when asc, folders and files mixed.
 */
export function sortListing<T extends SortableItem>(items: T[], sorting: Sorting): T[] {
  return withSortKeys(items).sort(comparatorFor(sorting));
}

function comparatorFor(sorting: Sorting): (a: SortableItem, b: SortableItem) => number {
  const direction = sorting.asc ? 1 : -1;
  switch (sorting.by) {
    case 'size':
      return (a, b) => direction * (foldersFirst(a, b) || a.size - b.size || compareNames(a, b));
    case 'modified':
      return (a, b) => direction * (a.modifiedMs - b.modifiedMs || compareNames(a, b));
    default:
      return (a, b) => foldersFirst(a, b) || direction * compareNames(a, b);
  }
}

/** A slice this size sorts in a few tens of milliseconds with the collator. */
const sliceSize = 2048;
/** Merge steps between two turns of the event loop. */
const mergeStepsPerTurn = 4096;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same order as sortListing, made in slices with the event loop free between them: the
 * collator costs a few microseconds a comparison, so sorting 100,000 names in one go held every
 * other request for most of a second (several listings at once, seconds). Merging is stable, as
 * Array.prototype.sort is, and the order is total (names tie-break byte-wise).
 */
export async function sortListingInSlices<T extends SortableItem>(
  items: T[],
  sorting: Sorting,
): Promise<T[]> {
  const compare = comparatorFor(sorting);
  withSortKeys(items);
  if (items.length <= sliceSize) return items.sort(compare);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    runs.push(items.slice(start, start + sliceSize).sort(compare));
    await nextTurn();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const [left, right] = [runs[index] as T[], runs[index + 1]];
      merged.push(right ? await mergeRuns(left, right, compare) : left);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergeRuns<T>(left: T[], right: T[], compare: (a: T, b: T) => number) {
  const out: T[] = [];
  let [i, j] = [0, 0];
  while (i < left.length && j < right.length) {
    out.push(compare(left[i] as T, right[j] as T) <= 0 ? (left[i++] as T) : (right[j++] as T));
    if (out.length % mergeStepsPerTurn === 0) await nextTurn();
  }
  while (i < left.length) out.push(left[i++] as T);
  while (j < right.length) out.push(right[j++] as T);
  return out;
}
