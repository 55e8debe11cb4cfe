// The other answers of GET /api/resources and friends: checksums, raw text, recursive listing, disk usage.
import type { Readable } from 'node:stream';
import type { ChecksumAlgorithm, FolderSize, ResourceInfo } from '../api/resources';
import { AppError } from '../errors';
import { filesystemUsage, openFileStream } from '../fs/fs-read';
import type { ExistingResolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import { baseName, segmentsOf } from '../fs/virtual-path';
import type { Sorting } from '../users/user';
import { checksumOf } from './checksum';
import { describeResource, detectFileType } from './resource-info';
import { formatModified } from './resource-fields';

/** A file's info without content, plus one digest; hashing hands the bytes out, so it needs download. */
export async function describeWithChecksum(
  view: ScopedFs,
  virtual: VirtualPath,
  algorithm: ChecksumAlgorithm,
  sorting: Sorting,
): Promise<ResourceInfo> {
  view.access.check('download', virtual);
  const target = await view.resolveExisting(virtual, 'download');
  if (!target.stats.isFile())
    throw new AppError('fs.isDirectory', 'checksums are only computed for files');
  const info = await describeResource(view, virtual, { sorting, withContent: false });
  return { ...info, checksums: { [algorithm]: await checksumOf(target, algorithm) } };
}

/**
 * The X-Encoding branch: the raw bytes of a text file (the client decodes other encodings), or
 * undefined when the file is not text and the normal JSON applies.
 */
export async function openTextContent(
  view: ScopedFs,
  virtual: VirtualPath,
): Promise<Readable | undefined> {
  const target = await view.resolveExisting(virtual, 'read');
  if (!target.stats.isFile()) return undefined;
  const type = await detectFileType(target, baseName(virtual), target.stats, true);
  if (type !== 'text') return undefined;
  view.access.check('download', virtual);
  return (await openFileStream(target)).stream;
}

export interface RecursiveItem {
  path: string;
  name: string;
  size: number;
  modified: string;
  isDir: boolean;
}

function comparePaths(a: RecursiveItem, b: RecursiveItem): number {
  const left = segmentsOf(a.path as VirtualPath);
  const right = segmentsOf(b.path as VirtualPath);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const [x = '', y = ''] = [left[index], right[index]];
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/** Every visible entry below a folder (rule-hidden folders skipped with their contents), depth first. */
export async function listRecursively(
  view: ScopedFs,
  virtual: VirtualPath,
  signal?: AbortSignal,
): Promise<RecursiveItem[]> {
  const folder = await view.resolveExisting(virtual, 'read');
  if (!folder.stats.isDirectory()) throw new AppError('fs.notDirectory', 'not a folder');
  const items: RecursiveItem[] = [];
  for await (const entry of view.walk(folder, signal)) {
    items.push({
      path: entry.virtual,
      name: entry.name,
      size: entry.stats.size,
      modified: formatModified(entry.stats.mtimeMs),
      isDir: entry.stats.isDirectory(),
    });
  }
  return items.sort(comparePaths);
}

/**
 * What lies below a folder, walked through the gate like a search: rules and hidden entries count
 * as absent, links are counted but neither followed nor sized (du's default).
 */
export async function folderSize(
  view: ScopedFs,
  folder: ExistingResolved,
  signal?: AbortSignal,
): Promise<FolderSize> {
  const totals: FolderSize = { size: 0, files: 0, folders: 0 };
  for await (const entry of view.walk(folder, signal)) {
    if (entry.stats.isDirectory() && !entry.isSymlink) totals.folders += 1;
    else {
      totals.files += 1;
      if (!entry.isSymlink && entry.stats.isFile()) totals.size += entry.stats.size;
    }
  }
  signal?.throwIfAborted();
  return totals;
}

/** Size and use of the disk holding a folder; a file answers zeros, as File Browser does. */
export async function diskUsage(
  view: ScopedFs,
  virtual: VirtualPath,
): Promise<{ total: number; used: number }> {
  const target = await view.resolveExisting(virtual, 'read');
  if (!target.stats.isDirectory()) return { total: 0, used: 0 };
  return filesystemUsage(target);
}
