// Creating, editing and deleting share links as mutation hooks: each invalidates every link list by
// the shares prefix (the item's list in the share dialog, the settings page's), and the dialog's own
// list takes the answer at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareUnit } from '../../src/api/shares';
import { invalidateShares } from './invalidation';
import { queryKeys } from './query-keys';
import { createShareLink, deleteShareLink, editShareLink, sortShareLinks } from './shares';
import type { ShareChange, ShareLink, ShareOptions } from './shares';
import { useApi } from './use-api';

export interface NewShareLink {
  expiry?: { amount: number; unit: ShareUnit };
  password: string;
  options: ShareOptions;
}

/** A new link for the item at `path`. */
export function useCreateShareLink(path: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expiry, password, options }: NewShareLink) =>
      createShareLink(api, path, expiry, password, options),
    onSuccess: (link) => {
      // A second permanent request answers the existing link: never list it twice.
      queryClient.setQueryData(queryKeys.sharesOf(path), (old: ShareLink[] | undefined) =>
        sortShareLinks([...(old ?? []).filter((other) => other.hash !== link.hash), link]),
      );
      return invalidateShares(queryClient);
    },
  });
}

export function useEditShareLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, change }: { hash: string; change: ShareChange }) =>
      editShareLink(api, hash, change),
    onSuccess: () => invalidateShares(queryClient),
  });
}

export function useDeleteShareLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) => deleteShareLink(api, link.hash),
    onSuccess: (_data, link) => {
      queryClient.setQueriesData({ queryKey: queryKeys.shares }, (old: ShareLink[] | undefined) =>
        old?.filter((other) => other.hash !== link.hash),
      );
      return invalidateShares(queryClient);
    },
  });
}
