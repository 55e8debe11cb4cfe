// /404: an error page reachable by anyone (docs/UI.md, Screens).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const error404Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '404',
  component: lazyRouteComponent(() => import('../components/error-page'), 'NotFoundPage'),
});
