// The settings URLs (docs/UI.md, Screens): /settings → /settings/profile (any user); global settings and user
// management sit under the admin layout, so other users are sent to /403. Every screen loads lazily;
// those that show data have a loader that puts it in the query cache first, from a module that comes
// with the first settings screen (settings/settings-loaders.ts); a failure shows the router's
// default error view (main.tsx).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminRoute } from './_admin';
import { appRoute } from './_app';
import type { SettingsMatch } from './settings/settings-loaders';

/** A screen's loader, from the module of them all. */
function load(name: 'loadGlobalSettings' | 'loadUsers' | 'loadShares' | 'loadUser') {
  return (match: SettingsMatch) =>
    import('./settings/settings-loaders').then((loaders) => loaders[name](match));
}

export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings',
  beforeLoad: () => {
    throw redirect({ to: '/settings/profile', replace: true });
  },
});

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/profile',
  component: lazyRouteComponent(() => import('./settings.profile.lazy')),
});

export const globalSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings/global',
  loader: load('loadGlobalSettings'),
  component: lazyRouteComponent(() => import('./settings.global.lazy')),
});

export const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings/users',
  loader: load('loadUsers'),
  component: lazyRouteComponent(() => import('./settings.users.lazy')),
});

/** The share links of the user, or of everyone for an admin. */
export const sharesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/shares',
  loader: load('loadShares'),
  component: lazyRouteComponent(() => import('./settings.shares.lazy')),
});

/** /settings/users/new creates a user; /settings/users/{id} edits one. */
export const userRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings/users/$id',
  loader: load('loadUser'),
  component: lazyRouteComponent(() => import('./settings.user.lazy')),
});

/** The logged-in routes and the admin-only ones, for route-tree.ts. */
export const settingsRoutes = [settingsRoute, profileRoute, sharesRoute] as const;
export const adminSettingsRoutes = [globalSettingsRoute, usersRoute, userRoute] as const;
