// /403: an error page reachable by anyone (docs/UI.md, Screens).
import { createRoute } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { rootRoute } from './root';

export const error403Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '403',
  component: () => <ErrorPage kind={403} />,
});
