// The folder listing: Folders and Files sections as a list, a mosaic of square tiles or a gallery of
// larger ones, 50 more items per scroll to the bottom, only the rows on screen rendered (their
// thumbnails asked for as they come into view), selection, drag to move, and drop to upload.
import { usePreviewTicket } from '../../api/tickets';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filesUrl } from '../../api/paths';
import { isBigFolder, mayHaveThumb, previewLink } from '../../api/resources';
import type { Resource, ResourceItem } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../api/use-api';
import { notifyError } from '../../components/notify-error';
import { Icon } from '../../components/icons';
import { useElementWidth } from '../../components/use-media';
import {
  setSelected,
  selectionAfterClick,
  selectionStore,
  useSelection,
} from '../../state/selection';
import { useUser } from '../../state/session';
import type { ItemHandlers } from './listing-item';
import { internalDragType, ListingItem } from './listing-item';
import type { ItemLayout, Row } from './listing-layout';
import { columnsOfRow, gridOf, listRowHeight, rowHeight, rowsOf } from './listing-layout';
import { ListingTop } from './listing-top';
import { isFileDrag, takeDrop } from './drop';
import type { DroppedItems } from './drop';
import { loadedItems } from './paged-items';
import { useVirtualRows } from './virtual-rows';
import { useLoaded } from '../../components/use-loaded';
import { listenForKeys } from './listing-key-listener';

/** docs/UI.md, Figures: 50 items at first, 50 more each time the page is scrolled to its bottom. */
export const pageSize = 50;
/** The ids of the hidden inputs the header's upload buttons click: files, and a folder with its tree. */
export const uploadInputId = 'upload-input';
export const uploadFolderInputId = 'upload-folder-input';

/** webkitdirectory (every browser has it) is not among React's known input attributes. */
function pickFolders(input: HTMLInputElement | null): void {
  input?.setAttribute('webkitdirectory', '');
}

/** A big folder's rows load with the first big folder. */
const loadPagedRow = () => import('./paged-rows').then((module) => module.PagedRow);

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

