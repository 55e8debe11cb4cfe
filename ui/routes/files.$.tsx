// /files/{path}: the file browser (listing, editor or preview) for one path, read from the splat. The
// loader fills the query cache first (files/files-loader.ts); the screen, its pending and its error
// views load together from files.$.lazy.tsx. The screen itself sends /files on to /files/ (a redirect
// here loops, as the router matches both spellings alike).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './_app';
import { loadFiles } from './files/files-loader';
import { hasTrailingSlash, locationOf } from './files/files-location';

const screen = () => import('./files.$.lazy');

/** docs/UI.md, Figures: the files screen's pending view waits this long for the data. */
export const pendingViewDelayMs = 150;

export const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files/$',
  loader: {
    handler: ({ context: { queryClient, api }, params, location }) =>
      loadFiles(queryClient, api, locationOf(params._splat, hasTrailingSlash(location.pathname))),
    // The loader decides between the cache and the server: a match the router kept is not shown
    // before it has run, which could show a folder as it was before a change.
    staleReloadMode: 'blocking',
  },
  // The pending view shows once a load takes a moment (docs/UI.md, Figures), so a place served from
  // the cache never flashes it (the router offers it before even a cached loader has answered), and
  // goes as soon as the data is there: no minimum time on screen.
  pendingMs: pendingViewDelayMs,
  pendingMinMs: 0,
  // One chunk for the three; the router loads the pending view before it offers it.
  component: lazyRouteComponent(screen, 'FilesScreen'),
  pendingComponent: lazyRouteComponent(screen, 'FilesPending'),
  errorComponent: lazyRouteComponent(screen, 'FilesFailed'),
});
