// How long a client may take over a request, and how many connections all clients may hold.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ConnectionLimits {
  /** Headers, then a body other than an upload's, must each arrive within this long. */
  requestTimeoutMs: number;
  /** No bytes moving for this long while a body arrives or a response leaves closes the socket. */
  idleTimeoutMs: number;
  maxConnections: number;
}

/**
 * Fastify's options for the node server it creates. Node's own `requestTimeout` is left off: it
 * bounds every body, and an upload may rightly stream for hours; bodies get a deadline per request
 * instead (below). Fastify's `connectionTimeout` is node's socket inactivity timeout: the idle one.
 */
export function connectionOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: 0,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: Math.min(10_000, limits.idleTimeoutMs),
    // Node checks headersTimeout only this often (30 s by default), which would let a slow
    // client keep its headers open far past the limit.
    connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.requestTimeoutMs / 4)),
  };
}

/**
 * Installs the limits: first in the hook order, so they hold before authentication reads anything.
 *
 * - Headers: node's headersTimeout, measured from the request's first byte.
 * - Bodies: a deadline from the end of the headers, so a login that sends 4 of its 100 bytes, or
 *   sends them a byte at a time, is cut (slowloris). Upload routes (a body limit above
 *   `uploadAbove`) lift it once authentication has passed, and are held to the idle timeout
 *   instead: a body that makes progress may take hours, one that stalls is cut.
 * - Idle: paused while the handler works on a complete request (a copy of a large folder sends
 *   nothing for minutes) and resumed when the response starts, so a download whose client stops
 *   reading is cut too.
 * - Connections past maxConnections are closed on arrival by node, before any parsing.
 */
export function installConnectionLimits(
  app: FastifyInstance,
  limits: ConnectionLimits,
  uploadAbove: number,
): void {
  app.server.headersTimeout = limits.requestTimeoutMs;
  app.server.maxConnections = limits.maxConnections;
  const bodyDeadlines = new WeakMap<IncomingMessage, NodeJS.Timeout>();
  const responding = new WeakSet<IncomingMessage>();
  const isUpload = (request: FastifyRequest) => request.routeOptions.bodyLimit > uploadAbove;

  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    if (!hasBody(raw) || raw.complete) return;
    const deadline = setTimeout(() => {
      if (!raw.complete) raw.socket?.destroy();
    }, limits.requestTimeoutMs);
    deadline.unref();
    bodyDeadlines.set(raw, deadline);
    // 'end' comes once the body is read in full (by a parser, a handler, or node's discard).
    raw.once('end', () => clearTimeout(deadline));
  });

  app.addHook('preHandler', async (request) => {
    const raw = request.raw;
    if (isUpload(request)) clearTimeout(bodyDeadlines.get(raw));
    const pauseIdle = () => {
      if (!responding.has(raw)) raw.socket?.setTimeout(0);
    };
    if (raw.complete) pauseIdle();
    else raw.once('end', pauseIdle);
  });

  app.addHook('onSend', async (request) => {
    responding.add(request.raw);
    // The socket is gone (null) when the client left before the answer.
    request.raw.socket?.setTimeout(limits.idleTimeoutMs);
  });
}

function hasBody(raw: IncomingMessage): boolean {
  return (
    raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length']) > 0
  );
}
