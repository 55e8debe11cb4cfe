// /share/{hash}[/{sub/folder}]: the public page of a share link, open to anyone (docs/UI.md, Screens and Permissions).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'share/$',
  component: lazyRouteComponent(() => import('./share.$.lazy')),
});
