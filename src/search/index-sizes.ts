// Reading the sizes of the files the index holds, after their names (docs/SEARCH.md, "Folder sizes").
import type { FolderHandle } from '../fs/anchored';
import { entrySizesIn, openFolderBelow } from '../fs/folder-scan';
import type { FolderStatter } from '../fs/folder-stats';
import type { NameTable } from './name-table';
import { kindFolder } from './name-table';
import { stepAside } from './step-aside';

export interface SizeFillDeps {
  /** The index's table now: a compaction replaces it, and the pass starts again on the new one. */
  table(): NameTable;
  rootFolder: FolderHandle;
  statter: FolderStatter | undefined;
  /** False once the index is closed or turned off: the pass stops. */
  running(): boolean;
  /** True while a search or another walk runs: the pass waits a little (step-aside.ts). */
  foregroundBusy?: () => boolean;
}

/**
 * Gives every file whose size is not known its size, folder by folder: the names are read first,
 * with no stat per file, so a search is ready as soon as they are; sizes follow in the
 * background, a big folder's in the stats worker. Each folder is opened again from the root one
 * name at a time, never through a link, and only when it has a file to size. A size is only
 * written where none is: one the index read since (a change it was told of) is fresher.
 * Resolves true when the pass went through the whole table, false when the index stopped it.
 */
export async function fillSizes(deps: SizeFillDeps): Promise<boolean> {
  for (;;) {
    const table = deps.table();
    const outcome = await fillTable(table, deps);
    if (outcome !== 'replaced') return outcome === 'done';
  }
}

async function fillTable(
  table: NameTable,
  deps: SizeFillDeps,
): Promise<'done' | 'stopped' | 'replaced'> {
  const folders = [0];
  while (folders.length > 0) {
    if (!deps.running()) return 'stopped';
    await stepAside(deps.foregroundBusy);
    const index = folders.pop() as number;
    if (!table.isReachable(index)) continue;
    const unsized: number[] = [];
    for (const child of table.childrenOf(index)) {
      if (table.kindOf(child) === kindFolder) folders.push(child);
      else if (Number.isNaN(table.sizeOf(child))) unsized.push(child);
    }
    if (unsized.length === 0) continue;
    const names = unsized.map((child) => table.nameOf(child));
    const sizes = await sizesIn(deps, table.segmentsOf(index), names);
    if (deps.table() !== table) return 'replaced';
    if (!sizes) continue;
    // The same table (not compacted): an entry keeps its number, and one removed meanwhile is
    // dead (a name made again is a new entry, sized by whoever added it).
    for (const [at, child] of unsized.entries()) {
      if (table.isDead(child) || !Number.isNaN(table.sizeOf(child))) continue;
      table.setSize(child, sizes[at] ?? 0);
    }
  }
  return 'done';
}

/** The sizes of some entries of the folder at `segments`; undefined when it cannot be opened now. */
async function sizesIn(
  deps: SizeFillDeps,
  segments: string[],
  names: string[],
): Promise<Float64Array | undefined> {
  const folder =
    segments.length === 0 ? deps.rootFolder : await openFolderBelow(deps.rootFolder, segments);
  if (!folder) return undefined;
  try {
    return await entrySizesIn(folder, names, deps.statter);
  } catch {
    return undefined;
  } finally {
    if (folder !== deps.rootFolder) folder.release();
  }
}
