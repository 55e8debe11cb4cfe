// The file changes a screen or prompt makes, as mutation hooks: each one calls the server and then
// invalidates by key prefix what it made stale (invalidation.ts), so every listing on screen shows it
// without a reload. Uploads and transfers, which run outside React, call invalidateFiles themselves.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFiles } from './invalidation';
import { joinPath, parentPath } from './paths';
import { queryKeys } from './query-keys';
import {
  createFile,
  createFolder,
  deleteResource,
  saveFile,
  transferResource,
} from './resource-changes';
import type { ResourceItem } from './resources';
import { useApi } from './use-api';

/** A new empty file or folder at `path` (docs/UI.md, Behaviour: newFile and newDir). */
export function useCreateItem() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, isDir }: { path: string; isDir: boolean }) =>
      isDir ? createFolder(api, path) : createFile(api, path),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/**
 * Deletes the items one by one; the listings are fetched again even when one failed, since those
 * before it are gone (docs/UI.md, Behaviour: after an action).
 */
export function useDeleteItems() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly ResourceItem[]) => {
      for (const item of items) await deleteResource(api, item.path);
    },
    onSettled: (_data, _error, items) =>
      invalidateFiles(
        queryClient,
        items.map((item) => item.path),
      ),
  });
}

/** Renames one item in its folder; resolves to its new path. */
export function useRenameItem() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, name }: { item: ResourceItem; name: string }) => {
      const destination = joinPath(parentPath(item.path), name);
      await transferResource(api, 'rename', item.path, destination);
      return destination;
    },
    onSuccess: (_destination, { item }) => invalidateFiles(queryClient, [item.path]),
  });
}

/**
 * The editor's save. Its folder's listing is stale (size, time); the file's own entry is left alone:
 * fetched again, it would put the saved text back over what was typed since.
 */
export function useSaveFile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, content }: { path: string; content: string }) =>
      saveFile(api, path, content),
    onSuccess: (_data, { path }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.resource(parentPath(path)) }),
  });
}
