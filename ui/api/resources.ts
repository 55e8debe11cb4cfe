// Files and folders: the resource query (keyed by path), every file operation, and the
// links that show a file: raw, inline, subtitles, thumbnails and previews.
import { queryOptions } from '@tanstack/react-query';
import type {
  ArchiveAlgo,
  ChecksumAlgorithm,
  FolderPage,
  FolderSize,
  ResourceInfo,
} from '../../src/api/resources';
import { config } from '../config';
import type { ApiClient, Query } from './client';
import { encodePath } from './client';
import type { Ticket } from './tickets';
import { ticketParams } from './tickets';

/**
 * An item of a listing as the UI uses it: the server's ResourceInfo without the mode; isSymlink is
 * optional because a public share's items do not carry it.
 */
export type ResourceItem = Pick<
  ResourceInfo,
  'path' | 'name' | 'size' | 'modified' | 'isDir' | 'type' | 'extension'
> &
  Partial<Pick<ResourceInfo, 'isSymlink'>>;

export interface Resource
  extends
    ResourceItem,
    Pick<ResourceInfo, 'content' | 'subtitles' | 'numDirs' | 'numFiles' | 'sorting' | 'checksums'> {
  items?: ResourceItem[];
}

/** Archive formats: the value sent as algo, and the label shown (docs/UI.md, Screens and Figures). */
export const archiveFormats = [
  ['zip', 'zip'],
  ['tar', 'tar'],
  ['targz', 'tar.gz'],
  ['tarbz2', 'tar.bz2'],
  ['tarxz', 'tar.xz'],
  ['tarlz4', 'tar.lz4'],
  ['tarsz', 'tar.sz'],
] as const satisfies readonly (readonly [ArchiveAlgo, string])[];

