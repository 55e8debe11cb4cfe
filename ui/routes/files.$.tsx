// /files/{path}: the file browser (listing, editor or preview) for one path, read from the splat. The
// loader fills the query cache first (files/files-loader.ts); the screen, its pending and its error
// views load together from files.$.lazy.tsx. The screen itself sends /files on to /files/ (a redirect
// here loops, as the router matches both spellings alike).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './_app';
import { loadFiles } from './files/files-loader';
import { hasTrailingSlash, locationOf } from './files/files-location';

const screen = () => import('./files.$.lazy');

export const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files/$',
  // A place the router has shown lately (going back and forward) shows again at once, from the
  // query cache, while this runs behind it (the router's stale-while-revalidate).
  loader: ({ context: { queryClient, api }, params, location }) =>
    loadFiles(queryClient, api, locationOf(params._splat, hasTrailingSlash(location.pathname))),
  // The skeleton shows at once and goes as soon as the listing is there (docs/UI.md, Screens), as
  // it did when the screen fetched for itself: no wait before it, no minimum time on screen.
  pendingMs: 0,
  pendingMinMs: 0,
  // One chunk for the three; the router loads the pending view before it offers it.
  component: lazyRouteComponent(screen, 'FilesScreen'),
  pendingComponent: lazyRouteComponent(screen, 'FilesPending'),
  errorComponent: lazyRouteComponent(screen, 'FilesFailed'),
});
