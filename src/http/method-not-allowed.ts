// Answers 405, with Allow, for the methods an /api path does not take, instead of Fastify's 404.
// The methods come from the routes as they are registered, so no list is kept by hand.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { AppError } from '../errors';

const everyMethod: readonly HTTPMethods[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];

/** Each recorded path (a Fastify URL pattern) with the methods its routes take. */
export type RouteMethods = ReadonlyMap<string, ReadonlySet<string>>;

export interface MethodRefusal {
  url: string;
  /** The methods that reach a real route at this path, for the Allow header. */
  allowed: HTTPMethods[];
  refused: HTTPMethods[];
}

/**
 * The 405 routes for `routes`. GET brings HEAD, as Fastify serves it. A method a broader
 * wildcard serves stays with it: `/api/resources/recursive/*` takes GET only, but DELETE there
 * still reaches `/api/resources/*`, so it is allowed at that path rather than refused.
 */
export function methodRefusals(routes: RouteMethods): MethodRefusal[] {
  const refusals: MethodRefusal[] = [];
  for (const [url, own] of routes) {
    const servedBy = (method: HTTPMethods) =>
      own.has(method) ||
      (method === 'HEAD' && own.has('GET')) ||
      [...routes].some(
        ([other, methods]) =>
          other !== url &&
          other.endsWith('/*') &&
          url.startsWith(other.slice(0, -1)) &&
          (methods.has(method) || (method === 'HEAD' && methods.has('GET'))),
      );
    const allowed = everyMethod.filter(servedBy);
    const refused = everyMethod.filter((method) => !servedBy(method));
    if (refused.length > 0) refusals.push({ url, allowed, refused });
  }
  return refusals;
}

/**
 * Records the methods of every route registered from now on whose URL starts with `prefix`;
 * `install` then adds their 405s, once every route module is in.
 */
export function recordRouteMethods(app: FastifyInstance, prefix: string): { install(): void } {
  const routes = new Map<string, Set<string>>();
  let isInstalled = false;
  app.addHook('onRoute', (route) => {
    if (isInstalled || !route.url.startsWith(prefix)) return;
    const methods = routes.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    routes.set(route.url, methods);
  });
  return {
    install() {
      isInstalled = true;
      for (const { url, allowed, refused } of methodRefusals(routes)) {
        const allow = allowed.join(', ');
        app.route({
          method: refused,
          url,
          // Before the body is read: a refused method's body is never parsed or refused as such.
          onRequest: async (_request, reply) => {
            reply.header('Allow', allow);
            throw new AppError('route.methodNotAllowed');
          },
          handler: async () => {
            throw new AppError('route.methodNotAllowed');
          },
        });
      }
    },
  };
}