/** '/a/b/' and '/a/b' are the same place; the root is '/'. */
export function normalizePath(virtualPath: string): string {
  const trimmed = `/${virtualPath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

export function joinPath(folder: string, name: string): string {
  return `${normalizePath(folder).replace(/\/$/, '')}/${name}`;
}

export function parentPath(virtualPath: string): string {
  const normal = normalizePath(virtualPath);
  return normal.slice(0, normal.lastIndexOf('/')) || '/';
}

export function baseName(virtualPath: string): string {
  return normalizePath(virtualPath).split('/').pop() ?? '';
}

/** The app URL of an item: /files/<encoded path>, folders with a trailing slash. */
export function filesUrl(virtualPath: string, isDir: boolean): string {
  const normal = normalizePath(virtualPath);
  if (normal === '/') return '/files/';
  return `/files${encodePath(normal)}${isDir ? '/' : ''}`;
}

export function resourceUrl(virtualPath: string): string {
  return `api/resources${encodePath(virtualPath.startsWith('/') ? virtualPath : `/${virtualPath}`)}`;
}

export function resourceQuery(api: ApiClient, virtualPath: string) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: ['resource', path],
    queryFn: ({ signal }) => api.json<Resource>('GET', resourceUrl(path), { signal }),
  });
}

/** A folder's total below it (GET /api/size): a walk on the server, cancelled when nobody waits. */
export function folderSizeQuery(api: ApiClient, virtualPath: string) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: ['folderSize', path],
    queryFn: ({ signal }) => api.json<FolderSize>('GET', `api/size${encodePath(path)}`, { signal }),
  });
}

/** A slice of a folder's sorted items with the total count (docs/LISTINGS.md, paged form). */
export interface ResourcePage extends Resource, Pick<FolderPage, 'offset' | 'total'> {
  items: ResourceItem[];
}

/** Items a page of a big folder's listing holds. */
export const listingPageSize = 200;
/** Past this many items a folder is listed page by page instead of whole. */
export const bigFolderSize = 2000;

export function isBigFolder(resource: Resource | ResourcePage): resource is ResourcePage {
  return 'total' in resource && resource.total > bigFolderSize;
}

/** Under the resource's key, so every invalidation of it also drops its pages. */
export function resourcePageQuery(api: ApiClient, virtualPath: string, offset: number) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: ['resource', path, 'page', offset],
    queryFn: ({ signal }) =>
      api.json<Resource | ResourcePage>('GET', resourceUrl(path), {
        signal,
        query: { offset, limit: listingPageSize },
      }),
  });
}

export async function createFile(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('POST', resourceUrl(virtualPath), { query: { override: false }, body: '' });
}

export async function createFolder(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('POST', `${resourceUrl(normalizePath(virtualPath))}/`, {
    query: { override: false },
  });
}

export async function saveFile(
  api: ApiClient,
  virtualPath: string,
  content: string,
): Promise<void> {
  await api.call('PUT', resourceUrl(virtualPath), {
    body: content,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function deleteResource(api: ApiClient, virtualPath: string): Promise<void> {
  await api.call('DELETE', resourceUrl(virtualPath));
}

export interface TransferOptions {
  override?: boolean;
  rename?: boolean;
}

/** Rename and move are the same call; copy differs only in its action. */
export async function transferResource(
  api: ApiClient,
  action: 'rename' | 'copy',
  from: string,
  to: string,
  options: TransferOptions = {},
): Promise<void> {
  const query: Query = {
    action,
    // The server decodes the destination once more (File Browser's contract).
    destination: encodeURIComponent(to),
    override: options.override ? true : undefined,
    rename: options.rename ? true : undefined,
  };
  await api.call('PATCH', resourceUrl(from), { query });
}

export async function fetchChecksum(
  api: ApiClient,
  virtualPath: string,
  algorithm: ChecksumAlgorithm,
): Promise<string> {
  const resource = await api.json<Resource>('GET', resourceUrl(virtualPath), {
    query: { checksum: algorithm },
  });
  return resource.checksums?.[algorithm] ?? '';
}

/**
 * What a download's ticket must cover: the one item itself, or the folder holding every selected
 * item (a selection is always named relative to that folder, so the ticket opens nothing beside it).
 */
export function downloadFolder(paths: readonly string[]): string {
  const normalised = paths.map((path) => normalizePath(path));
  if (normalised.length === 1) return normalised[0] ?? '/';
  const parents = normalised.map((path) => parentPath(path).split('/').filter(Boolean));
  const first = parents[0] ?? [];
  let length = first.length;
  for (const other of parents) {
    let index = 0;
    while (index < length && other[index] === first[index]) index += 1;
    length = index;
  }
  return `/${first.slice(0, length).join('/')}`;
}

/** A download link: one item as is (or as an archive when algo is given), several as one archive. */
export function downloadLink(
  api: ApiClient,
  paths: readonly string[],
  ticket: Ticket,
  algorithm?: string,
  /** Names an archive download so the page can ask how far it got (GET /api/downloads/<id>). */
  progress?: string,
): string {
  const folder = downloadFolder(paths);
  const query = { algo: algorithm, progress, ...ticketParams(ticket) };
  if (paths.length === 1) return api.link(`api/raw${encodePath(folder)}`, query);
  const prefix = folder === '/' ? '/' : `${folder}/`;
  const files = paths
    .map((path) => encodeURIComponent(normalizePath(path).slice(prefix.length)))
    .join(',');
  return api.link(`api/raw${encodePath(folder === '/' ? '/' : prefix)}`, { files, ...query });
}

/** A link that shows a file in the page (images, media, PDFs), under a ticket for it or its folder. */
export function inlineLink(api: ApiClient, virtualPath: string, ticket: Ticket): string {
  return api.link(`api/raw${encodePath(normalizePath(virtualPath))}`, {
    inline: true,
    ...ticketParams(ticket),
  });
}

/** A subtitle track, converted to WebVTT by the server. */
export function subtitleLink(api: ApiClient, virtualPath: string, ticket: Ticket): string {
  return api.link(`api/subtitle${encodePath(normalizePath(virtualPath))}`, {
    inline: true,
    ...ticketParams(ticket),
  });
}

/** What the server may draw a thumbnail of: pictures, and video posters (415 without ffmpeg). */
export function mayHaveThumb(item: { isDir: boolean; type?: string }): boolean {
  return config.EnableThumbs && !item.isDir && (item.type === 'image' || item.type === 'video');
}

/**
 * File Browser's `key`: the modification time in milliseconds. A URL carrying it names one version
 * of the file, which the server lets the browser keep for a month (docs/PREVIEWS.md).
 */
export function versionKey(modified: string | undefined): number | undefined {
  if (!modified) return undefined;
  const time = Date.parse(modified.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(time) ? undefined : time;
}

/** A thumbnail (fits 256 px) or a big preview (fits 1080 px) of a file, under a ticket for it or its folder. */
export function previewLink(
  api: ApiClient,
  size: 'thumb' | 'big',
  virtualPath: string,
  ticket: Ticket,
  modified?: string,
): string {
  return api.link(`api/preview/${size}${encodePath(normalizePath(virtualPath))}`, {
    key: versionKey(modified),
    ...ticketParams(ticket),
  });
}
