// A big folder's rows (docs/LISTINGS.md, paged form): each row reads its page, which the rows of that
// page share and which is fetched when the first of them scrolls into view; a placeholder until then.
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isBigFolder, listingPageSize, resourcePageQuery } from '../../api/resources';
import type { Resource, ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function PagedRow({
  api,
  folder,
  index,
  children,
}: {
  api: ApiClient;
  folder: string;
  index: number;
  children: (item: ResourceItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const offset = index - (index % listingPageSize);
  const page = useQuery(resourcePageQuery(api, folder, offset));
  const item = page.data?.items?.[index - offset];
  if (item) return children(item);
  return (
    <div className="item-placeholder" aria-busy="true">
      {t('files.loading')}
    </div>
  );
}

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
