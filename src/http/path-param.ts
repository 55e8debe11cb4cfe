// Reads the path after a route's prefix from the raw URL, so it is decoded exactly once, by us.
import type { FastifyRequest } from 'fastify';
import type { VirtualPath } from '../fs/virtual-path';
import { fromUrlPath } from '../fs/virtual-path';

/**
 * Fastify has already decoded its wildcard parameter (turning %2F into a separator), so the raw
 * URL is used instead. `routePrefix` is the route without the base URL, e.g. "/api/resources".
 */
export function rawPathAfter(
  request: FastifyRequest,
  baseUrl: string,
  routePrefix: string,
): string {
  const pathOnly = (request.raw.url ?? '').split('?')[0] ?? '';
  const prefix = `${baseUrl}${routePrefix}`;
  return pathOnly.startsWith(prefix) ? pathOnly.slice(prefix.length) : '';
}

export function virtualPathAfter(
  request: FastifyRequest,
  baseUrl: string,
  routePrefix: string,
): { path: VirtualPath; trailingSlash: boolean } {
  return fromUrlPath(rawPathAfter(request, baseUrl, routePrefix));
}
