// How people log in, as the command line decides it: passwords, no login, or a trusted proxy's header.
import net from 'node:net';
import type { AuthMethod } from '../api/settings';
import { UsageError } from './usage-error';

export interface AuthConfig {
  authMethod: AuthMethod;
  /** Proxy login: the request header that names the user (lower case, as Node gives headers). */
  authHeader: string;
  /** Addresses and CIDR ranges, each "address/prefix": only these may name a user or a client. */
  trustedProxies: string[];
  /** Proxy login: a name the proxy vouches for but Drawer does not know becomes a new user. */
  proxyCreateUsers: boolean;
  /** Where the UI goes after logging out: Drawer's /login, or e.g. the proxy's logout URL. */
  logoutPage: string;
}

export interface AuthInput {
  noAuth: boolean;
  method: string | undefined;
  header: string | undefined;
  trustedProxies: string | undefined;
  createUsers: boolean;
  logoutPage: string | undefined;
  /** How each input is named in errors: the flag, the variable or the config key. */
  source: (long: string) => string;
}

/** An HTTP field name (RFC 9110 token). */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers that already mean something here; naming the user with one would confuse both uses. */
const reservedHeaders = new Set(['x-auth', 'cookie', 'authorization', 'host', 'x-forwarded-for']);

export function parseAuthConfig(input: AuthInput): AuthConfig {
  const method = parseMethod(input);
  const header = (input.header ?? '').trim().toLowerCase();
  if (method === 'proxy') {
    if (header === '')
      throw new UsageError(
        `${input.source('auth-method')} proxy needs --auth-header, the header your proxy sets to the username (e.g. Remote-User)`,
      );
    if (!headerName.test(header) || reservedHeaders.has(header))
      throw new UsageError(
        `${input.source('auth-header')}: "${input.header}" is not a header a proxy can use to name the user`,
      );
  } else if (header !== '') {
    throw new UsageError(`${input.source('auth-header')} only applies with --auth-method proxy`);
  }
  if (input.createUsers && method !== 'proxy')
    throw new UsageError(
      `${input.source('proxy-create-users')} only applies with --auth-method proxy`,
    );
  const trustedProxies = parseTrustedProxies(input.trustedProxies ?? '', input.source);
  if (method === 'proxy' && trustedProxies.length === 0)
    throw new UsageError(
      `${input.source('auth-method')} proxy needs --trusted-proxies, the addresses your proxy connects from (e.g. 127.0.0.1 or 172.16.0.0/12): anyone else could claim any name`,
    );
  return {
    authMethod: method,
    authHeader: header,
    trustedProxies,
    proxyCreateUsers: input.createUsers,
    logoutPage: parseLogoutPage(input.logoutPage, input.source('logout-page')),
  };
}

function parseMethod(input: AuthInput): AuthMethod {
  const given = input.method?.trim().toLowerCase();
  if (given !== undefined && given !== 'json' && given !== 'noauth' && given !== 'proxy')
    throw new UsageError(
      `${input.source('auth-method')}: "${input.method}" is not json, noauth or proxy (File Browser's hook method has no equivalent)`,
    );
  if (input.noAuth && given !== undefined && given !== 'noauth')
    throw new UsageError(
      `${input.source('noauth')} and ${input.source('auth-method')} ${given} contradict each other`,
    );
  return input.noAuth ? 'noauth' : (given ?? 'json');
}

/** "127.0.0.1, 10.0.0.0/8 ::1" → ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]. */
export function parseTrustedProxies(raw: string, source: (long: string) => string): string[] {
  const entries = raw.split(/[\s,]+/).filter((entry) => entry !== '');
  return entries.map((entry) => {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
      prefix > bits
    )
      throw new UsageError(
        `${source('trusted-proxies')}: "${entry}" is not an IP address or a CIDR range like 10.0.0.0/8`,
      );
    return `${address.toLowerCase()}/${prefix}`;
  });
}

/** A path on this site, or an http(s) URL: never javascript: or a scheme-relative "//host". */
function parseLogoutPage(raw: string | undefined, source: string): string {
  const page = (raw ?? '').trim();
  if (page === '') return '/login';
  if (page.startsWith('/') && !page.startsWith('//') && !page.startsWith('/\\')) return page;
  try {
    const url = new URL(page);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Falls through to the refusal below.
  }
  throw new UsageError(`${source}: "${raw}" is not a path like /login or an http(s) URL`);
}

/** Whether a connection comes from one of the trusted proxies (its own address, never a header). */
export function trustedProxyMatcher(
  trustedProxies: readonly string[],
): (address: string) => boolean {
  const list = new net.BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix = ''] = entry.split('/');
    list.addSubnet(address, Number(prefix), net.isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const family = net.isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
