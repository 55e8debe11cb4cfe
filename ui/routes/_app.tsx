// The logged-in layout (pathless): anonymous visitors are sent to /login?redirect=<full path>.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { sessionStore } from '../state/session';
import { requireSession } from './guards';
import { rootRoute } from './root';

export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    const decision = requireSession(sessionStore.get(), location.href);
    if (decision?.to === '/login')
      throw redirect({ to: '/login', search: { redirect: decision.redirect } });
  },
  component: lazyRouteComponent(() => import('../components/app-layout')),
});
