// Building File Browser's resource JSON for a path: a file's info, or a folder with its listing.
import type { Stats } from 'node:fs';
import { readSample, readText } from '../fs/fs-read';
import type { ListedEntry, Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, childPath } from '../fs/virtual-path';
import type { FileType, ResourceInfo } from '../api/resources';
import type { Sorting } from '../users/user';

import {
  classify,
  looksBinary,
  maxTextBytes,
  mimeFromName,
  sampleBytes,
  typeFromName,
} from './file-type';
import { sortRows } from './listing-sort';
import type { StatsView } from '../fs/entry-stats';
import { statFields } from '../fs/folder-stats';
import { isFolderRow, statsAt } from '../fs/list-folder';
import { extensionOf, formatModified, goFileMode } from './resource-fields';
import { findSubtitles } from './subtitles';
import type { ListingCache, SortedFolder } from './listing-cache';
import { readSortedByName } from './listing-by-name';

export interface DescribeOptions {
  sorting: Sorting;
  /** Include the text of text files (still only with the download permission). */
  withContent: boolean;
  /** What the client sees as `path` (share-relative paths in public shares); the virtual path by default. */
  displayPath?: (virtual: VirtualPath) => string;
  /**
   * Called before a folder is read (takes a listing slot; throws when none is free). `lastsUntil`
   * is work that goes on after the response (a cold paged listing's stats, read for the cache).
   */
  beforeListing?: (lastsUntil?: Promise<unknown>) => void;
  /** Reuse the read and sorted entries of a recent listing (paged listings, docs/LISTINGS.md). */
  cache?: ListingCache;
}
/** The fields every resource has; `stats` are those of what the entry shows (a link's target). */
export function baseInfo(
  virtual: VirtualPath,
  stats: StatsView,
  isSymlink: boolean,
  type: FileType,
  displayPath: (virtual: VirtualPath) => string = (path) => path,
): ResourceInfo {
  const name = baseName(virtual);
  return {
    path: displayPath(virtual),
    name,
    size: stats.size,
    extension: extensionOf(name),
    modified: formatModified(stats.mtimeMs),
    mode: goFileMode(stats),
    isDir: stats.isDirectory(),
    isSymlink,
    type,
  };
}

/** A listing item: typed from its name only, a broken link is "invalid_link". */
export function listingItemInfo(
  entry: Pick<ListedEntry, 'name' | 'virtual' | 'stats' | 'isSymlink' | 'isBrokenLink'>,
  displayPath?: (virtual: VirtualPath) => string,
): ResourceInfo {
  let type: FileType;
  if (entry.isBrokenLink) type = 'invalid_link';
  else if (entry.stats.isDirectory()) type = '';
  else if (!entry.stats.isFile()) type = 'blob';
  else type = typeFromName(entry.name, entry.stats.size);
  return baseInfo(entry.virtual, entry.stats, entry.isSymlink, type, displayPath);
}

/**
 * A folder's info at once, and its visible entries, sorted, with the counts File Browser's client
 * shows, as they are read: the response starts with the folder's own fields while its entries are
 * still being stat'ed (docs/LISTINGS.md). The items' JSON objects are made by `itemsOf` when they
 * are written out, a few hundred at a time, so a folder of 100,000 entries never holds 100,000 of
 * them at once.
 */
export async function listFolder(
  view: ScopedFs,
  folder: Resolved & { stats: Stats },
  isSymlink: boolean,
  options: DescribeOptions,
): Promise<FolderListing> {
  // The slot is taken before anything is read: when none is free the request fails with 429
  // before its first byte. A cache hit reads nothing and takes none.
  const read = async () => {
    await view.pause('listing.read');
    return readSortedFolder(view, folder, options.sorting);
  };
  let sortedFolder: Promise<SortedFolder>;
  if (options.cache) {
    const { actor, globalRules } = view;
    const key = { actor, globalRules, virtual: folder.virtual, stats: folder.stats };
    const { draftTable } = view;
    sortedFolder = options.cache.sortedFolder({ ...key, sorting: options.sorting }, () => {
      if (options.sorting.by !== 'name' || !draftTable) {
        options.beforeListing?.();
        return read();
      }
      // The slot is held until every row's stats are in, after this response if need be.
      let finish = () => undefined as void;
      options.beforeListing?.(new Promise<void>((resolve) => (finish = resolve)));
      const sorted = readSortedByName(
        (of) => view.pause('listing.read').then(() => draftTable(of)),
        folder,
        options.sorting,
        (settled) => void settled.then(finish),
      );
      sorted.catch(finish);
      return sorted;
    });
  } else {
    options.beforeListing?.();
    await view.pause('listing.read');
    sortedFolder = readSortedFolder(view, folder, options.sorting);
  }
  const entries = sortedFolder.then((sorted) =>
    entriesOf(sorted, folder.virtual, options.sorting, options.displayPath),
  );
  // Awaited by whoever writes the listing out; until then a failure must not go unobserved.
  entries.catch(() => undefined);
  return {
    ...baseInfo(folder.virtual, folder.stats, isSymlink, '', options.displayPath),
    entries,
  };
}

