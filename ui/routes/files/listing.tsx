// The folder listing: Folders and Files sections as a list, a mosaic of square tiles or a gallery of
// larger ones, 50 more items per scroll to the bottom, only the rows on screen rendered (their
// thumbnails asked for as they come into view), selection, drag to move, and drop to upload.
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mayHaveThumb, previewLink, usePreviewTicket } from '../../api/previews';
import { filesUrl } from '../../api/resources';
import type { Resource, ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/describe-error';
import { useElementWidth } from '../../components/use-media';
import {
  setMultiple,
  setSelected,
  selectionAfterClick,
  selectionStore,
  useSelection,
} from '../../state/selection';
import { useUser } from '../../state/session';
import type { ItemHandlers, ItemLayout } from './listing-item';
import { internalDragType, ListingItem } from './listing-item';
import { ListingSort } from './listing-sort';
import { isFileDrag, takeDrop } from './drop';
import type { DroppedItems } from './drop';
import { useVirtualRows } from './virtual-rows';

/** SPEC §9: 50 items at first, 50 more each time the page is scrolled to its bottom. */
export const pageSize = 50;
/**
 * File tiles are square: columns = floor(width / target), at least 2 (two on a phone). The gallery
 * keeps SPEC §9's 300 px for its larger tiles; the mosaic's are smaller, so more fit a screen.
 */
export const tileTargetWidth = { mosaic: 180, gallery: 300 } as const;
/** Folders stay compact cards above the tiles, at least one a row. */
export const folderCardWidth = 240;
const headingHeight = 44;
const listRowHeight = 52;
const cardRowHeight = 76;
const gridGap = 10;

/** File Browser's view modes: 'list', 'mosaic' and 'mosaic gallery' ('' shows the mosaic). */
export type ListingMode = 'list' | 'mosaic' | 'gallery';

export function modeOf(viewMode: string): ListingMode {
  if (viewMode === 'list') return 'list';
  return viewMode === 'mosaic gallery' ? 'gallery' : 'mosaic';
}

export function columnsFor(width: number, target: number, least: number): number {
  return Math.max(least, Math.floor(width / target));
}

/** The ids of the hidden inputs the header's upload buttons click: files, and a folder with its tree. */
export const uploadInputId = 'upload-input';
export const uploadFolderInputId = 'upload-folder-input';

/** webkitdirectory (every browser has it) is not among React's known input attributes. */
function pickFolders(input: HTMLInputElement | null): void {
  input?.setAttribute('webkitdirectory', '');
}

/** The upload code loads on the first drop or pick: the listing shows sooner without it. */
function uploadDrop(
  api: ApiClient,
  queryClient: QueryClient,
  dropped: DroppedItems,
  folder: string,
) {
  import('./upload')
    .then(async (upload) =>
      upload.uploadBatch(api, queryClient, await upload.batchFromDrop(dropped), folder),
    )
    .catch(notifyError);
}

type Row =
  { kind: 'heading'; label: string } | { kind: 'items'; layout: ItemLayout; items: ResourceItem[] };

function chunk<T>(list: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < list.length; index += size)
    rows.push(list.slice(index, index + size));
  return rows;
}

