// Reads the path after a route's prefix from the raw URL, so it is decoded exactly once, by us.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { VirtualPath } from '../fs/virtual-path';
import { fromUrlPath } from '../fs/virtual-path';

/**
 * Fastify has already decoded its wildcard parameter (turning %2F into a separator), so the raw
 * URL is used instead. `routePrefix` is the route without the base URL, e.g. "/api/resources".
 *
 * The router matches the decoded URL, so "/api/%72aw/x" reaches the /api/raw route while its raw
 * text does not start with "/api/raw". Such a request is refused: reading "nothing after the
 * prefix" from it would quietly act on the scope root instead of the path the client named.
 */
export function rawPathAfter(
  request: FastifyRequest,
  baseUrl: string,
  routePrefix: string,
): string {
  const pathOnly = (request.raw.url ?? '').split('?')[0] ?? '';
  const prefix = `${baseUrl}${routePrefix}`;
  if (!pathOnly.startsWith(prefix))
    throw new AppError('request.badEncoding', 'the route in the URL is spelled with escapes');
  return pathOnly.slice(prefix.length);
}

export function virtualPathAfter(
  request: FastifyRequest,
  baseUrl: string,
  routePrefix: string,
): { path: VirtualPath; trailingSlash: boolean } {
  return fromUrlPath(rawPathAfter(request, baseUrl, routePrefix));
}
