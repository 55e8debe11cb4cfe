// A WebSocket client for tests (Node 20 has none built in): the `ws` package, with headers we choose.
import { createRequire } from 'node:module';

/** The part of `ws`'s client the tests use (the package ships no types). */
interface WsClient {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(
    event: 'unexpected-response',
    listener: (
      request: { destroy(): void },
      response: NodeJS.ReadableStream & { statusCode?: number; headers: Record<string, unknown> },
    ) => void,
  ): void;
}
type WsConstructor = new (
  url: string,
  options?: { headers?: Record<string, string>; localAddress?: string },
) => WsClient;

const require = createRequire(import.meta.url);
const WebSocket = require('ws') as WsConstructor;

export interface ShellOptions {
  /** Sent as X-Auth. */
  token?: string;
  /** undefined leaves the header out. */
  origin?: string;
  headers?: Record<string, string>;
  /** The client address the server sees, e.g. 127.0.0.2 (all of 127/8 is this machine). */
  localAddress?: string;
}

export type ShellUpgrade =
  { kind: 'open'; socket: ShellSocket } | { kind: 'refused'; status: number; body: string };

export interface ShellSocket {
  send(text: string): void;
  close(): void;
  /** Every text message received so far, in order, each with the time it arrived. */
  messages: { text: string; at: number }[];
  /** Settles with the close code and reason once the connection has closed. */
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens ws://<server><path>; a refused upgrade resolves with the HTTP status and body. */
export function openShell(url: string, options: ShellOptions = {}): Promise<ShellUpgrade> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['x-auth'] = options.token;
  if (options.origin !== undefined) headers.origin = options.origin;
  const client = new WebSocket(url.replace(/^http/, 'ws'), {
    headers,
    ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
  });
  const messages: { text: string; at: number }[] = [];
  client.on('message', (data) => messages.push({ text: data.toString('utf8'), at: Date.now() }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  return new Promise((resolve, reject) => {
    client.on('open', () =>
      resolve({
        kind: 'open',
        socket: {
          send: (text) => client.send(text),
          close: () => client.close(),
          messages,
          closed,
        },
      }),
    );
    // With a listener here, ending the refused request is ours to do.
    client.on('unexpected-response', (request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          kind: 'refused',
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    client.on('error', reject);
  });
}
