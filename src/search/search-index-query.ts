// Answering a search from the name table exactly as the gate's walk would: below the start, visible, in walk order.
import type { VirtualPath } from '../fs/virtual-path';
import type { NameTable } from './name-table';
import { kindFolder, kindLink } from './name-table';
import type { SearchQuery } from './search';
import { passesTypes } from './search';

/**
 * A result as the index finds it: the path of its folder below the searched one ('' for that
 * folder itself) and its name, so an answer's lines are written without making each path
 * (search-lines.ts).
 */
export interface IndexedResult {
  dir: boolean;
  folder: string;
  name: string;
}

/** The result's path below the searched folder, as the walk gives it. */
export function pathOfResult(result: IndexedResult): string {
  return result.folder === '' ? result.name : `${result.folder}/${result.name}`;
}

/** What the actor's view decides; the table itself knows nothing of users. */
export interface IndexScope {
  /** The searched folder's entry in the table. */
  startIndex: number;
  startVirtual: VirtualPath;
  /** access.isVisible: rules and the dotfile preference, on the actor's virtual path. */
  isVisible(virtual: string): boolean;
  /** False when nothing can be hidden from the actor (no rules, dotfiles shown): no path is judged. */
  judgesPaths: boolean;
  /** A link as the walk lists it: undefined when left out, else whether it shows a folder. */
  describeLink(virtual: VirtualPath): Promise<{ isDirectory: boolean } | undefined>;
}

/**
 * The walk sorts each folder's entries, yields them all, then descends into its folders in that
 * order: an entry comes before anything deeper inside a sibling folder.
 */
