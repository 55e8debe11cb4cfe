// Moving and copying items with a conflict check first (move/copy prompts, drag and drop, paste).
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { invalidateFiles } from '../../api/invalidation';
import { joinPath, parentPath, samePath } from '../../api/paths';
import { transferResource } from '../../api/resource-changes';
import { resourceQuery } from '../../api/resources';
import type { ResourceItem } from '../../api/resources';
import { showPrompt } from '../../state/prompt';
import type { ConflictChoice } from '../../state/prompt';

/** The names in `folder` now (read fresh from the server). */
export async function namesIn(
  api: ApiClient,
  queryClient: QueryClient,
  folder: string,
): Promise<Set<string>> {
  const listing = await queryClient.fetchQuery({ ...resourceQuery(api, folder), staleTime: 0 });
  return new Set((listing.items ?? []).map((item) => item.name));
}

/** The names among `names` that already exist in `folder`. */
export async function conflictingNames(
  api: ApiClient,
  queryClient: QueryClient,
  folder: string,
  names: readonly string[],
): Promise<string[]> {
  const existing = await namesIn(api, queryClient, folder);
  return names.filter((name) => existing.has(name));
}

/**
 * One call per item. Moving into the folder it is already in changes nothing; copying there makes a
 * numbered copy ('a (1).txt') instead of failing. On a taken name (docs/UI.md, Input) 'replace'
 * overwrites, 'keepBoth' lets the server number the new one, 'skip' leaves the item where it is.
 */
export async function transferItems(
  api: ApiClient,
  action: 'rename' | 'copy',
  items: readonly ResourceItem[],
  destination: string,
  choice?: ConflictChoice,
  conflicts: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const item of items) {
    const sameFolder = samePath(parentPath(item.path), destination);
    if (action === 'rename' && sameFolder) continue;
    if (choice === 'skip' && conflicts.has(item.name)) continue;
    await transferResource(api, action, item.path, joinPath(destination, item.name), {
      override: choice === 'replace' && !sameFolder,
      rename: (action === 'copy' && sameFolder) || choice === 'keepBoth',
    });
  }
}

/** After a move or a copy, even a failed one: the listings, and a move's old paths, which are gone. */
export function invalidateAfterTransfer(
  queryClient: QueryClient,
  action: 'rename' | 'copy',
  items: readonly ResourceItem[],
): Promise<void> {
  return invalidateFiles(queryClient, action === 'rename' ? items.map((item) => item.path) : []);
}

/**
 * Transfers after asking with the replace prompt when a name is taken at the destination. Resolves
 * true when the transfer ran, false when the user cancelled.
 */
export async function transferWithConfirmation(
  api: ApiClient,
  queryClient: QueryClient,
  action: 'rename' | 'copy',
  items: readonly ResourceItem[],
  destination: string,
): Promise<boolean> {
  const candidates = items.filter((item) => !samePath(parentPath(item.path), destination));
  const conflicts = await conflictingNames(
    api,
    queryClient,
    destination,
    candidates.map((item) => item.name),
  );
  if (conflicts.length === 0) {
    await transferItems(api, action, items, destination);
    return true;
  }
  return new Promise<boolean>((resolve, reject) => {
    showPrompt('replace', {
      names: conflicts,
      onChoose: (choice) =>
        transferItems(api, action, items, destination, choice, new Set(conflicts)).then(
          () => resolve(true),
          reject,
        ),
      onCancel: () => resolve(false),
    });
  });
}
