// The admin-only layout (pathless, inside the logged-in one): other users are sent to /403 (docs/UI.md, Screens and Permissions).
import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionStore } from '../state/session';
import { requireAdmin } from './guards';
import { appRoute } from './_app';

export const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'admin',
  beforeLoad: ({ location }) => {
    const decision = requireAdmin(sessionStore.get(), location.href);
    if (decision?.to === '/403') throw redirect({ to: '/403' });
    if (decision?.to === '/login')
      throw redirect({ to: '/login', search: { redirect: decision.redirect } });
  },
  component: Outlet,
});
