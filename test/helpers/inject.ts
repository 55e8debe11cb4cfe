// The app in the test's own process, driven by Fastify's inject(): route logic without building or
// starting the server (the black-box suite in test/api runs the built bundle as a real server).
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app';
import { parseInvocation } from '../../src/config';
import { createContext } from '../../src/context';
import type { Context } from '../../src/context';
import { loadUiAssets } from '../../src/http/ui-assets';
import { openLog } from '../../src/logger';
import { adminPassword, bundle, removeDir } from './server';
import type { TestResponse } from './server';

export interface InjectOptions {
  /** Server flags besides --root, --database and --password. */
  args?: string[];
  /** Fill the served folder before the app starts. */
  setup?: (root: string) => void | Promise<void>;
  /** Fill the UI folder (empty by default: the page is the built-in fallback). */
  ui?: (folder: string) => void;
}

export interface InjectedApp {
  app: FastifyInstance;
  context: Context;
  root: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export async function injectApp(options: InjectOptions = {}): Promise<InjectedApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-inject-'));
  const root = path.join(dir, 'root');
  const uiFolder = path.join(dir, 'ui');
  fs.mkdirSync(root);
  fs.mkdirSync(uiFolder);
  await options.setup?.(root);
  options.ui?.(uiFolder);
  const argv = ['--root', root, '--database', path.join(dir, 'drawer.json')];
  const invocation = parseInvocation(
    [...argv, '--password', adminPassword, '--log', 'off', ...(options.args ?? [])],
    {},
    dir,
  );
  if (invocation.kind !== 'serve') throw new Error(`not a server invocation: ${invocation.kind}`);
  // The worker threads' bundles (previews, archive codecs) are the build's, when there is one.
  const { context } = await createContext(invocation.config, openLog('off').log, {
    bundleFolder: path.dirname(bundle),
  });
  const app = await createApp(context, loadUiAssets(uiFolder));
  // inject()'s stand-in socket has no setTimeout: the idle deadlines (src/http/connection-limits.ts)
  // are about real sockets, tested in test/api/connection-limits.test.ts.
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket as { setTimeout?: unknown } | null;
    if (socket && typeof socket.setTimeout !== 'function') socket.setTimeout = () => socket;
  });
  await app.ready();
  let adminToken: string | undefined;

  const request: InjectedApp['request'] = async (method, url, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers['x-auth'] = requestOptions.token;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(requestOptions.body === undefined ? {} : { payload: requestOptions.body as object }),
    });
    const body = response.rawPayload;
    return {
      status: response.statusCode,
      headers: response.headers as IncomingHttpHeaders,
      body,
      text: body.toString('utf8'),
      json: <T>() => JSON.parse(body.toString('utf8')) as T,
    };
  };

  return {
    app,
    context,
    root,
    request,
    async adminToken() {
      if (adminToken) return adminToken;
      const response = await request('POST', '/api/login', {
        body: { username: 'admin', password: adminPassword },
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.text}`);
      adminToken = response.text;
      return adminToken;
    },
    async close() {
      await app.close();
      context.searchIndex.close();
      await context.previews.close();
      await context.database.flush();
      removeDir(dir);
    },
  };
}
