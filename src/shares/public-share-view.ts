// What an anonymous visitor sees of a share: File Browser's resource JSON, share-relative, no owner.
import type { PublicFolder, PublicItem } from '../api/shares';
import { typeFromName } from '../files/file-type';
import { sortListing } from '../files/listing-sort';
import { extensionOf, formatModified } from '../files/resource-fields';
import type { StatsView } from '../fs/entry-stats';
import type { ListedEntry } from '../fs/scoped-fs';
import { baseName } from '../fs/virtual-path';
import type { OpenedShare } from './public-share';

function itemOf(name: string, path: string, stats: StatsView, isSymlink: boolean): PublicItem {
  const isDir = stats.isDirectory();
  return {
    name,
    path,
    isDir,
    isSymlink,
    size: stats.size,
    modified: formatModified(stats.mtimeMs),
    extension: isDir ? '' : extensionOf(name),
    type: isDir ? '' : typeFromName(name, stats.size),
  };
}

function childPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent}/${name}`;
}

export async function publicShareView(opened: OpenedShare): Promise<PublicItem | PublicFolder> {
  const { target, relative } = opened;
  const name = baseName(target.virtual);
  const item = itemOf(name, relative, target.stats, false);
  if (!target.stats.isDirectory()) return item;
  const entries: ListedEntry[] = await opened.view.list(target);
  const rows = entries.map((entry) => ({
    info: itemOf(entry.name, childPath(relative, entry.name), entry.stats, entry.isSymlink),
    name: entry.name,
    isDir: entry.stats.isDirectory(),
    size: entry.stats.size,
    modifiedMs: entry.stats.mtimeMs,
  }));
  // Folders first, then natural A→Z (File Browser's default for shares, reported as asc:false).
  const items = sortListing(rows, { by: 'name', asc: true }).map((row) => row.info);
  const numDirs = items.filter((entry) => entry.isDir).length;
  return {
    ...item,
    items,
    numDirs,
    numFiles: items.length - numDirs,
    sorting: { by: 'name', asc: false },
  };
}
