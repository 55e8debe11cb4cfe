// How the listing lays its items out: the view mode, the columns of tiles and folder cards, and the
// rows the virtualization renders, each of a known height.
import type { ResourceItem } from '../../api/resources';

/** A row of the list, a folder's card or a file's square tile in the mosaic and the gallery. */
export type ItemLayout = 'row' | 'card' | 'tile';

/** File Browser's view modes: 'list', 'mosaic' and 'mosaic gallery' ('' shows the mosaic). */
export type ListingMode = 'list' | 'mosaic' | 'gallery';

/**
 * File tiles are square: columns = floor(width / target), at least 2 (two on a phone). The gallery
 * keeps File Browser's 300 px (docs/PREVIEWS.md) for its larger tiles; the mosaic's are smaller,
 * so more fit a screen.
 */
export const tileTargetWidth = { mosaic: 180, gallery: 300 } as const;
/** Folders stay compact cards above the tiles, at least one a row. */
export const folderCardWidth = 240;
export const gridGap = 10;
const headingHeight = 44;
export const listRowHeight = 52;
const cardRowHeight = 76;

export function modeOf(viewMode: string): ListingMode {
  if (viewMode === 'list') return 'list';
  return viewMode === 'mosaic gallery' ? 'gallery' : 'mosaic';
}

export function columnsFor(width: number, target: number, least: number): number {
  return Math.max(least, Math.floor(width / target));
}

export interface Grid {
  mode: ListingMode;
  tileColumns: number;
  cardColumns: number;
  /** The side of a square tile, in pixels. */
  tileSize: number;
}

export function gridOf(viewMode: string, width: number): Grid {
  const mode = modeOf(viewMode);
  if (mode === 'list') return { mode, tileColumns: 1, cardColumns: 1, tileSize: 0 };
  const tileColumns = columnsFor(width, tileTargetWidth[mode], 2);
  const tileSize = Math.max(0, (width - gridGap * (tileColumns - 1)) / tileColumns);
  return { mode, tileColumns, cardColumns: columnsFor(width, folderCardWidth, 1), tileSize };
}

export type Row =
  { kind: 'heading'; label: string } | { kind: 'items'; layout: ItemLayout; items: ResourceItem[] };

function chunk<T>(list: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < list.length; index += size)
    rows.push(list.slice(index, index + size));
  return rows;
}

/** The Folders and Files sections of the items shown, each under its heading. */
export function rowsOf(
  shown: readonly ResourceItem[],
  grid: Grid,
  labels: { folders: string; files: string },
): Row[] {
  const folders = shown.filter((item) => item.isDir);
  const files = shown.filter((item) => !item.isDir);
  const tiled = grid.mode !== 'list';
  const rows: Row[] = [];
  if (folders.length > 0) rows.push({ kind: 'heading', label: labels.folders });
  for (const items of chunk(folders, grid.cardColumns))
    rows.push({ kind: 'items', layout: tiled ? 'card' : 'row', items });
  if (files.length > 0) rows.push({ kind: 'heading', label: labels.files });
  for (const items of chunk(files, grid.tileColumns))
    rows.push({ kind: 'items', layout: tiled ? 'tile' : 'row', items });
  return rows;
}

/** Each row's height with the gap below it, which is what the virtualization adds up. */
export function rowHeight(row: Row, grid: Grid): number {
  if (row.kind === 'heading') return headingHeight;
  if (row.layout === 'tile') return grid.tileSize + gridGap;
  return row.layout === 'card' ? cardRowHeight : listRowHeight;
}

export function columnsOfRow(layout: ItemLayout, grid: Grid): number {
  if (layout === 'tile') return grid.tileColumns;
  return layout === 'card' ? grid.cardColumns : 1;
}
