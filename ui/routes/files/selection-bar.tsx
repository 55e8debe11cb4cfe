// The listing's selection bar (docs/UI.md, Screens): '{n} selected', a ✕ that clears the selection,
// and the actions on it. It takes the place of the count and sort bar while something is selected,
// at every width; it loads on the first selection, as the first screen shows none.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../api/resources';
import { IconButton } from '../../components/icon-button';
import { clearSelection, useSelection } from '../../state/selection';
import { listedItems } from './paged-items';
import { SelectionActions } from './selection-actions';

export function SelectionBar({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selection = useSelection();
  const selected = new Set(selection.paths);
  const items = listedItems(queryClient, resource).filter((item) => selected.has(item.path));
  if (items.length === 0) return null;
  return (
    <div className="selection-bar" role="toolbar" aria-label={t('files.selectionActions')}>
      <IconButton icon="close" label={t('files.clearSelection')} onClick={clearSelection} />
      <span className="selection-bar-count" aria-live="polite">
        {t('files.itemsSelected', { count: items.length })}
      </span>
      <div className="selection-bar-actions">
        <SelectionActions resource={resource} items={items} withFileActions />
      </div>
    </div>
  );
}