export function Listing({
  resource,
  breadcrumbs,
}: {
  resource: Resource;
  /** Shown at the top, which stays in view while the listing scrolls (listing-top.tsx). */
  breadcrumbs: ReactNode;
}) {
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
  // A big folder comes page by page, in the server's order, as list rows (docs/LISTINGS.md).
  const pagedTotal = isBigFolder(resource) ? resource.total : undefined;
  const viewMode = pagedTotal === undefined ? user.viewMode : 'list';
  const grid = useMemo(() => gridOf(viewMode, width), [viewMode, width]);
  const PagedRow = useLoaded(loadPagedRow, pagedTotal !== undefined);
  const tiled = grid.mode !== 'list';
  const ticket = usePreviewTicket(resource.path);

  const ordered = useMemo(() => {
    const items = resource.items ?? [];
    return [...items.filter((item) => item.isDir), ...items.filter((item) => !item.isDir)];
  }, [resource.items]);
  const order = useMemo(() => ordered.map((item) => item.path), [ordered]);
  const orderRef = useRef(order);
  orderRef.current = order;

  const rows = useMemo(
    () =>
      rowsOf(ordered.slice(0, shown), grid, {
        folders: t('files.folders'),
        files: t('files.files'),
      }),
    [ordered, shown, grid, t],
  );
  const heights = useMemo(
    () =>
      pagedTotal === undefined
        ? rows.map((row) => rowHeight(row, grid))
        : new Array<number>(pagedTotal).fill(listRowHeight),
    [rows, grid, pagedTotal],
  );
  const { rows: onScreen, total } = useVirtualRows(container, heights);
  // The arrow keys, Home and End move through the items (their code loads once the listing shows).
  const laidOut = useRef<() => [Row[], number[]]>(() => [rows, heights]);
  laidOut.current = () =>
    pagedTotal === undefined
      ? [rows, heights]
      : [
          loadedItems(queryClient, resource.path).map((item) => ({
            kind: 'items',
            layout: 'row',
            items: [item],
          })),
          heights,
        ];
  useEffect(() => {
    if (!container) return;
    const detach = new AbortController();
    listenForKeys(container, () => laidOut.current(), detach.signal);
    return () => detach.abort();
  }, [container]);

  // 50 more whenever the bottom of the page is reached (or the page does not scroll at all yet).
  useEffect(() => {
    if (shown >= ordered.length || pagedTotal !== undefined) return;
    const check = () => {
      const bottom = window.innerHeight + window.scrollY;
      if (bottom >= document.documentElement.scrollHeight - 2)
        setShown((count) => count + pageSize);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [shown, ordered.length, total, pagedTotal]);

  const handlers = useMemo<ItemHandlers>(() => {
    const selectedItems = () => {
      const paths = new Set(selectionStore.get().paths);
      return ordered.filter((item) => paths.has(item.path));
    };
    return {
      click(item, modifiers) {
        // A big folder's ranges reach over the pages loaded so far.
        const order =
          pagedTotal === undefined
            ? orderRef.current
            : loadedItems(queryClient, resource.path).map((loaded) => loaded.path);
        const index = order.indexOf(item.path);
        setSelected(selectionAfterClick(selectionStore.get(), order, index, modifiers));
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
              .finally(() => void transfer.invalidateAfterTransfer(queryClient, 'rename', moving)),
          );
          return;
        }
        uploadDrop(api, queryClient, takeDrop(event.dataTransfer), item.path);
      },
    };
  }, [
    api,
    queryClient,
    navigate,
    ordered,
    user.perm.rename,
    user.perm.create,
    pagedTotal,
    resource.path,
  ]);

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
  // Moving needs every selected item: a big folder's selection may span pages not loaded.
  const draggable = user.perm.rename && pagedTotal === undefined;
  const itemView = (item: ResourceItem, layout: ItemLayout) => (
    <ListingItem
      key={item.path}
      item={item}
      layout={layout}
      thumb={thumbOf(item)}
      selected={selected.has(item.path)}
      draggable={draggable}
      singleClick={user.singleClick === true}
      exactDate={user.dateFormat === true}
      handlers={handlers}
    />
  );
  return (
    <div
      className={`listing ${tiled ? 'mosaic' : 'list'}${grid.mode === 'gallery' ? ' gallery' : ''}${selected.size > 0 ? ' selecting' : ''}${dropping ? ' dropping' : ''}`}
      {...dropZone}
    >
      <ListingTop
        resource={resource}
        breadcrumbs={breadcrumbs}
        count={ordered.length === 0 ? undefined : (pagedTotal ?? ordered.length)}
      />
      {ordered.length === 0 ? (
        <div className="lonely">
          <Icon name={user.perm.create ? 'upload' : 'folder'} size={48} />
          <p>{t('files.lonely')}</p>
          {user.perm.create && (
            <>
              <p>{t('files.emptyHint')}</p>
              <button
                type="button"
                className="button"
                onClick={() => document.getElementById(uploadInputId)?.click()}
              >
                {t('buttons.uploadFiles')}
              </button>
            </>
          )}
        </div>
      ) : (
        <div
          ref={setContainer}
          className="listing-body"
          role="listbox"
          aria-multiselectable="true"
          aria-label={t('files.listing')}
          style={{ height: total }}
        >
          {/* Tiles are sized by the width: none before it is known (all would seem on screen). */}
          {(width > 0 || !tiled ? onScreen : []).map(({ index, top, height }) => {
            if (pagedTotal !== undefined)
              return (
                <div
                  key={index}
                  className="listing-row rows"
                  role="presentation"
                  style={{ top, height, gridTemplateColumns: 'minmax(0, 1fr)' }}
                >
                  {PagedRow && (
                    <PagedRow api={api} folder={resource.path} index={index}>
                      {(item) => itemView(item, 'row')}
                    </PagedRow>
                  )}
                </div>
              );
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
                  height: row.layout === 'tile' ? grid.tileSize : height,
                  gridTemplateColumns: `repeat(${columnsOfRow(row.layout, grid)}, minmax(0, 1fr))`,
                }}
              >
                {row.items.map((item) => itemView(item, row.layout))}
              </div>
            );
          })}
        </div>
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
