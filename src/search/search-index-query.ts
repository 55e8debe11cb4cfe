// Answering a search from the name table exactly as the gate's walk would: below the start, visible, in walk order.
import type { SearchResult } from '../api/search';
import type { VirtualPath } from '../fs/virtual-path';
import type { NameTable } from './name-table';
import { kindFolder, kindLink } from './name-table';
import type { SearchQuery } from './search';
import { passesTypes } from './search';

/** What the actor's view decides; the table itself knows nothing of users. */
export interface IndexScope {
  /** The searched folder's entry in the table. */
  startIndex: number;
  startVirtual: VirtualPath;
  /** access.isVisible: rules and the dotfile preference, on the actor's virtual path. */
  isVisible(virtual: string): boolean;
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
 * Verdicts and relative paths are memoised per query, so each folder is judged once.
 */
export async function searchTable(
  table: NameTable,
  scope: IndexScope,
  query: SearchQuery,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  const candidates: number[] = [];
  table.forEachMatch(query.terms, query.caseSensitive, (index) => candidates.push(index));
  if (candidates.length === 0) return [];
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
        path = !table.isDead(entry) && scope.isVisible(`${prefix}/${own}`) ? own : null;
      }
      if (table.kindOf(entry) === kindFolder) folders.set(entry, path);
    }
    return path;
  };
  const found: number[] = [];
  const paths: string[] = [];
  const dirs: boolean[] = [];
  for (const [count, index] of candidates.entries()) {
    if (signal?.aborted) return [];
    // A query matching most of a million names must not hold every other request that long.
    if (count % 65_536 === 65_535) await new Promise((resolve) => setImmediate(resolve));
    if (index === scope.startIndex) continue;
    const path = pathOf(index);
    if (path === null) continue;
    let dir = table.kindOf(index) === kindFolder;
    if (table.kindOf(index) === kindLink) {
      const target = await scope.describeLink(`${prefix}/${path}` as VirtualPath);
      if (!target) continue;
      dir = target.isDirectory;
    }
    // forEachMatch found the name by the query's terms, folded as matchesQuery folds them.
    if (!passesTypes(query, table.nameOf(index), dir)) continue;
    found.push(index);
    paths.push(path);
    dirs.push(dir);
  }
  return inWalkOrder(table, found, paths).map((at) => ({
    dir: dirs[at] as boolean,
    path: paths[at] as string,
  }));
}

/** Positions of `found` sorted as the walk yields them: by rank when all are in the base. */
function inWalkOrder(table: NameTable, found: number[], paths: string[]): number[] {
  const positionBits = 2 ** 22;
  if (
    found.length < positionBits &&
    table.size < 2 ** 31 &&
    found.every((index) => table.isBase(index))
  ) {
    // One numeric sort of rank and position packed in a double (exact below 2^53).
    const keys = new Float64Array(found.length);
    for (const [at, index] of found.entries())
      keys[at] = table.walkRankOf(index) * positionBits + at;
    keys.sort();
    return Array.from(keys, (key) => key % positionBits);
  }
  const segments = paths.map((path) => path.split('/'));
  return paths
    .map((_, at) => at)
    .sort((a, b) => compareWalkOrder(segments[a] as string[], segments[b] as string[]));
}
