// What each settings screen shows on entry, put in the query cache by its route's loader before it
// renders (docs/UI.md, Data flow). Loaded with the first settings screen: the files screen's first
// load has no room for the queries they name (scripts/build-ui.ts).
import { redirect } from '@tanstack/react-router';
import { fetchForRoute } from '../../api/route-fetch';
import { settingsQuery } from '../../api/settings';
import { allSharesQuery } from '../../api/shares';
import { userQuery, usersQuery } from '../../api/users-admin';
import type { RouterContext } from '../root';

/** What a settings route's loader is given: the router's context and the URL's params. */
export interface SettingsMatch {
  context: RouterContext;
  params: { id?: string };
}

export async function loadGlobalSettings({ context: { queryClient, api } }: SettingsMatch) {
  await fetchForRoute(queryClient, settingsQuery(api), { keepCached: true });
}

export async function loadUsers({ context: { queryClient, api } }: SettingsMatch) {
  await fetchForRoute(queryClient, usersQuery(api), { keepCached: true });
}

/** The caller's links (everyone's for an admin), the list the screen opens on. */
export async function loadShares({ context: { queryClient, api } }: SettingsMatch) {
  await fetchForRoute(queryClient, allSharesQuery(api), { keepCached: true });
}

/** A user id in the URL: a whole number, or 'new'. */
export function userIdOf(id: string): number | 'new' | undefined {
  if (id === 'new') return 'new';
  return /^[0-9]{1,15}$/.test(id) ? Number(id) : undefined;
}

/**
 * The settings (a new user starts from their defaults) and the user edited. A user that cannot be
 * loaded is replaced by the new-user form (docs/UI.md, Behaviour: User form).
 */
export async function loadUser({ context: { queryClient, api }, params }: SettingsMatch) {
  const id = params.id ?? 'new';
  const userId = userIdOf(id);
  if (userId === 'new') {
    await fetchForRoute(queryClient, settingsQuery(api), { keepCached: true });
    return;
  }
  // Editing needs the settings only for a hint: asked beside the user, a failure leaves it out.
  void queryClient.prefetchQuery(settingsQuery(api));
  try {
    if (userId === undefined) throw new Error(`no user ${id}`);
    await fetchForRoute(queryClient, userQuery(api, userId), { keepCached: true });
  } catch {
    throw redirect({ to: '/settings/users/$id', params: { id: 'new' }, replace: true });
  }
}
