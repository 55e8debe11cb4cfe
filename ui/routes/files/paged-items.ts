// The items a big folder's listing has loaded so far (docs/LISTINGS.md, paged form), for the
// listing's keys and ranges and for the actions on its selection: its whole listing is never loaded.
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { isBigFolder } from '../../api/resources';
import type { Resource, ResourceItem } from '../../api/resources';

/** The items of the pages loaded so far, in listing order: a big folder's whole listing is never loaded. */
export function loadedItems(queryClient: QueryClient, folder: string): ResourceItem[] {
  const pages = queryClient
    .getQueriesData<Resource & { offset?: number }>({ queryKey: queryKeys.resourcePages(folder) })
    .map(([, page]) => page)
    .filter((page) => page?.offset !== undefined)
    .sort((a, b) => (a?.offset ?? 0) - (b?.offset ?? 0));
  return pages.flatMap((page) => page?.items ?? []);
}

/** The items a listing's actions work on: a big folder's are those of the pages loaded so far. */
export function listedItems(queryClient: QueryClient, resource: Resource): ResourceItem[] {
  return isBigFolder(resource) ? loadedItems(queryClient, resource.path) : (resource.items ?? []);
}
