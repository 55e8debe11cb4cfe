// The top of a listing, which stays in view while the folder scrolls (docs/UI.md, Screens): the
// breadcrumbs, the multiple-selection banner, and the item count with the sort bar, over which the
// selection bar lies while something is selected, so the rows never move under a finger.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../api/resources';
import { useLoaded } from '../../components/use-loaded';
import { setMultiple, useSelection } from '../../state/selection';
import { ListingSort } from './listing-sort';

const loadSelectionBar = () => import('./selection-bar').then((module) => module.SelectionBar);

export function ListingTop({
  resource,
  breadcrumbs,
  count,
}: {
  resource: Resource;
  breadcrumbs: ReactNode;
  /** The folder's number of items; undefined for an empty folder, which has no sort bar. */
  count: number | undefined;
}) {
  const { t } = useTranslation();
  const selection = useSelection();
  const SelectionBar = useLoaded(loadSelectionBar, selection.paths.length > 0);
  return (
    <div className="listing-top">
      {breadcrumbs}
      {selection.multiple && (
        <div className="multiple-banner" role="status">
          <span>{t('files.multipleSelectionEnabled')}</span>
          <button type="button" className="button button-flat" onClick={() => setMultiple(false)}>
            {t('buttons.clear')}
          </button>
        </div>
      )}
      {count !== undefined && (
        <div className="listing-toolbar">
          <p className="listing-count" role="status">
            {t('files.itemCount', { count })}
          </p>
          <ListingSort />
          {selection.paths.length > 0 && SelectionBar && <SelectionBar resource={resource} />}
        </div>
      )}
    </div>
  );
}
