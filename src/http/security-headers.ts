// Headers every response carries, and the cross-site request check on state-changing methods.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // Cookies and query tokens are ignored on these methods already; this also stops login CSRF.
    if (!safeMethods.has(request.method)) refuseCrossSite(request);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('X-Content-Type-Options'))
      reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    if (!reply.hasHeader('Content-Security-Policy'))
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });
}

/**
 * The one cross-site check, for state-changing requests and the command WebSocket's upgrade:
 * a browser's cross-site request is refused; a request without Origin comes from a non-browser
 * client, which carries no ambient credentials, and passes.
 */
export function refuseCrossSite(request: { headers: IncomingHttpHeaders }): void {
  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw new AppError('request.badOrigin', 'cross-site requests are refused');
  if (request.headers.origin === undefined) return;
  if (!isSameOrigin(request))
    throw new AppError('request.badOrigin', 'cross-origin requests are refused');
}

/**
 * Whether the request's Origin names this server, as the Host header gives it. A missing,
 * "null" or unparsable Origin is not same-origin. X-Forwarded-Host is ignored: no proxy is
 * trusted, so any client can set it, and it would let a page name itself as our origin.
 * A reverse proxy must pass Host through (nginx: `proxy_set_header Host $host`). Only the host
 * is compared: behind a TLS-terminating proxy the scheme seen here is not the browser's.
 */
export function isSameOrigin(request: { headers: IncomingHttpHeaders }): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host || origin === 'null') return false;
  // A host and an optional port, nothing URL parsing would quietly drop (a path, user info).
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return false;
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
