// The files route's loader (docs/UI.md, Data flow): it fills the query cache with what the screen
// will read, so the screen renders with its data and never fetches it itself.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { isBigFolder, resourcePageQuery, resourceQuery } from '../../api/resources';
import { fetchForRoute } from '../../api/route-fetch';
import { previewTicketQuery } from '../../api/tickets';
import { config } from '../../config';
import type { FilesLocation } from './files-location';

/** What the screen reads: a big folder's first page (its rows read the others), or the whole item. */
export interface FilesLoaded {
  paged: boolean;
}

/**
 * The answer already cached, asked for again behind it: going back to a folder shows it at once and
 * then as it is now. Not one that a change made stale (invalidation.ts): the screen waits for the
 * truth rather than showing what was just renamed or deleted.
 */
function cachedAndRevalidated<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): T | undefined {
  const query = queryClient.getQueryCache().find<T>({ queryKey: options.queryKey, exact: true });
  if (query?.state.data === undefined || query.state.isInvalidated) return undefined;
  void queryClient.prefetchQuery(options);
  return query.state.data;
}

/**
 * A file, or a folder named without its slash, is loaded whole. A folder's first page says how big
 * it is: a big one is listed page by page, a small one whole, as File Browser's client does
 * (docs/LISTINGS.md, paged form).
 */
export async function loadFiles(
  queryClient: QueryClient,
  api: ApiClient,
  location: FilesLocation,
): Promise<FilesLoaded> {
  // A folder's thumbnails need its ticket: asked for beside the listing, not after it.
  if (location.isDir && config.EnableThumbs)
    void queryClient.prefetchQuery(previewTicketQuery(api, location.path));
  const whole = resourceQuery(api, location.path);
  if (cachedAndRevalidated(queryClient, whole)) return { paged: false };
  if (!location.isDir) {
    await fetchForRoute(queryClient, whole);
    return { paged: false };
  }
  const firstPage = resourcePageQuery(api, location.path, 0);
  const cached = cachedAndRevalidated(queryClient, firstPage);
  if (cached && isBigFolder(cached)) return { paged: true };
  if (isBigFolder(await fetchForRoute(queryClient, firstPage))) return { paged: true };
  await fetchForRoute(queryClient, whole);
  return { paged: false };
}
