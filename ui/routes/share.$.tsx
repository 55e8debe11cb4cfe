// /share/{hash}[/{sub/folder}]: the public page of a share link, open to anyone (docs/UI.md, Screens and Permissions).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'share/$',
  loader: ({ context, params }) =>
    import('./share/share-loader').then((loader) => loader.loadShare(context, params._splat)),
  component: lazyRouteComponent(() => import('./share.$.lazy')),
});
