// Headers every response carries, and the cross-site request check on state-changing methods.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    // Cookies and query tokens are ignored on these methods already; this also stops login CSRF.
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('auth.forbidden', 'cross-site requests are refused');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const allowedHosts = [request.headers.host, request.headers['x-forwarded-host']].filter(
      (host): host is string => typeof host === 'string',
    );
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost === undefined || !allowedHosts.includes(originHost))
      throw new AppError('auth.forbidden', 'cross-origin requests are refused');
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
