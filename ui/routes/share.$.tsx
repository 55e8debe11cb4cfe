// /share/{hash}[/{sub/folder}]: the public page of a share link, open to anyone (SPEC §2, §6).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'share/$',
  component: lazyRouteComponent(() => import('./share.$.lazy')),
});
