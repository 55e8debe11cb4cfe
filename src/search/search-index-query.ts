// Answering a search from the name table exactly as the gate's walk would: below the start, visible, in walk order.
import type { SearchResult } from '../api/search';
import type { VirtualPath } from '../fs/virtual-path';
import type { NameTable } from './name-table';
import { kindFolder, kindLink } from './name-table';
import type { SearchQuery } from './search';
import { matchesQuery } from './search';

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

const unknown = 0;
const shown = 1;
const hidden = 2;

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
  const verdicts = new Uint8Array(table.size);
  const relative = new Map<number, string>([[scope.startIndex, '']]);
  verdicts[scope.startIndex] = shown;
  const prefix = scope.startVirtual === '/' ? '' : scope.startVirtual;
  const verdictOf = (index: number): number => {
    const chain: number[] = [];
    let at = index;
    while (at >= 0 && verdicts[at] === unknown) {
      chain.push(at);
      at = table.parentOf(at);
    }
    let verdict = at < 0 ? hidden : (verdicts[at] ?? hidden);
    let parentPath = at < 0 ? '' : (relative.get(at) ?? '');
    for (let step = chain.length - 1; step >= 0; step -= 1) {
      const entry = chain[step] as number;
      if (verdict === shown) {
        const path =
          parentPath === '' ? table.nameOf(entry) : `${parentPath}/${table.nameOf(entry)}`;
        if (table.isDead(entry) || !scope.isVisible(`${prefix}/${path}`)) verdict = hidden;
        else {
          relative.set(entry, path);
          parentPath = path;
        }
      }
      verdicts[entry] = verdict;
    }
    return verdict;
  };
  const found: { segments: string[]; result: SearchResult }[] = [];
  for (const [count, index] of candidates.entries()) {
    if (signal?.aborted) return [];
    // A query matching most of a million names must not hold every other request that long.
    if (count % 65_536 === 65_535) await new Promise((resolve) => setImmediate(resolve));
    if (index === scope.startIndex || verdictOf(index) !== shown) continue;
    const path = relative.get(index) as string;
    let dir = table.kindOf(index) === kindFolder;
    if (table.kindOf(index) === kindLink) {
      const target = await scope.describeLink(`${prefix}/${path}` as VirtualPath);
      if (!target) continue;
      dir = target.isDirectory;
    }
    if (!matchesQuery(query, table.nameOf(index), dir)) continue;
    found.push({ segments: path.split('/'), result: { dir, path } });
  }
  found.sort((a, b) => compareWalkOrder(a.segments, b.segments));
  return found.map((entry) => entry.result);
}
