// /500: an error page reachable by anyone (docs/UI.md, Screens).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const error500Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '500',
  component: lazyRouteComponent(() => import('../components/error-page'), 'InternalErrorPage'),
});