export function compareWalkOrder(a: readonly string[], b: readonly string[]): number {
  const shorter = Math.min(a.length, b.length);
  for (let at = 0; at < shorter; at += 1) {
    const left = a[at] as string;
    const right = b[at] as string;
    if (left === right) continue;
    const leftIsLast = at === a.length - 1;
    if (leftIsLast !== (at === b.length - 1)) return leftIsLast ? -1 : 1;
    return left < right ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The walk lists a folder's entry only when its path is visible, and descends only into listed
 * real folders: an entry is found when it and every folder between it and the start pass.
 * Folders' verdicts and paths are memoised per query, so each folder is judged once.
 *
 * Answers come in batches of up to `batchSize`, in walk order. When every match is in the
 * table's base (no outside change since the last compaction) they are sorted by rank first and
 * judged in that order, so each batch goes out as soon as it is judged and nothing of the answer
 * is held; otherwise all are judged, then sorted by path (docs/SEARCH.md).
 */
export async function* searchTable(
  table: NameTable,
  scope: IndexScope,
  query: SearchQuery,
  signal?: AbortSignal,
): AsyncGenerator<IndexedResult[]> {
  const candidates: number[] = [];
  table.forEachMatch(query.terms, query.caseSensitive, (index) => candidates.push(index));
  const judge = judgeOf(table, scope, query);
  const ranked = rankedOrder(table, candidates);
  if (!ranked) {
    const found: { result: IndexedResult; segments: string[] }[] = [];
    for (const [count, index] of candidates.entries()) {
      if (signal?.aborted) return;
      if (count % 65_536 === 65_535) await new Promise((resolve) => setImmediate(resolve));
      const result = await judge(index);
      if (result) found.push({ result, segments: pathOfResult(result).split('/') });
    }
    found.sort((a, b) => compareWalkOrder(a.segments, b.segments));
    for (let at = 0; at < found.length; at += batchSize)
      yield found.slice(at, at + batchSize).map((entry) => entry.result);
    return;
  }
  let batch: IndexedResult[] = [];
  // An indexed loop: entries() made a pair per candidate, a tenth of a big answer's time.
  for (let count = 0; count < ranked.length; count += 1) {
    if (signal?.aborted) return;
    // A query matching most of a million names must not hold every other request that long.
    if (count % 65_536 === 65_535) await new Promise((resolve) => setImmediate(resolve));
    const judged = judge(ranked[count] as number);
    // Only a link's judgement waits (its target is looked at); the rest costs no turn.
    const result = judged instanceof Promise ? await judged : judged;
    if (result) batch.push(result);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

const batchSize = 1024;

/**
 * The candidates in walk order by their ranks, or undefined when one of them has none (it was
 * added after the base was sealed) or there are too many to pack a rank and a position exactly.
 */
function rankedOrder(table: NameTable, candidates: number[]): number[] | undefined {
  const positionBits = 2 ** 22;
  const count = candidates.length;
  if (count >= positionBits || table.size >= 2 ** 31) return undefined;
  for (let at = 0; at < count; at += 1)
    if (!table.isBase(candidates[at] as number)) return undefined;
  // One numeric sort of rank and position packed in a double (exact below 2^53). Plain loops:
  // Array.from and every() over 25,000 candidates cost more than the sort.
  const keys = new Float64Array(count);
  for (let at = 0; at < count; at += 1)
    keys[at] = table.walkRankOf(candidates[at] as number) * positionBits + at;
  keys.sort();
  const ordered = new Array<number>(count);
  for (let at = 0; at < count; at += 1)
    ordered[at] = candidates[(keys[at] as number) % positionBits] as number;
  return ordered;
}

/** Judges one candidate as the walk would: its result, or undefined when the walk leaves it out. */
function judgeOf(
  table: NameTable,
  scope: IndexScope,
  query: SearchQuery,
): (index: number) => Promise<IndexedResult | undefined> | IndexedResult | undefined {
  const prefix = scope.startVirtual === '/' ? '' : scope.startVirtual;
  // Each folder judged so far: its path below the start, or null when the walk does not list it.
  // Only folders are kept: a query's files are judged once each, and a million-entry array
  // allocated per query was a tenth of its time in garbage collection (docs/SEARCH.md).
  const folders = new Map<number, string | null>([[scope.startIndex, '']]);
  const pathOf = (index: number): string | null => {
    const chain: number[] = [];
    let at = index;
    let known = folders.get(at);
    while (known === undefined) {
      chain.push(at);
      at = table.parentOf(at);
      known = at < 0 ? null : folders.get(at);
    }
    let path = known;
    for (let step = chain.length - 1; step >= 0; step -= 1) {
      const entry = chain[step] as number;
      if (path !== null) {
        const own = path === '' ? table.nameOf(entry) : `${path}/${table.nameOf(entry)}`;
        const visible = !scope.judgesPaths || scope.isVisible(`${prefix}/${own}`);
        path = !table.isDead(entry) && visible ? own : null;
      }
      if (table.kindOf(entry) === kindFolder) folders.set(entry, path);
    }
    return path;
  };
  const typed = (index: number, folder: string, dir: boolean): IndexedResult | undefined => {
    const name = table.nameOf(index);
    // forEachMatch found the name by the query's terms, folded as matchesQuery folds them.
    return query.types.length === 0 || passesTypes(query, name, dir)
      ? { dir, folder, name }
      : undefined;
  };
  return (index) => {
    if (index === scope.startIndex || table.isDead(index)) return undefined;
    // The entry's folder as the walk lists it: a file's own path is only made when judged.
    const folder = pathOf(table.parentOf(index));
    if (folder === null) return undefined;
    const kind = table.kindOf(index);
    if (kind === kindFolder) return pathOf(index) === null ? undefined : typed(index, folder, true);
    const path = () => (folder === '' ? table.nameOf(index) : `${folder}/${table.nameOf(index)}`);
    if (scope.judgesPaths && !scope.isVisible(`${prefix}/${path()}`)) return undefined;
    if (kind !== kindLink) return typed(index, folder, false);
    return scope
      .describeLink(`${prefix}/${path()}` as VirtualPath)
      .then((target) => (target ? typed(index, folder, target.isDirectory) : undefined));
  };
}
