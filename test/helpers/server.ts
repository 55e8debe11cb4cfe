// Starts the real server (the built bundle) on a temp folder and talks to it over raw HTTP.
import { runtimeFlags } from '../../src/runtime-flags';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** DRAWER_TEST_BUNDLE lets parallel work test its own build without touching build/. */
export const bundle = path.resolve(
  process.env.DRAWER_TEST_BUNDLE ??
    path.join(import.meta.dirname, '..', '..', 'build', 'drawer.cjs'),
);
export const adminPassword = 'admin-password-for-tests';

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (a string or bytes), with no JSON encoding. */
  rawBody?: string | Buffer;
  /** The client address the server sees, e.g. 127.0.0.2 (all of 127/8 is this machine). */
  localAddress?: string;
}

export interface TestServer {
  url: string;
  /** The served folder. */
  root: string;
  /** The temp folder holding root/ and the database; kept for restarts until cleanUp. */
  dir: string;
  database: string;
  output(): string;
  /** The path is sent exactly as given: no normalisation of "..", no re-encoding. */
  request(method: string, rawPath: string, options?: RequestOptions): Promise<TestResponse>;
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  process: ChildProcess;
}

export interface StartOptions {
  args?: string[];
  env?: Record<string, string>;
  /** Reuse a folder from an earlier server (restart tests). */
  dir?: string;
  /** Fill the served folder before the server starts. */
  setup?: (root: string) => void | Promise<void>;
  /** Leave out the default --password (first-run tests). */
  noPassword?: boolean;
  baseUrl?: string;
  /** Another build than `bundle` (benchmarks build their own). */
  bundle?: string;
  /** Node's own options before the bundle (benchmarks: `--cpu-prof`). */
  nodeArgs?: string[];
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const serverBundle = options.bundle ?? bundle;
  if (!fs.existsSync(serverBundle))
    throw new Error(`${serverBundle} is missing: run npm run build first`);
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-test-'));
  const root = path.join(dir, 'root');
  fs.mkdirSync(root, { recursive: true });
  await options.setup?.(root);
  const database = path.join(dir, 'db', 'drawer.json');
  // What ships: the executable starts with these (scripts/package-sea.ts).
  const args = [
    ...runtimeFlags,
    ...(options.nodeArgs ?? []),
    serverBundle,
    '--root',
    root,
    '--database',
    database,
    '--port',
    '0',
    ...(options.noPassword ? [] : ['--password', adminPassword]),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = () => {
      const match = /Listening on (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const origin = new URL(url).origin;
  const baseUrl = new URL(url).pathname.replace(/\/$/, '');
  let cachedAdminToken: string | undefined;

  // A process ended by a signal (kill()) has a signalCode and no exitCode: it is gone all the same.
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const server: TestServer = {
    url,
    root,
    dir,
    database,
    process: child,
    output: () => output,
    request: (method, rawPath, requestOptions = {}) =>
      rawRequest(
        origin,
        method,
        `${rawPath.startsWith('/api') || rawPath.startsWith('/health') ? baseUrl : ''}${rawPath}`,
        requestOptions,
      ),
    async login(username, password) {
      const response = await server.request('POST', '/api/login', { body: { username, password } });
      if (response.status !== 200)
        throw new Error(`login as ${username} failed: ${response.status} ${response.text}`);
      return response.text;
    },
    async adminToken() {
      cachedAdminToken ??= await server.login('admin', adminPassword);
      return cachedAdminToken;
    },
    async stop() {
      if (hasExited()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (hasExited()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
  return server;
}

export function rawRequest(
  origin: string,
  method: string,
  rawPath: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  return sendOnce(origin, method, rawPath, options, undefined).catch((error: unknown) => {
    // A kept-alive socket the server closed as idle just as this request went out on it: the
    // server never read the request, so it goes again on a new connection (node's documented
    // remedy for this race, which a loaded machine makes likely).
    if (!(error instanceof RetryOnNewConnection)) throw error;
    return sendOnce(origin, method, rawPath, options, false);
  });
}

class RetryOnNewConnection extends Error {}

function sendOnce(
  origin: string,
  method: string,
  rawPath: string,
  options: RequestOptions,
  agent: false | undefined,
): Promise<TestResponse> {
  const target = new URL(origin);
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (options.rawBody !== undefined) payload = Buffer.from(options.rawBody);
  else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers['x-auth'] = options.token;
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: rawPath,
        headers,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        ...(agent === false ? { agent } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const idleClosed = request.reusedSocket && error.code === 'ECONNRESET';
      reject(idleClosed ? new RetryOnNewConnection(error.message, { cause: error }) : error);
    });
    request.end(payload);
  });
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
