// The paged form of a folder listing for Drawer's UI: one slice of the sorted items, with the total count.
import { AppError } from '../errors';
import type { FolderPage } from '../api/resources';
import type { FolderListing } from './resource-info';

/** A page's most items: a few hundred kilobytes of JSON at most. */
export const maxPageLimit = 1000;
/** When only `offset` is given. */
const defaultPageLimit = 200;

export interface PageRequest {
  offset: number;
  limit: number;
}

function wholeNumber(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw new AppError('request.invalid', `${name} must be a whole number`);
  return Number(text);
}

/**
 * The page asked for, or undefined for File Browser's whole listing: its clients never send
 * `offset` or `limit`, so their answers stay as they were (docs/LISTINGS.md).
 */
export function pageRequestOf(query: { offset?: string; limit?: string }): PageRequest | undefined {
  if (query.offset === undefined && query.limit === undefined) return undefined;
  const offset = query.offset === undefined ? 0 : wholeNumber(query.offset, 'offset');
  const limit = query.limit === undefined ? defaultPageLimit : wholeNumber(query.limit, 'limit');
  if (limit < 1 || limit > maxPageLimit)
    throw new AppError('request.invalid', `limit must be between 1 and ${maxPageLimit}`);
  return { offset, limit };
}

/** The folder's own fields and the items from `offset` (none past the end), once they are read. */
export async function folderPage(folder: FolderListing, page: PageRequest): Promise<FolderPage> {
  const { entries: pending, ...info } = folder;
  const entries = await pending;
  await entries.prepare?.(page.offset, page.offset + page.limit);
  return {
    ...info,
    items: entries.itemsOf(page.offset, page.offset + page.limit),
    numDirs: entries.numDirs,
    numFiles: entries.numFiles,
    sorting: entries.sorting,
    offset: page.offset,
    total: entries.count,
  };
}