/** The visible entries of a folder and their order; what a listing cache keeps. */
async function readSortedFolder(
  view: ScopedFs,
  folder: Resolved,
  sorting: Sorting,
): Promise<SortedFolder> {
  const table = await view.listTable(folder);
  const field = (row: number, offset: number) => table.stats[row * statFields + offset] as number;
  const isDir = (row: number) => isFolderRow(table, row);
  const order = await sortRows(
    table.names,
    { isDir, size: (row) => field(row, 1), modifiedMs: (row) => field(row, 2) },
    sorting,
  );
  let numDirs = 0;
  for (const row of order) if (isDir(row)) numDirs += 1;
  return { table, order, numDirs };
}

function entriesOf(
  sorted: SortedFolder,
  folder: VirtualPath,
  sorting: Sorting,
  displayPath?: (virtual: VirtualPath) => string,
): FolderEntries {
  const { table, numDirs, fill } = sorted;
  // The entry's info object is made only when it is written.
  const infoAt = (index: number) =>
    listingItemInfo(
      {
        name: table.names[index] as string,
        virtual: childPath(folder, table.names[index] as string),
        stats: statsAt(table, index),
        isSymlink: table.links[index] !== 0,
        isBrokenLink: table.links[index] === 2,
      },
      displayPath,
    );
  const count = sorted.total ?? sorted.order.length;
  const entries: FolderEntries = {
    numDirs,
    numFiles: count - numDirs,
    sorting: { ...sorting },
    count,
    itemsOf: (start, end) => Array.from(sorted.order.subarray(start, end), infoAt),
  };
  if (!fill) return entries;
  // Stats still arriving (listing-by-name.ts): a page reads its own, and leaves out the vanished;
  // `sorted.order` is read at each call, as the whole order may replace its first rows.
  return {
    ...entries,
    prepare: fill,
    itemsOf: (start, end) =>
      Array.from(sorted.order.subarray(start, end))
        .filter((row) => !Number.isNaN(table.stats[row * statFields]))
        .map(infoAt),
  };
}

/** A folder's entries, sorted; their info objects are made on demand, in slices. */
export interface FolderEntries {
  numDirs: number;
  numFiles: number;
  sorting: Sorting;
  count: number;
  /** Reads what itemsOf(start, end) needs, when the entries were not all read (listing-by-name.ts). */
  prepare?(start: number, end: number): Promise<void>;
  itemsOf(start: number, end: number): ResourceInfo[];
}

/** A folder's info, and its entries when they have been read. */
export interface FolderListing extends ResourceInfo {
  entries: Promise<FolderEntries>;
}

export function isFolderListing(info: ResourceInfo | FolderListing): info is FolderListing {
  return 'entries' in info;
}

/** A regular file's type from its name and first bytes; anything but a regular file is a blob. */
export async function detectFileType(
  file: Resolved,
  name: string,
  stats: Stats,
  canModify: boolean,
): Promise<FileType> {
  if (!stats.isFile()) return 'blob';
  let sample: Buffer = Buffer.alloc(0);
  if (stats.size > 0) {
    try {
      sample = await readSample(file, sampleBytes);
    } catch {
      return 'blob'; // unreadable for sniffing: File Browser logs it and calls it a blob
    }
  }
  const fromName = mimeFromName(name);
  const mime = fromName === 'text/typescript' && looksBinary(sample) ? 'video/mp2t' : fromName;
  return classify(mime, stats.size, sample, canModify);
}

/** A file's info with type, text content (download permission) and subtitles (videos). */
export async function describeFile(
  view: ScopedFs,
  file: Resolved & { stats: Stats },
  isSymlink: boolean,
  options: DescribeOptions,
): Promise<ResourceInfo> {
  const type = await detectFileType(
    file,
    baseName(file.virtual),
    file.stats,
    view.access.can('modify', file.virtual),
  );
  const info = baseInfo(file.virtual, file.stats, isSymlink, type, options.displayPath);
  if (type === 'video') {
    const subtitles = await findSubtitles(view, file.virtual);
    if (subtitles.length > 0)
      info.subtitles = subtitles.map((path) =>
        options.displayPath ? options.displayPath(path) : path,
      );
  }
  if (
    options.withContent &&
    (type === 'text' || type === 'textImmutable') &&
    view.access.can('download', file.virtual)
  )
    info.content = await readText(file, maxTextBytes);
  return info;
}

/**
 * The resource JSON of a virtual path as the actor may see it (403 for rule-hidden paths and links
 * leaving the scope, 404 for missing ones). A link is described as its target, flagged isSymlink;
 * a dangling link inside the scope as itself, typed "invalid_link".
 */
export async function describeResource(
  view: ScopedFs,
  virtual: VirtualPath,
  options: DescribeOptions,
): Promise<ResourceInfo> {
  const entry = await view.resolveExisting(virtual, 'read', { followLast: false });
  if (!entry.stats.isSymbolicLink()) {
    return entry.stats.isDirectory()
      ? listFolder(view, entry, false, options)
      : describeFile(view, entry, false, options);
  }
  const target = await view.resolve(virtual, 'read');
  if (!target.stats)
    return baseInfo(virtual, entry.stats, true, 'invalid_link', options.displayPath);
  const resolved = { ...target, stats: target.stats };
  return target.stats.isDirectory()
    ? listFolder(view, resolved, true, options)
    : describeFile(view, resolved, true, options);
}
