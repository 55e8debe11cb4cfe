// A big folder's rows (docs/LISTINGS.md, paged form): each row reads its page, which the rows of that
// page share and which is fetched when the first of them scrolls into view; a placeholder until then.
// Loaded by the listing of a big folder only; what the actions know of its items is paged-items.ts.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listingPageSize, resourcePageQuery } from '../../api/resources';
import type { ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';

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
