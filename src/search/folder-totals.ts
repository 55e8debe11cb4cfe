// A folder's total size and counts from the name table, exactly as the gate's walk counts them
// (files/resource-variants.ts folderSize): the info prompt's answer at once instead of a walk.
import type { FolderSize } from '../api/resources';
import type { VirtualPath } from '../fs/virtual-path';
import type { NameTable } from './name-table';
import { kindFolder, kindLink, kindOther } from './name-table';
import type { IndexScope } from './search-index-query';

/** The totals see what a search sees. */
export type TotalsScope = IndexScope;

/** Entries counted between two turns of the event loop: a million-entry tree holds no request long. */
const entriesPerTurn = 65_536;

/**
 * What lies below the start: every entry the walk would list (visible by rules and the dotfile
 * preference, below folders it lists), real folders counted as folders, links as files (sized
 * never, and only those the walk would list), regular files with their bytes. Undefined when a
 * file's size is not known yet (sizes are read after the names, docs/SEARCH.md): the walk answers.
 */
export async function folderTotals(
  table: NameTable,
  scope: TotalsScope,
  signal?: AbortSignal,
): Promise<FolderSize | undefined> {
  const prefix = scope.startVirtual === '/' ? '' : scope.startVirtual;
  const totals: FolderSize = { size: 0, files: 0, folders: 0 };
  // Each folder still to count, with its path below the start.
  const folders: { index: number; path: string }[] = [{ index: scope.startIndex, path: '' }];
  let counted = 0;
  while (folders.length > 0) {
    const folder = folders.pop() as { index: number; path: string };
    for (const child of table.childrenOf(folder.index)) {
      counted += 1;
      if (counted % entriesPerTurn === 0 && !(await tookTurn(signal))) return undefined;
      const kind = table.kindOf(child);
      // A plain file's path is only needed to judge it.
      const path =
        scope.judgesPaths || kind !== kindOther ? pathBelow(folder.path, table.nameOf(child)) : '';
      if (scope.judgesPaths && !scope.isVisible(`${prefix}/${path}`)) continue;
      if (kind === kindFolder) {
        totals.folders += 1;
        folders.push({ index: child, path });
      } else if (kind === kindLink) {
        if (await scope.describeLink(`${prefix}/${path}` as VirtualPath)) totals.files += 1;
      } else {
        const size = table.sizeOf(child);
        if (Number.isNaN(size)) return undefined;
        totals.files += 1;
        totals.size += size;
      }
    }
  }
  return totals;
}

/** Lets other requests run; false when the request ended meanwhile. */
async function tookTurn(signal: AbortSignal | undefined): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  return !signal?.aborted;
}

function pathBelow(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/**
 * The total bytes below each real child folder of the start, in one traversal of the start's
 * subtree: for each, what folderTotals(child).size answers, judged the same way (the child and
 * everything below it visible to the actor, nothing below a hidden folder). Links are skipped
 * without describing them: the walk never sizes one, so whether it is listed cannot change a
 * size. A child with a file of unknown size below it has NaN; links, files and hidden children are
 * left out. `only` limits the children totalled (those of one page). Undefined when aborted.
 */
export async function childFolderSizes(
  table: NameTable,
  scope: Pick<TotalsScope, 'startIndex' | 'startVirtual' | 'judgesPaths' | 'isVisible'>,
  only?: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<Map<string, number> | undefined> {
  const prefix = scope.startVirtual === '/' ? '' : scope.startVirtual;
  const children: string[] = [];
  /** Per child, its bytes so far; NaN once a size below it is unknown. */
  const sizes: number[] = [];
  // Each folder still to count, with its path below the start and the child it lies in.
  const folders: { index: number; path: string; child: number }[] = [];
  for (const index of table.childrenOf(scope.startIndex)) {
    if (table.kindOf(index) !== kindFolder) continue;
    const name = table.nameOf(index);
    if (only && !only.has(name)) continue;
    if (scope.judgesPaths && !scope.isVisible(`${prefix}/${name}`)) continue;
    folders.push({ index, path: name, child: children.length });
    children.push(name);
    sizes.push(0);
  }
  let counted = 0;
  while (folders.length > 0) {
    const folder = folders.pop() as { index: number; path: string; child: number };
    if (Number.isNaN(sizes[folder.child])) continue;
    for (const entry of table.childrenOf(folder.index)) {
      counted += 1;
      if (counted % entriesPerTurn === 0 && !(await tookTurn(signal))) return undefined;
      const kind = table.kindOf(entry);
      if (kind === kindLink) continue;
      // Paths are only needed to judge entries: links are never described here.
      const path = scope.judgesPaths ? pathBelow(folder.path, table.nameOf(entry)) : '';
      if (scope.judgesPaths && !scope.isVisible(`${prefix}/${path}`)) continue;
      if (kind === kindFolder) folders.push({ index: entry, path, child: folder.child });
      else {
        const size = table.sizeOf(entry);
        sizes[folder.child] = (sizes[folder.child] ?? 0) + size;
        if (Number.isNaN(size)) break;
      }
    }
  }
  return new Map(children.map((name, at) => [name, sizes[at] ?? Number.NaN]));
}
