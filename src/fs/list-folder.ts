// Listing one open folder: names from readdir, then anchored lstats with a sliding window.
import fs from 'node:fs';
import type { FolderHandle } from './anchored';
import { readFolder, readFolderNames } from './anchored';
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
  /** statFields numbers per entry (mode, size, mtimeMs, dev, ino): no object per entry. */
  stats: Float64Array;
  /** 0: not a link; 1: a link to stats' entry; 2: a link that dangles inside the scope. */
  links: Uint8Array;
}

/** Entry `index`'s stats as an object, made when one entry is needed. */
export function statsAt(table: FolderTable, index: number): EntryStats {
  const at = index * statFields;
  const field = (offset: number) => table.stats[at + offset] as number;
  return new EntryStats(field(3), field(4), field(0), field(1), field(2));
}

/** Row `index` is a folder (a link's target's type for a link). */
export function isFolderRow(table: FolderTable, index: number): boolean {
  return (
    ((table.stats[index * statFields] as number) & fs.constants.S_IFMT) === fs.constants.S_IFDIR
  );
}

type StatNumbers = Pick<EntryStats, 'mode' | 'size' | 'mtimeMs' | 'dev' | 'ino'>;

function writeStats(into: Float64Array, index: number, stats: StatNumbers): void {
  const at = index * statFields;
  into[at] = stats.mode;
  into[at + 1] = stats.size;
  into[at + 2] = stats.mtimeMs;
  into[at + 3] = stats.dev;
  into[at + 4] = stats.ino;
}

/** A table of `capacity` rows, filled by `add` and cut to size by `done`. */
function tableBuilder(capacity: number) {
  const table: FolderTable = {
    names: [],
    stats: new Float64Array(capacity * statFields),
    links: new Uint8Array(capacity),
  };
  return {
    /** Adds `name` with the stats of row `fromRow` of `from` (another table's, or lstat's). */
    add(name: string, link: number, from: Float64Array, fromRow: number) {
      const [to, at] = [table.names.length * statFields, fromRow * statFields];
      for (let field = 0; field < statFields; field += 1)
        table.stats[to + field] = from[at + field] as number;
      table.links[table.names.length] = link;
      table.names.push(name);
    },
    done(): FolderTable {
      const count = table.names.length;
      table.stats = table.stats.subarray(0, count * statFields);
      table.links = table.links.subarray(0, count);
      return table;
    },
  };
}

/** Moves row `from`'s stats to row `to` of the same array. */
function moveStats(stats: Float64Array, from: number, to: number): void {
  if (from !== to) stats.copyWithin(to * statFields, from * statFields, (from + 1) * statFields);
}

/**
 * The listed entries of `folder`, each stat'ed by name inside the held folder (never through a
 * path string): an entry that vanished meanwhile is skipped, as a listing of a live folder must.
 * A link shows its target's stats, or itself when it dangles inside the scope. The readdir's
 * array and lstat's answer become the table, rows left out closed up in place: a copy of each
 * was 5 MB more a 100,000-entry listing, kept until V8's next full collection (docs/LISTINGS.md).
 */
export async function listFolderTable(
  folder: FolderHandle,
  callbacks: Omit<ListCallbacks<unknown>, 'entryOf'>,
  statter?: FolderStatter,
): Promise<FolderTable> {
  const names = await readFolderNames(folder);
  let listed = 0;
  for (const name of names) if (callbacks.isListed(name)) names[listed++] = name;
  names.length = listed;
  const stats = await statNamesIn(folder, names, statter);
  const links = new Uint8Array(listed);
  // Rows only move down (count <= index), so each is read before anything is written over it.
  let count = 0;
  for (let index = 0; index < listed; index += 1) {
    const name = names[index] as string;
    const mode = stats[index * statFields] as number;
    if (Number.isNaN(mode)) continue;
    if ((mode & fs.constants.S_IFMT) === fs.constants.S_IFLNK) {
      const link = await callbacks.describeLink(name);
      if (!link) continue;
      if (link.stats) writeStats(stats, count, link.stats);
      else moveStats(stats, index, count);
      links[count] = link.stats ? 1 : 2;
    } else moveStats(stats, index, count);
    names[count] = name;
    count += 1;
  }
  names.length = count;
  return {
    names,
    stats: stats.subarray(0, count * statFields),
    links: links.subarray(0, count),
  };
}

/**
 * A folder's listed entries by name and kind, read with one readdir and no stat per entry, so a
 * listing sorted by name can be ordered and its first page shown before 100,000 stats are in
 * (docs/LISTINGS.md). The folder stays held until `release()`, even after the request that read
 * it has ended: the stats are read through its descriptor later.
 */
