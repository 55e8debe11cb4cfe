// /403: an error page reachable by anyone (docs/UI.md, Screens).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const error403Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '403',
  component: lazyRouteComponent(() => import('../components/error-page'), 'ForbiddenPage'),
});
