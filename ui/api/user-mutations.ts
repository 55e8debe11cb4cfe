// Users, global settings and the user's own preferences as mutation hooks: each keeps the cached
// answers in step by key (query-keys.ts) instead of fetching the screen again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../state/session';
import { dropListings } from './invalidation';
import { queryKeys } from './query-keys';
import type { SettingsPatch } from './settings';
import { saveSettings } from './settings';
import { updateOwnPreferences } from './users';
import type { UserDraft } from './users-admin';
import { createUser, deleteUser, updateUser } from './users-admin';
import { useApi } from './use-api';

/** Each call is confirmed with the acting user's own password (docs/API.md). */
interface Confirmed<T> {
  value: T;
  currentPassword: string;
}

export function useCreateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, currentPassword }: Confirmed<UserDraft>) =>
      createUser(api, value, currentPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userList }),
  });
}

/** The admin editor's save: the user's entry takes the answer, the list is asked again. */
export function useUpdateUser(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, currentPassword }: Confirmed<UserDraft>) =>
      updateUser(api, id, value, currentPassword),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.user(id), saved.user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.userList });
    },
  });
}

export function useDeleteUser(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => deleteUser(api, id, currentPassword),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.user(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.userList });
    },
  });
}

/** One settings card's fields; the cached settings take the server's answer. */
export function useSaveGlobalSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => saveSettings(api, patch),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}

type Preferences = Pick<SessionUser, 'hideDotfiles' | 'singleClick' | 'dateFormat' | 'folderSizes'>;

/**
 * The profile's preferences; a change of hidden dotfiles or of folder sizes drops every cached
 * listing, as the server answers listings differently.
 */
export function useSavePreferences(user: SessionUser) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    /** Resolves whether the listings change, judged before the session user takes the flags. */
    mutationFn: async (flags: Preferences) => {
      const listingsChange =
        flags.hideDotfiles !== (user.hideDotfiles === true) ||
        flags.folderSizes !== (user.folderSizes === true);
      await updateOwnPreferences(api, user, flags);
      return listingsChange;
    },
    onSuccess: (listingsChange) => {
      if (listingsChange) dropListings(queryClient);
    },
  });
}
