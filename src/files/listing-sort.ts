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

/**
 * Natural order (a2 before a10), ignoring case and accents. Made for the first name without a
 * key: creating it reads ICU's collation tables, 3 MB of memory and 9 ms that a server whose
 * names are all ASCII never needs.
 */
let collator: Intl.Collator | undefined;

/** Byte-wise order as the last tie-breaker, so equal-looking names always come out the same way. */
function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Printable ASCII other than digits and letters, in the collator's order (checked against it by
 * test/unit/listing-sort.test.ts): every one of them sorts before digits, digits before letters.
 */
const punctuationOrder = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const punctuationRank: number[] = [];
for (const [index, char] of [...punctuationOrder].entries())
  punctuationRank[char.charCodeAt(0)] = index + 1;
/** After every punctuation rank, before every letter: a number starts here in a key. */
const numberMark = 0x30;
/** A number's length is written as this plus its digit count: one byte, never NUL. */
const lengthBase = 0x20;
const longestNumber = 200;

/**
 * Where keys are written before they become strings. Building a key with `+=` made a chain of
 * string pieces per name, kept (and promoted to V8's old space) until the sort flattened them:
 * most of the 40 MB of garbage a 100,000-entry listing left behind (docs/LISTINGS.md). Written
 * here, each key or order string is one flat string of one-byte characters.
 */
let scratch = Buffer.allocUnsafe(4096);

/** Room for `bytes` more from `at`, keeping what scratch holds before it. */
function scratchFor(at: number, bytes: number): Buffer {
  if (at + bytes > scratch.length) {
    const grown = Buffer.allocUnsafe(2 * (at + bytes));
    scratch.copy(grown, 0, 0, at);
    scratch = grown;
  }
  return scratch;
}

/** Writes `name`'s key into scratch from `at`; its end, or -1 when the name has none. */
function writeNameKey(name: string, at: number): number {
  // A key is at most 3 bytes per character of the name (a one-digit number: mark, length, digit).
  const into = scratchFor(at, 3 * name.length);
  let end = at;
  let index = 0;
  while (index < name.length) {
    const code = name.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      let last = index;
      while (last < name.length && name.charCodeAt(last) >= 48 && name.charCodeAt(last) <= 57)
        last += 1;
      let start = index;
      while (start < last && name.charCodeAt(start) === 48) start += 1;
      if (last - start > longestNumber) return -1;
      into[end++] = numberMark;
      into[end++] = lengthBase + last - start;
      for (let digit = start; digit < last; digit += 1) into[end++] = name.charCodeAt(digit);
      index = last;
      continue;
    }
    if (code >= 65 && code <= 90) into[end++] = code + 32;
    else if (code >= 97 && code <= 122) into[end++] = code;
    else {
      const rank = punctuationRank[code] ?? 0;
      if (rank === 0) return -1;
      into[end++] = rank;
    }
    index += 1;
  }
  return end;
}

/**
 * A string whose plain order is the collator's order of names, for names of printable ASCII
 * (most names on a disk); undefined otherwise. The collator costs about 85 ns a comparison, most
 * of a 100,000-entry listing's sort (docs/LISTINGS.md); comparing keys costs a few. Letters fold
 * case (the collator compares bases), a run of digits becomes a mark, its length and its digits
 * without leading zeros (numeric order: 2 before 10, 01 equal to 1), punctuation its rank. Two
 * keys equal up to a mark are both starting a number there, so a length is only ever compared
 * with a length.
 */
export function nameSortKey(name: string): string | undefined {
  const end = writeNameKey(name, 0);
  return end === -1 ? undefined : scratch.toString('latin1', 0, end);
}

/**
 * How a sort reads its entries: items by their fields, or the rows of a listing's table by index
 * (a folder of 100,000 entries sorted without an object per entry, docs/LISTINGS.md).
 */
export interface SortColumns<T> {
  name(entry: T): string;
  /** nameSortKey of the name; null when the collator must compare. */
  key(entry: T): string | null;
  isDir(entry: T): boolean;
  size(entry: T): number;
  modifiedMs(entry: T): number;
}

