// The one cross-site check, for state-changing HTTP requests and the command WebSocket's upgrade.
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../errors';

/**
 * What the check reads of a request. `host` is Fastify's: the Host header, or the last
 * X-Forwarded-Host entry when the connection itself comes from one of --trusted-proxies (the
 * same trust that lets such a proxy set X-Forwarded-For). From any other peer the header is
 * ignored, so a client cannot name its own page as our origin (docs/SECURITY.md, "Requests").
 */
export interface OriginCheckedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly host: string;
}

/**
 * A browser's cross-site request is refused; a request without Origin comes from a non-browser
 * client, which carries no ambient credentials, and passes.
 */
export function refuseCrossSite(request: OriginCheckedRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw new AppError('request.badOrigin', 'cross-site requests are refused');
  if (request.headers.origin === undefined) return;
  if (!isSameOrigin(request.headers.origin, request.host))
    throw new AppError('request.badOrigin', 'cross-origin requests are refused');
}

/**
 * Whether an Origin names the host this server is reached as. A missing, "null" or unparsable
 * Origin is not same-origin. Only the host is compared: behind a TLS-terminating proxy the
 * scheme seen here is not the browser's.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
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
