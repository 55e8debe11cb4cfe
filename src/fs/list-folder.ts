// Listing one open folder: names from readdir, then anchored lstats with a sliding window.
import fs from 'node:fs';
import type { FolderHandle } from './anchored';
import { readFolderNames } from './anchored';
import { EntryStats } from './entry-stats';
import type { FolderStatter } from './folder-stats';
import { statFields, workerThreshold } from './folder-stats';

/** Enough to keep the thread pool busy without queueing a whole folder's worth of requests. */
const inFlight = 64;

export interface ListCallbacks<T> {
  /** Rules, dotfiles and hidden entries: false leaves the name out before any stat. */
  isListed(name: string): boolean;
  /** A link's target as the gate sees it; undefined leaves the link out. */
  describeLink(name: string): Promise<{ stats: EntryStats | undefined } | undefined>;
  entryOf(name: string, stats: EntryStats, isLink: boolean): T & { isBrokenLink: boolean };
}

/**
 * A folder's listed entries as parallel arrays: a name, its stats (a link's target's, or the
 * link's own when it dangles) and whether it is a link, per entry. A listing of 100,000 entries
 * keeps these and nothing per entry besides (docs/LISTINGS.md).
 */
export interface FolderTable {
  names: string[];
  stats: EntryStats[];
  /** 0: not a link; 1: a link to stats' entry; 2: a link that dangles inside the scope. */
  links: Uint8Array;
}

/**
 * The listed entries of `folder`, each stat'ed by name inside the held folder (never through a
 * path string): an entry that vanished meanwhile is skipped, as a listing of a live folder must.
 * A link shows its target's stats, or itself when it dangles inside the scope.
 */
export async function listFolderTable(
  folder: FolderHandle,
  callbacks: Omit<ListCallbacks<unknown>, 'entryOf'>,
  statter?: FolderStatter,
): Promise<FolderTable> {
  const listed = (await readFolderNames(folder)).filter((name) => callbacks.isListed(name));
  const stats = await folder.use(undefined, (self) =>
    statter && listed.length >= workerThreshold
      ? statInWorker(statter, self, listed)
      : lstatWindow(self, listed),
  );
  const table: FolderTable = { names: [], stats: [], links: new Uint8Array(listed.length) };
  for (const [index, name] of listed.entries()) {
    const own = stats[index];
    if (!own) continue;
    if (!own.isSymbolicLink()) {
      table.names.push(name);
      table.stats.push(own);
      continue;
    }
    const target = await callbacks.describeLink(name);
    if (!target) continue;
    table.links[table.names.length] = target.stats ? 1 : 2;
    table.names.push(name);
    table.stats.push(target.stats ?? own);
  }
  table.links = table.links.subarray(0, table.names.length);
  return table;
}

/** The rows of `table` whose `keep` is true. */
export function keepRows(table: FolderTable, keep: readonly boolean[]): FolderTable {
  const kept: FolderTable = { names: [], stats: [], links: new Uint8Array(table.names.length) };
  for (const [index, name] of table.names.entries()) {
    if (!keep[index]) continue;
    kept.links[kept.names.length] = table.links[index] ?? 0;
    kept.names.push(name);
    kept.stats.push(table.stats[index] as EntryStats);
  }
  kept.links = kept.links.subarray(0, kept.names.length);
  return kept;
}

/** The same entries as objects, for callers that keep few of them. */
export async function listFolderEntries<T>(
  folder: FolderHandle,
  callbacks: ListCallbacks<T>,
  statter?: FolderStatter,
): Promise<(T & { isBrokenLink: boolean })[]> {
  const table = await listFolderTable(folder, callbacks, statter);
  return table.names.map((name, index) => {
    const link = table.links[index] ?? 0;
    const entry = callbacks.entryOf(name, table.stats[index] as EntryStats, link !== 0);
    entry.isBrokenLink = link === 2;
    return entry;
  });
}

/** A big folder's stats from the worker; should it fail, the event loop's own way. */
async function statInWorker(
  statter: FolderStatter,
  folderPath: string,
  names: readonly string[],
): Promise<(EntryStats | undefined)[]> {
  let table: Float64Array;
  try {
    table = await statter.statAll(folderPath, names);
  } catch {
    return lstatWindow(folderPath, names);
  }
  const results: (EntryStats | undefined)[] = new Array(names.length);
  for (let index = 0; index < names.length; index += 1) {
    const at = index * statFields;
    const mode = table[at] as number;
    results[index] = Number.isNaN(mode)
      ? undefined
      : new EntryStats(
          table[at + 3] as number,
          table[at + 4] as number,
          mode,
          table[at + 1] as number,
          table[at + 2] as number,
        );
  }
  return results;
}

/** The callback API with a window is about 3x faster than fs/promises for many small stats. */
function lstatWindow(
  folderPath: string,
  names: readonly string[],
): Promise<(EntryStats | undefined)[]> {
  const results: (EntryStats | undefined)[] = new Array(names.length);
  if (names.length === 0) return Promise.resolve(results);
  return new Promise((resolve) => {
    let next = 0;
    let done = 0;
    const start = (index: number) => {
      fs.lstat(`${folderPath}/${names[index] as string}`, (error, stats) => {
        // Only the few fields a listing needs are kept: node's Stats object is dropped at once.
        results[index] = error ? undefined : EntryStats.of(stats);
        done += 1;
        if (next < names.length) start(next++);
        else if (done === names.length) resolve(results);
      });
    };
    while (next < Math.min(inFlight, names.length)) start(next++);
  });
}
