// Any unknown path is redirected under /files (docs/UI.md, Screens): /docs/a → /files/docs/a.
import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

export const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: ({ location }) => {
    throw redirect({
      href: `/files${location.pathname === '/' ? '/' : location.pathname}`,
      replace: true,
    });
  },
});