export function Listing({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useUser();
  const selection = useSelection();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [shown, setShown] = useState(pageSize);
  const [dropping, setDropping] = useState(false);
  const width = useElementWidth(container);
  const mode = modeOf(user.viewMode);
  const grid = mode !== 'list';
  const tileColumns = grid ? columnsFor(width, tileTargetWidth[mode], 2) : 1;
  const cardColumns = grid ? columnsFor(width, folderCardWidth, 1) : 1;
  const tileSize = Math.max(0, (width - gridGap * (tileColumns - 1)) / tileColumns);
  const ticket = usePreviewTicket(resource.path);

  const ordered = useMemo(() => {
    const items = resource.items ?? [];
    return [...items.filter((item) => item.isDir), ...items.filter((item) => !item.isDir)];
  }, [resource.items]);
  const order = useMemo(() => ordered.map((item) => item.path), [ordered]);
  const orderRef = useRef(order);
  orderRef.current = order;

  const rows = useMemo(() => {
    const visible = ordered.slice(0, shown);
    const folders = visible.filter((item) => item.isDir);
    const files = visible.filter((item) => !item.isDir);
    const result: Row[] = [];
    const folderLayout: ItemLayout = grid ? 'card' : 'row';
    const fileLayout: ItemLayout = grid ? 'tile' : 'row';
    if (folders.length > 0) result.push({ kind: 'heading', label: t('files.folders') });
    for (const items of chunk(folders, cardColumns))
      result.push({ kind: 'items', layout: folderLayout, items });
    if (files.length > 0) result.push({ kind: 'heading', label: t('files.files') });
    for (const items of chunk(files, tileColumns))
      result.push({ kind: 'items', layout: fileLayout, items });
    return result;
  }, [ordered, shown, grid, cardColumns, tileColumns, t]);
  const heights = useMemo(
    () =>
      rows.map((row) => {
        if (row.kind === 'heading') return headingHeight;
        if (row.layout === 'tile') return tileSize + gridGap;
        return row.layout === 'card' ? cardRowHeight : listRowHeight;
      }),
    [rows, tileSize],
  );
  const { rows: onScreen, total } = useVirtualRows(container, heights);

  // 50 more whenever the bottom of the page is reached (or the page does not scroll at all yet).
  useEffect(() => {
    if (shown >= ordered.length) return;
    const check = () => {
      const bottom = window.innerHeight + window.scrollY;
      if (bottom >= document.documentElement.scrollHeight - 2)
        setShown((count) => count + pageSize);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [shown, ordered.length, total]);

  const handlers = useMemo<ItemHandlers>(() => {
    const selectedItems = () => {
      const paths = new Set(selectionStore.get().paths);
      return ordered.filter((item) => paths.has(item.path));
    };
    return {
      click(item, modifiers) {
        const index = orderRef.current.indexOf(item.path);
        setSelected(selectionAfterClick(selectionStore.get(), orderRef.current, index, modifiers));
      },
      open(item) {
        void navigate({ href: filesUrl(item.path, item.isDir) });
      },
      dragStart(item, event) {
        if (!user.perm.rename) return event.preventDefault();
        if (!selectionStore.get().paths.includes(item.path)) setSelected([item.path]);
        event.dataTransfer.setData(internalDragType, JSON.stringify(selectionStore.get().paths));
        event.dataTransfer.effectAllowed = 'move';
      },
      canDrop(item, event) {
        const types = event.dataTransfer.types;
        if (types.includes(internalDragType))
          return user.perm.rename && !selectionStore.get().paths.includes(item.path);
        return isFileDrag(event.dataTransfer) && user.perm.create;
      },
      drop(item, event) {
        if (event.dataTransfer.types.includes(internalDragType)) {
          const moving = selectedItems();
          // The transfer code loads on the first move, like the upload code.
          void import('./transfer').then((transfer) =>
            transfer
              .transferWithConfirmation(api, queryClient, 'rename', moving, item.path)
              .catch(notifyError)
              .finally(() => void transfer.refreshListings(queryClient)),
          );
          return;
        }
        uploadDrop(api, queryClient, takeDrop(event.dataTransfer), item.path);
      },
    };
  }, [api, queryClient, navigate, ordered, user.perm.rename, user.perm.create]);

  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!isFileDrag(event.dataTransfer) || !user.perm.create) return;
      event.preventDefault();
      setDropping(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
    },
    onDrop: (event: DragEvent) => {
      setDropping(false);
      if (!isFileDrag(event.dataTransfer) || !user.perm.create) return;
      event.preventDefault();
      uploadDrop(api, queryClient, takeDrop(event.dataTransfer), resource.path);
    },
  };

  const uploadPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files ? [...event.target.files] : [];
    event.target.value = '';
    import('./upload')
      .then((upload) =>
        upload.uploadBatch(api, queryClient, upload.batchFromFiles(files), resource.path),
      )
      .catch(notifyError);
  };

  const selected = new Set(selection.paths);
  const thumbOf = (item: ResourceItem) =>
    ticket && mayHaveThumb(item)
      ? previewLink(api, 'thumb', item.path, ticket, item.modified)
      : undefined;
  return (
    <div
      className={`listing ${grid ? 'mosaic' : 'list'}${mode === 'gallery' ? ' gallery' : ''}${dropping ? ' dropping' : ''}`}
      {...dropZone}
    >
      {selection.multiple && (
        <div className="multiple-banner" role="status">
          <span>{t('files.multipleSelectionEnabled')}</span>
          <button type="button" className="button button-flat" onClick={() => setMultiple(false)}>
            {t('buttons.clear')}
          </button>
        </div>
      )}
      {ordered.length === 0 ? (
        <div className="lonely">
          <p>{t('files.lonely')}</p>
        </div>
      ) : (
        <>
          <ListingSort />
          <div
            ref={setContainer}
            className="listing-body"
            role="listbox"
            aria-multiselectable="true"
            aria-label={t('files.listing')}
            style={{ height: total }}
          >
            {/* Tiles are sized by the width: none before it is known (all would seem on screen). */}
            {(width > 0 || !grid ? onScreen : []).map(({ index, top, height }) => {
              const row = rows[index];
              if (!row) return null;
              return row.kind === 'heading' ? (
                <h2
                  key={`h${index}`}
                  className="listing-heading"
                  role="presentation"
                  style={{ top, height }}
                >
                  {row.label}
                </h2>
              ) : (
                <div
                  key={row.items[0]?.path}
                  className={`listing-row ${row.layout}s`}
                  role="presentation"
                  style={{
                    top,
                    height: row.layout === 'tile' ? tileSize : height,
                    gridTemplateColumns: `repeat(${row.layout === 'tile' ? tileColumns : row.layout === 'card' ? cardColumns : 1}, minmax(0, 1fr))`,
                  }}
                >
                  {row.items.map((item) => (
                    <ListingItem
                      key={item.path}
                      item={item}
                      layout={row.layout}
                      thumb={thumbOf(item)}
                      selected={selected.has(item.path)}
                      draggable={user.perm.rename}
                      handlers={handlers}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </>
      )}
      {dropping && <div className="drop-hint">{t('files.dropHere')}</div>}
      {user.perm.create && (
        <>
          <input id={uploadInputId} type="file" multiple hidden onChange={uploadPicked} />
          <input
            id={uploadFolderInputId}
            ref={pickFolders}
            type="file"
            multiple
            hidden
            onChange={uploadPicked}
          />
        </>
      )}
    </div>
  );
}
