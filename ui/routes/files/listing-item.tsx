// One listing item (a list row, a folder card or a file tile): selection clicks and its checkbox,
// opening by double-click or double-tap (or one click for singleClick users), dragging and dropping
// onto folders.
import { memo, useState } from 'react';
import type { DragEvent, KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../../api/resources';
import type { ClickModifiers } from '../../state/selection';
import type { ItemLayout } from './listing-layout';
import { FileIcon, Thumbnail } from '../../components/file-icon';
import { Icon } from '../../components/icons';
import { formatDate, formatRelative, formatSize } from '../../components/format';

/** docs/UI.md, Figures: a second tap within 300 ms counts as a double-tap. */
export const doubleTapMs = 300;
/** The drag type of items dragged inside the listing (files from the desktop carry 'Files'). */
export const internalDragType = 'application/x-drawer-items';

export interface ItemHandlers {
  click(item: ResourceItem, modifiers: ClickModifiers): void;
  open(item: ResourceItem): void;
  dragStart(item: ResourceItem, event: DragEvent): void;
  /** Whether a drag over this folder may drop here. */
  canDrop(item: ResourceItem, event: DragEvent): boolean;
  drop(item: ResourceItem, event: DragEvent): void;
}

let lastClick = { path: '', time: 0 };

export const ListingItem = memo(function ListingItem({
  item,
  layout,
  thumb,
  selected,
  draggable,
  singleClick,
  exactDate,
  handlers,
}: {
  item: ResourceItem;
  layout: ItemLayout;
  /** The thumbnail's address, for files that may have one. */
  thumb: string | undefined;
  selected: boolean;
  draggable: boolean;
  /** The user's singleClick: a plain click opens; Ctrl/Cmd and Shift still select. */
  singleClick: boolean;
  /** The user's dateFormat: the exact date shows, the relative one is its tooltip. */
  exactDate: boolean;
  handlers: ItemHandlers;
}) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState(false);
  const onClick = (event: MouseEvent) => {
    const modifiers = { ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey };
    if (singleClick && !modifiers.ctrl && !modifiers.shift) return handlers.open(item);
    const now = performance.now();
    const second = lastClick.path === item.path && now - lastClick.time < doubleTapMs;
    lastClick = second ? { path: '', time: 0 } : { path: item.path, time: now };
    if (second) return handlers.open(item);
    handlers.click(item, modifiers);
  };
  const onCheck = (event: MouseEvent) => {
    event.stopPropagation();
    handlers.click(item, { ctrl: true, shift: event.shiftKey });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handlers.open(item);
    } else if (event.key === ' ') {
      // Space toggles the focused item like a Ctrl-click.
      event.preventDefault();
      handlers.click(item, { ctrl: true, shift: event.shiftKey });
    }
  };
  const dropProps = item.isDir
    ? {
        onDragOver: (event: DragEvent) => {
          if (!handlers.canDrop(item, event)) return;
          event.preventDefault();
          event.stopPropagation();
          setDropTarget(true);
        },
        onDragLeave: () => setDropTarget(false),
        onDrop: (event: DragEvent) => {
          setDropTarget(false);
          if (!handlers.canDrop(item, event)) return;
          event.preventDefault();
          event.stopPropagation();
          handlers.drop(item, event);
        },
      }
    : {};
  return (
    <div
      className={`item${selected ? ' selected' : ''}${dropTarget ? ' drop-target' : ''}`}
      role="option"
      aria-selected={selected}
      // Out of the Tab order: the listing keeps one of its items in it (listing-key-listener.ts).
      tabIndex={-1}
      data-path={item.path}
      data-dir={item.isDir || undefined}
      draggable={draggable}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onDragStart={(event) => handlers.dragStart(item, event)}
      {...dropProps}
    >
      {/* A pointer's way to add to the selection (docs/UI.md, Behaviour); the option itself carries
          the state for assistive technology, and Space toggles it from the keyboard. */}
      <span className="item-check" aria-hidden="true" onClick={onCheck}>
        <Icon name="check" size={16} />
      </span>
      {item.isDir ? (
        <FileIcon item={item} size={28} />
      ) : (
        <Thumbnail item={item} src={thumb} iconSize={layout === 'tile' ? 48 : 28} />
      )}
      <span className="item-name" title={item.name}>
        {item.name}
      </span>
      {/* A folder's own size means nothing to a user: only its total shows (docs/UI.md, Screens). */}
      <span className={item.sizeIsTotal ? 'item-size total' : 'item-size'}>
        {item.isDir && !item.sizeIsTotal ? t('files.noSize') : formatSize(item.size)}
      </span>
      <time
        className="item-modified"
        dateTime={item.modified}
        title={exactDate ? formatRelative(item.modified) : formatDate(item.modified)}
      >
        {exactDate ? formatDate(item.modified) : formatRelative(item.modified)}
      </time>
    </div>
  );
});
