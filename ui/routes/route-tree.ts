// The route tree: every URL of the app in one place. New screens add their route here.
import { error403Route } from './403';
import { error404Route } from './404';
import { error500Route } from './500';
import { adminRoute } from './_admin';
import { appRoute } from './_app';
import { filesRoute } from './files.$';
import { loginRoute } from './login';
import { rootRoute } from './root';
import { adminSettingsRoutes, settingsRoutes } from './settings';
import { shareRoute } from './share.$';
import { unknownRoute } from './unknown';

export const routeTree = rootRoute.addChildren([
  loginRoute,
  error403Route,
  error404Route,
  error500Route,
  shareRoute,
  // Logged-in screens; admin-only ones go inside adminRoute.
  appRoute.addChildren([
    filesRoute,
    ...settingsRoutes,
    adminRoute.addChildren([...adminSettingsRoutes]),
  ]),
  unknownRoute,
]);
