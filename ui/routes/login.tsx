// /login: anonymous only; a logged-in visitor goes straight to /files/ (docs/UI.md, Screens).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { sessionStore } from '../state/session';
import { safeRedirect } from './guards';
import { rootRoute } from './root';

export interface LoginSearch {
  redirect?: string;
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    // Without a login page the session starts by itself; landing here means the automatic login
    // failed (the login proxy named nobody), which the screen explains instead of a form.
    if (sessionStore.get()) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyRouteComponent(() => import('./login.lazy')),
});
