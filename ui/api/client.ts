// The one door to the server: every call goes through here (base URL, X-Auth, JSON errors, renew hints);
// tus uploads, sent by tus-js-client, take their session header and answer handling from here too.
import type { ErrorCode } from '../../src/api/errors';
import { config } from '../config';

/** A failed call: the HTTP status and the server's {code, message} (code 'network' when unreachable). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** One of the server's codes (src/api/errors.ts), or a word of the client's own ('network'…). */
    readonly code: ErrorCode | (string & {}),
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (text, a file). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Login, signup and renew: no token, no renew hint, no logout on 401. */
  anonymous?: boolean;
}

export interface ApiHooks {
  token(): string | null;
  /** The server asked for a fresh token (X-Renew-Token: true). */
  onRenewHint(): void;
  /** The server refused the token (401). */
  onUnauthorized(): void;
}

export interface ApiClient {
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  json<T>(method: string, path: string, options?: CallOptions): Promise<T>;
  text(method: string, path: string, options?: CallOptions): Promise<string>;
  /** The session header for requests another client sends (tus uploads): never put in a URL. */
  authHeaders(): Record<string, string>;
  /** What such a request's answer means for the session: 401 logs out, X-Renew-Token renews. */
  observe(status: number, renewHint: boolean): void;
  /** An absolute link under the base URL; downloads and media add a ticket, never the session. */
  link(path: string, query?: Query): string;
}

/** Encodes a virtual path segment by segment: '/a b/c#d' → '/a%20b/c%23d'. */
export function encodePath(virtualPath: string): string {
  return virtualPath.split('/').map(encodeURIComponent).join('/');
}

function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined);
  if (pairs.length === 0) return url;
  const search = pairs
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** The server's {code, message}, or for any other body (a proxy's page) http.<status> and its text. */
export function errorFromText(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string')
      return new ApiError(status, body.code, typeof body.message === 'string' ? body.message : '');
  } catch {
    // Not JSON: a proxy's page or plain text; keep its words below.
  }
  return new ApiError(status, `http.${status}`, text.trim().slice(0, 200) || String(status));
}

export function createApiClient(hooks: ApiHooks): ApiClient {
  const base = `${config.BaseURL}/`;
  const absolute = (path: string) => base + path.replace(/^\//, '');

  function observe(status: number, renewHint: boolean): void {
    if (status === 401) hooks.onUnauthorized();
    else if (renewHint) hooks.onRenewHint();
  }

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.anonymous ? null : hooks.token();
    if (token) headers['X-Auth'] = token;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    let response: Response;
    try {
      response = await fetch(withQuery(absolute(path), options.query), {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network', (error as Error).message);
    }
    if (!options.anonymous)
      observe(response.status, response.headers.get('X-Renew-Token') === 'true');
    if (!response.ok) throw errorFromText(response.status, await response.text());
    return response;
  }

  return {
    call,
    json: async <T>(method: string, path: string, options?: CallOptions) =>
      (await (await call(method, path, options)).json()) as T,
    text: async (method, path, options) => (await call(method, path, options)).text(),
    authHeaders(): Record<string, string> {
      const token = hooks.token();
      return token ? { 'X-Auth': token } : {};
    },
    observe,
    link: (path, query) => new URL(withQuery(absolute(path), query), location.href).href,
  };
}
