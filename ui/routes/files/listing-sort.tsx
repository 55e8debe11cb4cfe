// The column headers that sort the listing; the choice is stored on the user (docs/UI.md, Behaviour).
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/notify-error';
import { Icon } from '../../components/icons';
import type { SortKey, Sorting } from '../../../src/api/users';
import { useUser } from '../../state/session';

const columns = [
  ['name', 'files.name'],
  ['size', 'files.size'],
  ['modified', 'files.lastModified'],
] as const satisfies readonly (readonly [SortKey, string])[];

/**
 * The arrow of a column shows the direction in use: up while it sorts ascending (A→Z, small to
 * large, old to new), down while descending. Other columns show a faint up arrow: what a click gives.
 */
export function arrowOf(sorting: Sorting, column: SortKey): 'up' | 'down' {
  return sorting.by === column && !sorting.asc ? 'down' : 'up';
}

/**
 * Choosing the active column flips its direction; choosing another sorts it ascending. See
 * docs/UI.md, Behaviour (Sorting).
 */
export function nextSorting(sorting: Sorting, column: SortKey): Sorting {
  return { by: column, asc: !(sorting.by === column && sorting.asc) };
}

export function ListingSort() {
  const { t } = useTranslation();
  const api = useApi();
  const user = useUser();
  const queryClient = useQueryClient();
  const sorting = user.sorting;
  const choose = async (column: SortKey) => {
    try {
      // Loaded by the first choice: the first screen has no room for it (scripts/build-ui.ts).
      const { updateOwnPreferences } = await import('../../api/users');
      await updateOwnPreferences(api, user, { sorting: nextSorting(sorting, column) });
    } catch (error) {
      notifyError(error);
    }
    // Listings come back in the new order (the server sorts them).
    await queryClient.invalidateQueries({ queryKey: queryKeys.resources });
  };
  return (
    <div className="listing-header" role="toolbar" aria-label={t('files.sortLabel')}>
      {columns.map(([column, label]) => {
        const active = sorting.by === column;
        const arrow = arrowOf(sorting, column);
        return (
          <button
            key={column}
            type="button"
            className={`sort sort-${column}${active ? ' active' : ''}`}
            aria-label={t('files.sortBy', { column: t(label) })}
            aria-pressed={active}
            data-arrow={arrow}
            onClick={() => void choose(column)}
          >
            <span>{t(label)}</span>
            <Icon name={arrow === 'up' ? 'arrowUp' : 'arrowDown'} size={16} />
          </button>
        );
      })}
    </div>
  );
}