export interface FolderDraft {
  names: string[];
  /** Per row, 1 when it shows a folder (a link: its target's kind). */
  isFolder: Uint8Array;
  /** Per row: 0 not a link; 1 a link shown with its target's stats; 2 a link that dangles. */
  links: Uint8Array;
  /** statFields numbers for each of `rows`, in their order; mode NaN for an entry gone since. */
  statRows(rows: ArrayLike<number>): Promise<Float64Array>;
  /** Every row's stats in row order, the same way (a worker reads big folders). */
  statAll(): Promise<Float64Array>;
  release(): void;
}

/** The readdir half of listFolderTable: the links are described at once, nothing else is stat'ed. */
export async function draftFolderTable(
  folder: FolderHandle,
  callbacks: Omit<ListCallbacks<unknown>, 'entryOf'>,
  statter?: FolderStatter,
): Promise<FolderDraft> {
  const listed = (await readFolder(folder)).filter((entry) => callbacks.isListed(entry.name));
  const names: string[] = [];
  const isFolder = new Uint8Array(listed.length);
  const links = new Uint8Array(listed.length);
  /** Targets' stats of the links shown with them, by row. */
  const targets = new Map<number, StatNumbers>();
  for (const entry of listed) {
    const row = names.length;
    if (entry.isSymbolicLink()) {
      const link = await callbacks.describeLink(entry.name);
      if (!link) continue;
      links[row] = link.stats ? 1 : 2;
      if (link.stats) {
        targets.set(row, link.stats);
        isFolder[row] = link.stats.isDirectory() ? 1 : 0;
      }
    } else isFolder[row] = entry.isDirectory() ? 1 : 0;
    names.push(entry.name);
  }
  folder.retain();
  /**
   * lstat's answers, with the described links' targets put in. An entry that became a link after
   * the readdir was never described by the gate: it counts as gone.
   */
  const settle = (stats: Float64Array, rows: ArrayLike<number>) => {
    for (let at = 0; at < rows.length; at += 1) {
      const row = rows[at] as number;
      const target = targets.get(row);
      if (target) writeStats(stats, at, target);
      else if (
        links[row] === 0 &&
        ((stats[at * statFields] as number) & fs.constants.S_IFMT) === fs.constants.S_IFLNK
      )
        stats[at * statFields] = NaN;
    }
    return stats;
  };
  return {
    names,
    isFolder: isFolder.subarray(0, names.length),
    links: links.subarray(0, names.length),
    async statRows(rows) {
      // Held for the call: another request's page may ask after the reader let the folder go.
      folder.retain();
      try {
        const wanted = Array.from(rows, (row) => names[row] as string);
        return settle(await statNamesIn(folder, wanted, statter), rows);
      } finally {
        folder.release();
      }
    },
    async statAll() {
      const rows = Array.from({ length: names.length }, (_unused, row) => row);
      return settle(await statNamesIn(folder, names, statter), rows);
    },
    release: () => folder.release(),
  };
}

/** The rows of `table` whose `keep` is true. */
export function keepRows(table: FolderTable, keep: readonly boolean[]): FolderTable {
  const kept = tableBuilder(table.names.length);
  for (const [index, name] of table.names.entries())
    if (keep[index]) kept.add(name, table.links[index] ?? 0, table.stats, index);
  return kept.done();
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
    const entry = callbacks.entryOf(name, statsAt(table, index), link !== 0);
    entry.isBrokenLink = link === 2;
    return entry;
  });
}

/** lstat of each name in the held folder: in the worker for a big folder, else through the pool. */
export function statNamesIn(
  folder: FolderHandle,
  names: readonly string[],
  statter: FolderStatter | undefined,
): Promise<Float64Array> {
  return folder.use(undefined, (self) =>
    statter && names.length >= (statter.fromNames ?? workerThreshold)
      ? statInWorker(statter, self, names)
      : lstatWindow(self, names),
  );
}

/** A big folder's stats from the worker; should it fail, the event loop's own way. */
async function statInWorker(
  statter: FolderStatter,
  folderPath: string,
  names: readonly string[],
): Promise<Float64Array> {
  try {
    return await statter.statAll(folderPath, names);
  } catch {
    return lstatWindow(folderPath, names);
  }
}

/**
 * The callback API with a window is about 3x faster than fs/promises for many small stats. The
 * answer has the worker's shape: statFields numbers per name, mode NaN for one that vanished.
 */
function lstatWindow(folderPath: string, names: readonly string[]): Promise<Float64Array> {
  const results = new Float64Array(names.length * statFields).fill(NaN);
  if (names.length === 0) return Promise.resolve(results);
  return new Promise((resolve) => {
    let next = 0;
    let done = 0;
    const start = (index: number) => {
      fs.lstat(`${folderPath}/${names[index] as string}`, (error, stats) => {
        // Only the few fields a listing needs are kept: node's Stats object is dropped at once.
        if (!error) writeStats(results, index, stats);
        done += 1;
        if (next < names.length) start(next++);
        else if (done === names.length) resolve(results);
      });
    };
    while (next < Math.min(inFlight, names.length)) start(next++);
  });
}
