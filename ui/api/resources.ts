// Files and folders as the files screen reads them: the types, the queries of a whole listing or a
// file and of a big folder's pages (keys from query-keys.ts), and the thumbnails a listing shows.
// What changes files is in resource-changes.ts, the links that open one in resource-links.ts.
import { queryOptions } from '@tanstack/react-query';
import type { FolderPage, ResourceInfo } from '../../src/api/resources';
import { config } from '../config';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';
import type { Ticket } from './tickets';
import { ticketParams } from './tickets';

/**
 * An item of a listing as the UI uses it: the server's ResourceInfo without the mode; isSymlink is
 * optional because a public share's items do not carry it, sizeIsTotal is only on folders whose
 * size is their total (the folderSizes preference).
 */
export type ResourceItem = Pick<
  ResourceInfo,
  'path' | 'name' | 'size' | 'modified' | 'isDir' | 'type' | 'extension'
> &
  Partial<Pick<ResourceInfo, 'isSymlink' | 'sizeIsTotal'>>;

export interface Resource
  extends
    ResourceItem,
    Pick<ResourceInfo, 'content' | 'subtitles' | 'numDirs' | 'numFiles' | 'sorting' | 'checksums'> {
  items?: ResourceItem[];
}

export function resourceUrl(virtualPath: string): string {
  return `api/resources${encodePath(virtualPath.startsWith('/') ? virtualPath : `/${virtualPath}`)}`;
}

export function resourceQuery(api: ApiClient, virtualPath: string) {
  const path = normalizePath(virtualPath);
  return queryOptions({
    queryKey: queryKeys.resource(path),
    queryFn: ({ signal }) => api.json<Resource>('GET', resourceUrl(path), { signal }),
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
    queryKey: queryKeys.resourcePage(path, offset),
    queryFn: ({ signal }) =>
      api.json<Resource | ResourcePage>('GET', resourceUrl(path), {
        signal,
        query: { offset, limit: listingPageSize },
      }),
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
