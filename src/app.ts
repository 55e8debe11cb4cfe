// Builds the Fastify application: plugins in a fixed order, then an explicit list of route modules.
import fs from 'node:fs';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { commandRoutes } from './commands/shell-routes';
import type { Context } from './context';
import { connectionOptions, installConnectionLimits } from './http/connection-limits';
import { deferredCompilers } from './http/deferred-schemas';
import { resourcesRoutes } from './files/resources-routes';
import { rawRoutes } from './files/raw-routes';
import { installAuthentication } from './http/auth';
import { installErrorHandling, notFound, sendError, toAppError } from './http/error-handler';
import { installJsonBodies } from './http/json-bodies';
import { recordRouteMethods } from './http/method-not-allowed';
import { brandingRoutes } from './http/branding-files';
import { pageShellRoutes } from './http/page-shell';
import { installSecurityHeaders } from './http/security-headers';
import { installWebSockets } from './http/websocket-upgrade';
import type { UiAssets } from './http/ui-assets';
import { searchRoutes } from './search/search-routes';
import { settingsRoutes } from './settings/settings-routes';
import { siteRoutes } from './site/site-routes';
import { previewRoutes } from './previews/preview-routes';
import { fileRequestRoutes } from './shares/file-request-routes';
import { publicShareRoutes } from './shares/public-routes';
import { sharesRoutes } from './shares/shares-routes';
import { tusRoutes } from './uploads/tus-routes';
import { usersRoutes } from './users/users-routes';

/** JSON bodies above this are refused with 413 before parsing; uploads stream and set their own. */
export const jsonBodyLimit = 1024 * 1024;

type RouteModule = (app: FastifyInstance, ctx: Context) => Promise<void>;

/** Every route module, registered in this order under the base URL (no autoload: it breaks bundling). */
const routeModules: RouteModule[] = [
  authRoutes,
  usersRoutes,
  resourcesRoutes,
  tusRoutes,
  rawRoutes,
  previewRoutes,
  settingsRoutes,
  sharesRoutes,
  publicShareRoutes,
  fileRequestRoutes,
  searchRoutes,
  commandRoutes,
  siteRoutes,
  brandingRoutes,
];

export interface AppOptions {
  /** Compile every route's schemas now, as fastify does by default, rather than on first use. */
  compileSchemasAtStart?: boolean;
}

export async function createApp(
  ctx: Context,
  assets: UiAssets,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { connectionsCheckingInterval, ...timeouts } = connectionOptions(ctx.config);
  const https =
    ctx.config.cert && ctx.config.key
      ? {
          cert: fs.readFileSync(ctx.config.cert),
          key: fs.readFileSync(ctx.config.key),
          connectionsCheckingInterval,
        }
      : null;
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: jsonBodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    ...timeouts,
    http: { connectionsCheckingInterval },
    routerOptions: { maxParamLength: 8192 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Only the configured proxies' X-Forwarded-For names the client (login throttles, logs).
    trustProxy: ctx.config.trustedProxies.length > 0 ? [...ctx.config.trustedProxies] : false,
    // Compiling every route's schemas took a quarter of the start's CPU, and their code stayed.
    schemaController: { compilersFactory: deferredCompilers(options.compileSchemasAtStart) },
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        allErrors: false,
        // Some fields take a number or null (shares, users): said so, not warned about on stderr.
        allowUnionTypes: true,
      },
    },
    frameworkErrors: (error, request, reply) => {
      sendError(reply, toAppError(error));
    },
    ...(https ? { https } : {}),
  }) as unknown as FastifyInstance;
  // First: slow or stalled clients are cut off before any other hook reads their request.
  installConnectionLimits(app, ctx.config, jsonBodyLimit);
  installErrorHandling(app);
  installSecurityHeaders(app);
  installWebSockets(app, { maxPayload: 64 * 1024 });
  app.setNotFoundHandler((request, reply) => sendError(reply, notFound(request)));

  // /health answers at the root too, so probes need not know the base URL.
  if (ctx.config.baseUrl !== '') {
    app.get('/health', async () => ({ status: 'OK' }));
    app.get(ctx.config.baseUrl, async (_request, reply) =>
      reply.redirect(`${ctx.config.baseUrl}/`, 301),
    );
  }

  // Every /api route's methods, recorded as the modules register them: their 405s come from that.
  const methods = recordRouteMethods(app, `${ctx.config.baseUrl}/api/`);
  await app.register(
    async (scoped) => {
      installAuthentication(scoped, ctx);
      installJsonBodies(scoped);
      for (const routes of routeModules) await routes(scoped, ctx);
      await pageShellRoutes(scoped, ctx, assets);
    },
    { prefix: ctx.config.baseUrl },
  );
  methods.install();
  return app;
}
