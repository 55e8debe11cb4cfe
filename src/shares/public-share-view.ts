// What an anonymous visitor sees of a share: File Browser's resource JSON, share-relative, no owner.
import type { Stats } from 'node:fs';
import mime from 'mime-types';
import type { ListedEntry } from '../fs/scoped-fs';
import { baseName } from '../fs/virtual-path';
import type { OpenedShare } from './public-share';

export interface PublicItem {
  name: string;
  path: string;
  isDir: boolean;
  isSymlink: boolean;
  size: number;
  modified: string;
  extension: string;
  type: string;
}

export interface PublicFolder extends PublicItem {
  items: PublicItem[];
  numDirs: number;
  numFiles: number;
  sorting: { by: 'name'; asc: false };
}

/** RFC 3339 in the server's offset, fraction trimmed as Go prints it ("Z" in UTC). */
export function formatModified(date: Date): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const [whole = '', fraction = ''] = shifted.slice(0, -1).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const zone = offsetMinutes === 0 ? 'Z' : `${sign}${hours}:${minutes}`;
  return `${whole}${trimmed ? `.${trimmed}` : ''}${zone}`;
}

/** Text from the last dot, dot included; ".bashrc" keeps its whole name, as File Browser does. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot);
}

/** The file kind from its name alone; a share page only needs it for its icon. */
export function fileTypeOf(name: string): string {
  const type = name.includes('.') ? mime.lookup(name) || '' : '';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  if (type.endsWith('pdf')) return 'pdf';
  if (type.startsWith('text/') || /\b(json|xml|javascript)\b/.test(type)) return 'text';
  return 'blob';
}

function itemOf(name: string, path: string, stats: Stats, isSymlink: boolean): PublicItem {
  const isDir = stats.isDirectory();
  return {
    name,
    path,
    isDir,
    isSymlink,
    size: stats.size,
    modified: formatModified(stats.mtime),
    extension: isDir ? '' : extensionOf(name),
    type: isDir ? '' : fileTypeOf(name),
  };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders first, then natural A→Z order ignoring case (File Browser's default for shares). */
function byName(a: PublicItem, b: PublicItem): number {
  if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
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
  const items = entries
    .map((entry) =>
      itemOf(entry.name, childPath(relative, entry.name), entry.stats, entry.isSymlink),
    )
    .sort(byName);
  const numDirs = items.filter((entry) => entry.isDir).length;
  return {
    ...item,
    items,
    numDirs,
    numFiles: items.length - numDirs,
    sorting: { by: 'name', asc: false },
  };
}
