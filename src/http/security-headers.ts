// Headers every response carries, and where the cross-site check runs on state-changing methods.
import type { FastifyInstance } from 'fastify';
import { refuseCrossSite } from './same-origin';

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
