// /login: anonymous only; a logged-in visitor goes straight to /files/ (SPEC §2).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { config } from '../config';
import { sessionStore } from '../state/session';
import { defaultAfterLogin, safeRedirect } from './guards';
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
    if (sessionStore.get() || !config.LoginPage)
      throw redirect({
        href: sessionStore.get() ? safeRedirect(search.redirect) : defaultAfterLogin,
      });
  },
  component: lazyRouteComponent(() => import('./login.lazy')),
});
