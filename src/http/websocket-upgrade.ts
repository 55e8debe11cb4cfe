// WebSocket upgrades: routed through fastify like any request, so every hook (authentication, origin
// checks) runs before a route accepts one; `ws` is loaded at the first accepted upgrade, not at start.
import { ServerResponse } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import libraries from '../deferred-libraries.cjs';

/** The part of a `ws` socket Drawer uses (the package ships no types). */
export interface WebSocket {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): void;
  on(event: 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/** The part of `ws`'s server Drawer uses: upgrades are handed to it, it never listens. */
export interface WebSocketServer {
  handleUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    done: (socket: WebSocket) => void,
  ): void;
  close(): void;
}

export interface WebSocketLibrary {
  WebSocketServer: new (options: { noServer: true; maxPayload: number }) => WebSocketServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Completes the upgrade of `request` (a route's handler calls it once its checks passed) and
     * hands the open socket to `onOpen`; the reply is the socket's from then on.
     */
    acceptWebSocket(
      request: FastifyRequest,
      reply: FastifyReply,
      onOpen: (socket: WebSocket) => void,
    ): void;
  }
  interface FastifyRequest {
    /** The request asks for a WebSocket (Upgrade: websocket). */
    ws: boolean;
  }
}

interface Upgrade {
  socket: Duplex;
  head: Buffer;
}

/** Node drops its own error listener from an upgrading socket; one is needed until `ws` has it. */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

export function installWebSockets(app: FastifyInstance, options: { maxPayload: number }): void {
  const upgrades = new WeakMap<IncomingMessage, Upgrade>();
  const open = new Set<WebSocket>();
  let server: WebSocketServer | undefined;

  const onUpgrade = (raw: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    upgrades.set(raw, { socket, head });
    // The response is written on the socket itself: a refusal reaches the client as plain HTTP.
    const response = new ServerResponse(raw);
    try {
      // The server's 'upgrade' event types its socket as a Duplex; it is the connection's Socket.
      response.assignSocket(socket as Socket);
      app.routing(raw, response);
    } catch (error) {
      app.log.warn({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    }
  };
  app.server.on('upgrade', onUpgrade);

  app.decorateRequest('ws', false);
  app.addHook('onRequest', async (request) => {
    request.ws = upgrades.has(request.raw);
  });
  // An upgrade a route did not accept ends with its HTTP answer.
  app.addHook('onResponse', async (request) => {
    if (request.ws) upgrades.get(request.raw)?.socket.destroy();
  });

  app.decorate('acceptWebSocket', (request, reply, onOpen) => {
    const upgrade = upgrades.get(request.raw);
    if (!upgrade) throw new Error('acceptWebSocket: the request asks for no WebSocket');
    reply.hijack();
    server ??= new (libraries.ws().WebSocketServer)({
      noServer: true,
      maxPayload: options.maxPayload,
    });
    upgrade.socket.removeListener('error', destroyOnError);
    server.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', (error) => {
        request.log.error({ err: error }, 'websocket failed');
        socket.terminate();
      });
      try {
        onOpen(socket);
      } catch (error) {
        request.log.error({ err: error }, 'websocket failed');
        socket.terminate();
      }
    });
  });

  app.addHook('preClose', async () => {
    app.server.removeListener('upgrade', onUpgrade);
    for (const socket of open) socket.close();
    server?.close();
  });
}
