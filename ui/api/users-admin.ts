// Users as the admin screens and the password card manage them (docs/API.md): list, one, create, update, delete.
import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '../../src/api/users';
import type { ApiClient } from './client';
import { queryKeys } from './query-keys';

/** A user as GET /api/users answers it (the password always ""). */
export type UserRecord = PublicUser;

/** The fields the user form edits and sends; a blank password keeps the current one on update. */
export type UserDraft = Pick<
  PublicUser,
  'username' | 'scope' | 'locale' | 'lockPassword' | 'perm' | 'commands' | 'rules'
> & { password: string };

export function usersQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.userList,
    queryFn: ({ signal }) => api.json<UserRecord[]>('GET', 'api/users', { signal }),
  });
}

export function userQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: ({ signal }) => api.json<UserRecord>('GET', `api/users/${id}`, { signal }),
  });
}

/**
 * POST answers 201 with the new user (and its UI route in Location). Creating, deleting and changing
 * accounts are confirmed with the acting user's own password (`currentPassword`).
 */
export function createUser(
  api: ApiClient,
  draft: UserDraft,
  currentPassword: string,
): Promise<UserRecord> {
  return api.json<UserRecord>('POST', 'api/users', {
    json: {
      what: 'user',
      which: [],
      data: { ...draft, id: 0 },
      current_password: currentPassword,
    },
  });
}

export interface SavedUser {
  user: UserRecord;
  /** A fresh token when the caller changed their own password or name (the old one stops working). */
  token: string | null;
}

async function putUser(
  api: ApiClient,
  id: number,
  which: string[],
  data: object,
  currentPassword: string,
): Promise<SavedUser> {
  const response = await api.call('PUT', `api/users/${id}`, {
    json: { what: 'user', which, data: { ...data, id }, current_password: currentPassword },
  });
  const user = (await response.json()) as UserRecord;
  return { user, token: response.headers.get('X-Auth-Token') };
}

/** The admin editor replaces the whole record (which: ['all']). */
export function updateUser(
  api: ApiClient,
  id: number,
  draft: UserDraft,
  currentPassword: string,
): Promise<SavedUser> {
  return putUser(api, id, ['all'], draft, currentPassword);
}

/** A user's own password change (docs/UI.md, Input: only sent when both fields match). */
export function changeOwnPassword(
  api: ApiClient,
  id: number,
  password: string,
  currentPassword: string,
): Promise<SavedUser> {
  return putUser(api, id, ['password'], { password }, currentPassword);
}

export async function deleteUser(
  api: ApiClient,
  id: number,
  currentPassword: string,
): Promise<void> {
  await api.call('DELETE', `api/users/${id}`, { json: { current_password: currentPassword } });
}
