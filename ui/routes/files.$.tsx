// /files/{path}: the file browser (listing, editor or preview) for one path. The screen itself sends
// /files on to /files/ (a redirect here loops, as the router matches both spellings alike).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './_app';

export const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files/$',
  component: lazyRouteComponent(() => import('./files.$.lazy')),
});
