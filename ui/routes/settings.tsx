// The settings URLs (docs/UI.md, Screens): /settings → /settings/profile (any user); global settings and user
// management sit under the admin layout, so other users are sent to /403. Every screen loads lazily.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminRoute } from './_admin';
import { appRoute } from './_app';

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
  component: lazyRouteComponent(() => import('./settings.global.lazy')),
});

export const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings/users',
  component: lazyRouteComponent(() => import('./settings.users.lazy')),
});

/** The share links of the user, or of everyone for an admin. */
export const sharesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/shares',
  component: lazyRouteComponent(() => import('./settings.shares.lazy')),
});

/** /settings/users/new creates a user; /settings/users/{id} edits one. */
export const userRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'settings/users/$id',
  component: lazyRouteComponent(() => import('./settings.user.lazy')),
});

/** The logged-in routes and the admin-only ones, for route-tree.ts. */
export const settingsRoutes = [settingsRoute, profileRoute, sharesRoute] as const;
export const adminSettingsRoutes = [globalSettingsRoute, usersRoute, userRoute] as const;
