// Storing the current user's own preferences (sorting, view mode, locale, profile choices) with PUT /api/users/{id}.
import type { SessionUser } from '../state/session';
import { patchUser } from '../state/session';
import type { ApiClient } from './client';

type UserField =
  'sorting' | 'viewMode' | 'locale' | 'hideDotfiles' | 'singleClick' | 'dateFormat' | 'folderSizes';

/** Applies the change locally at once, then stores it; the server's renew hint refreshes the token. */
export async function updateOwnPreferences(
  api: ApiClient,
  user: SessionUser,
  patch: Partial<Pick<SessionUser, UserField>>,
): Promise<void> {
  const previous: Partial<SessionUser> = {};
  for (const key of Object.keys(patch) as UserField[])
    Object.assign(previous, { [key]: user[key] });
  patchUser(patch);
  try {
    await api.call('PUT', `api/users/${user.id}`, {
      json: { what: 'user', which: Object.keys(patch), data: { id: user.id, ...patch } },
    });
  } catch (error) {
    patchUser(previous);
    throw error;
  }
}