function namesComparator<T>(columns: SortColumns<T>): (a: T, b: T) => number {
  return (a, b) => {
    const [keyA, keyB] = [columns.key(a), columns.key(b)];
    const [nameA, nameB] = [columns.name(a), columns.name(b)];
    if (keyA !== null && keyB !== null) return byBytes(keyA, keyB) || byBytes(nameA, nameB);
    collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    return collator.compare(nameA, nameB) || byBytes(nameA, nameB);
  };
}

/**
 * name: folders first, then files, each in natural order, A→Z when asc.
 * size: asc → folders first, then files, smallest first; desc → files largest first, then folders.
 * modified: oldest first when asc, folders and files mixed.
 */
export function comparatorOver<T>(
  columns: SortColumns<T>,
  sorting: Sorting,
): (a: T, b: T) => number {
  const direction = sorting.asc ? 1 : -1;
  const names = namesComparator(columns);
  const foldersFirst = (a: T, b: T) => {
    const [dirA, dirB] = [columns.isDir(a), columns.isDir(b)];
    return dirA === dirB ? 0 : dirA ? -1 : 1;
  };
  switch (sorting.by) {
    case 'size':
      return (a, b) =>
        direction * (foldersFirst(a, b) || columns.size(a) - columns.size(b) || names(a, b));
    case 'modified':
      return (a, b) => direction * (columns.modifiedMs(a) - columns.modifiedMs(b) || names(a, b));
    default:
      return (a, b) => foldersFirst(a, b) || direction * names(a, b);
  }
}

const itemColumns: SortColumns<SortableItem> = {
  name: (item) => item.name,
  key: (item) => item.sortKey ?? null,
  isDir: (item) => item.isDir,
  size: (item) => item.size,
  modifiedMs: (item) => item.modifiedMs,
};

export const compareNames = namesComparator(itemColumns);

function withSortKeys<T extends SortableItem>(items: T[]): T[] {
  for (const item of items)
    if (item.sortKey === undefined) item.sortKey = nameSortKey(item.name) ?? null;
  return items;
}

export function sortListing<T extends SortableItem>(items: T[], sorting: Sorting): T[] {
  return withSortKeys(items).sort(comparatorOver(itemColumns, sorting));
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
  return sortInSlices(withSortKeys(items), comparatorOver(itemColumns, sorting));
}

/**
 * A table's row numbers in the listing's order, in slices (no object per entry, docs/LISTINGS.md):
 * each name's sort key is made once, the other columns are read from the table by row.
 */
export async function sortRows(
  names: readonly string[],
  columns: Pick<SortColumns<number>, 'isDir' | 'size' | 'modifiedMs'>,
  sorting: Sorting,
): Promise<Uint32Array> {
  const order = sorting.by === 'name' ? nameOrderStrings(names, columns.isDir) : undefined;
  if (order) return rowsSortedBy(names.length, compareNameOrder(order, sorting.asc));
  const keys = names.map((name) => nameSortKey(name) ?? null);
  const byRow: SortColumns<number> = {
    ...columns,
    name: (row) => names[row] as string,
    key: (row) => keys[row] ?? null,
  };
  return rowsSortedBy(names.length, comparatorOver(byRow, sorting));
}

/**
 * Rows 0 to count - 1 in `compare`'s order: slices sorted in place, then merged pairwise between
 * two arrays of row numbers, a few thousand steps a turn. Typed arrays, so the sort leaves no
 * garbage in V8's heap (its merge runs were arrays of numbers, several megabytes a listing,
 * docs/LISTINGS.md). Stable, as Array.prototype.sort is; the orders given here are total anyway.
 */
async function rowsSortedBy(
  count: number,
  compare: (a: number, b: number) => number,
): Promise<Uint32Array> {
  let rows = new Uint32Array(count);
  for (let row = 0; row < count; row += 1) rows[row] = row;
  if (count <= sliceSize) return rows.sort(compare);
  for (let start = 0; start < count; start += sliceSize) {
    rows.subarray(start, start + sliceSize).sort(compare);
    await nextTurn();
  }
  let merged = new Uint32Array(count);
  let steps = 0;
  for (let width = sliceSize; width < count; width *= 2) {
    for (let start = 0; start < count; start += 2 * width) {
      const middle = Math.min(start + width, count);
      const end = Math.min(start + 2 * width, count);
      let [i, j, to] = [start, middle, start];
      while (i < middle && j < end) {
        const [left, right] = [rows[i] as number, rows[j] as number];
        if (compare(left, right) <= 0) {
          merged[to++] = left;
          i += 1;
        } else {
          merged[to++] = right;
          j += 1;
        }
        if (++steps % mergeStepsPerTurn === 0) await nextTurn();
      }
      merged.set(rows.subarray(i, middle), to);
      merged.set(rows.subarray(j, end), to + middle - i);
    }
    [rows, merged] = [merged, rows];
  }
  return rows;
}

