// What each kind of change makes stale, named by the key prefixes of query-keys.ts (docs/UI.md, Data
// flow). An invalidated query that is on screen is fetched again at once; the others are marked, and
// a route's loader waits for a fresh answer rather than show one of them (files-loader.ts). The first
// screen's own changes (sorting, view) invalidate the resources' prefix inline: this module is loaded
// with the code that changes things.
import { partialMatchKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { parentPath } from './paths';
import { queryKeys } from './query-keys';

/**
 * Files were created, changed, moved or deleted: every listing and file (a change shows in its
 * folder, its parents' times and sizes, a search's folder) and the folder totals. The paths in
 * `gone` are not asked for again: one still on screen (the open file just deleted or renamed) is
 * about to leave it, and the others are dropped, so going back to one asks afresh and says it is
 * gone. The folders that held them are asked for again now even when not on screen: a deleted open
 * file's page goes to its folder next, which the router shows at once from the cache.
 */
export async function invalidateFiles(
  queryClient: QueryClient,
  gone: readonly string[] = [],
): Promise<void> {
  const goneKeys = gone.map((path) => queryKeys.resource(path));
  const isGone = (key: QueryKey) => goneKeys.some((prefix) => partialMatchKey(key, prefix));
  for (const queryKey of goneKeys) {
    await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    queryClient.removeQueries({ queryKey, type: 'inactive' });
  }
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.resources,
      predicate: (query) => !isGone(query.queryKey),
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.folderSizes }),
    ...[...new Set(gone.map(parentPath))].map((folder) =>
      refetchFolderOffScreen(queryClient, folder),
    ),
  ]);
}

/** A folder not on screen, fetched again now; one on screen the invalidation fetches, once. */
async function refetchFolderOffScreen(queryClient: QueryClient, folder: string): Promise<void> {
  const queryKey = queryKeys.resource(folder);
  if (queryClient.getQueryCache().findAll({ queryKey, type: 'active' }).length > 0) return;
  await queryClient.refetchQueries({ queryKey });
}

/**
 * The server hides dotfiles from every answer (docs/UI.md, Behaviour: Preferences): cached listings
 * are dropped, not shown stale first.
 */
export function dropListings(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.resources });
}

/** A link was created, edited or deleted: the item's list in the share dialog and the settings list. */
export function invalidateShares(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.shares });
}

/** A site's post was created, published or scheduled: the sites, posts' states and the files. */
export async function invalidateSites(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
    queryClient.invalidateQueries({ queryKey: queryKeys.resources }),
  ]);
}