/**
 * comparatorOver's name order when every name has a key (nearly every folder): folders first,
 * then the key, then the name byte-wise, made one flat string per row so that a comparison is
 * one comparison of strings. A key holds no NUL, so the NUL before the name ends a key before any
 * of its longer neighbours. With the general comparator, sorting was most of a cold first page
 * of a 100,000-entry folder (docs/LISTINGS.md). Undefined when a name has no key.
 */
function nameOrderStrings(
  names: readonly string[],
  isDir: (row: number) => boolean,
): string[] | undefined {
  // Made at its full length: an array of 100,000 grown by push leaves its smaller copies behind.
  const order = new Array<string>(names.length);
  for (const [row, name] of names.entries()) {
    scratchFor(0, 1);
    scratch[0] = isDir(row) ? 0x30 : 0x31;
    const keyEnd = writeNameKey(name, 1);
    if (keyEnd === -1) return undefined;
    // A keyed name is printable ASCII: one byte a character, as latin1 writes it.
    const into = scratchFor(keyEnd, 1 + name.length);
    into[keyEnd] = 0;
    const end = keyEnd + 1 + into.write(name, keyEnd + 1, 'latin1');
    order[row] = into.toString('latin1', 0, end);
  }
  return order;
}

/** Rows by their order strings; descending reverses the order within folders and within files. */
function compareNameOrder(
  order: readonly string[],
  asc: boolean,
): (a: number, b: number) => number {
  if (asc) return (a, b) => byBytes(order[a] as string, order[b] as string);
  return (a, b) => {
    const [left, right] = [order[a] as string, order[b] as string];
    return left[0] === right[0] ? byBytes(right, left) : byBytes(left, right);
  };
}

/**
 * A table's rows by name in two steps: its first `headCount` rows now, and all of them when
 * sorted (in slices, as sortRows), for a folder's first page that need not wait for the whole
 * sort: picking 1,000 rows out of 100,000 costs about one comparison a row (docs/LISTINGS.md).
 * Undefined when a name has no key: then the collator compares, and sortRows does it all.
 */
export function rowsByNameInTwoSteps(
  names: readonly string[],
  isDir: (row: number) => boolean,
  asc: boolean,
  headCount: number,
): { head: Uint32Array; all: Promise<Uint32Array> } | undefined {
  const order = nameOrderStrings(names, isDir);
  if (!order) return undefined;
  const compare = compareNameOrder(order, asc);
  return {
    head: firstRows(names.length, headCount, compare),
    all: rowsSortedBy(names.length, compare),
  };
}

/** The `count` smallest of rows 0..total-1 by `compare`, sorted: a heap of the best so far. */
export function firstRows(
  total: number,
  count: number,
  compare: (a: number, b: number) => number,
): Uint32Array {
  // A max-heap: its root is the worst of the rows kept, the one a better row replaces.
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as number, heap[i] as number];
  };
  const worse = (i: number, j: number) => compare(heap[i] as number, heap[j] as number) > 0;
  for (let row = 0; row < total; row += 1) {
    if (heap.length < count) {
      heap.push(row);
      for (let at = heap.length - 1; at > 0 && worse(at, (at - 1) >> 1); at = (at - 1) >> 1)
        swap(at, (at - 1) >> 1);
      continue;
    }
    if (count === 0 || compare(row, heap[0] as number) >= 0) continue;
    heap[0] = row;
    for (let at = 0; ;) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let largest = at;
      if (left < heap.length && worse(left, largest)) largest = left;
      if (right < heap.length && worse(right, largest)) largest = right;
      if (largest === at) break;
      swap(at, largest);
      at = largest;
    }
  }
  return Uint32Array.from(heap.sort(compare));
}

/** Any entries in slices by `compare` (a table's row numbers with comparatorOver). */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number): Promise<T[]> {
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
