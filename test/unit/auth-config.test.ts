// How people log in, from the command line: methods, the proxy's header, trusted addresses, logout page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseInvocation, UsageError } from '../../src/config';
import type { ServerConfig } from '../../src/config';
import { trustedProxyMatcher } from '../../src/config/auth-config';

function serve(argv: string[], env: Record<string, string> = {}): ServerConfig {
  const invocation = parseInvocation(argv, env, '/work');
  assert.equal(invocation.kind, 'serve');
  return invocation.config;
}

function refused(argv: string[], pattern: RegExp): void {
  assert.throws(
    () => serve(argv),
    (error: unknown) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.match(error.message, pattern);
      return true;
    },
  );
}

const proxy = ['--auth-method', 'proxy', '--auth-header', 'Remote-User'];

describe('login method flags', () => {
  it('takes proxy login with its header, trusted addresses and user creation', () => {
    const config = serve([
      ...proxy,
      '--trusted-proxies',
      '127.0.0.1, 10.0.0.0/8 ::1',
      '--proxy-create-users',
      '--logout-page',
      'https://auth.example.com/logout',
    ]);
    assert.equal(config.authMethod, 'proxy');
    assert.equal(config.authHeader, 'remote-user');
    assert.deepEqual(config.trustedProxies, ['127.0.0.1/32', '10.0.0.0/8', '::1/128']);
    assert.equal(config.proxyCreateUsers, true);
    assert.equal(config.logoutPage, 'https://auth.example.com/logout');
    assert.equal(config.noAuth, false);
  });

  it("accepts File Browser's `config set` spellings and DRAWER_ variables", () => {
    const config = serve(['--auth.method=proxy', '--auth.header', 'X-Forwarded-User'], {
      DRAWER_TRUSTED_PROXIES: '192.168.1.2',
    });
    assert.equal(config.authHeader, 'x-forwarded-user');
    assert.deepEqual(config.trustedProxies, ['192.168.1.2/32']);
    assert.equal(serve(['--auth.logoutPage', '/bye']).logoutPage, '/bye');
  });

  it('treats --noauth and --auth-method noauth alike', () => {
    assert.equal(serve(['--noauth']).authMethod, 'noauth');
    assert.equal(serve(['--auth-method', 'noauth']).noAuth, true);
  });

  it('refuses proxy login without a header or without trusted addresses', () => {
    refused(['--auth-method', 'proxy', '--trusted-proxies', '127.0.0.1'], /needs --auth-header/);
    refused(proxy, /needs --trusted-proxies.*anyone else could claim any name/);
  });

  it('refuses headers that already mean something, and malformed names', () => {
    for (const header of ['X-Auth', 'Cookie', 'Host', 'X-Forwarded-For', 'Remote User'])
      refused(
        ['--auth-method', 'proxy', '--auth-header', header, '--trusted-proxies', '127.0.0.1'],
        /is not a header a proxy can use/,
      );
  });

  it('refuses contradictions and options that would do nothing', () => {
    refused(['--noauth', '--auth-method', 'proxy'], /contradict/);
    refused(['--auth-method', 'hook'], /not json, noauth or proxy/);
    refused(['--auth-header', 'Remote-User'], /only applies with --auth-method proxy/);
    refused(['--proxy-create-users'], /only applies with --auth-method proxy/);
  });

  it('refuses addresses that are not IPs or CIDR ranges', () => {
    for (const entry of ['proxy.local', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x'])
      refused([...proxy, '--trusted-proxies', entry], /is not an IP address or a CIDR range/);
  });

  it('refuses logout pages that could run script or leave for another scheme', () => {
    for (const page of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,x',
    ])
      refused(['--logout-page', page], /is not a path like \/login or an http\(s\) URL/);
  });
});

describe('trustedProxyMatcher', () => {
  it('matches addresses and ranges, IPv4 mapped into IPv6 too, and nothing else', () => {
    const trusted = trustedProxyMatcher(['127.0.0.1/32', '172.16.0.0/12', 'fd00::/8']);
    assert.equal(trusted('127.0.0.1'), true);
    assert.equal(trusted('::ffff:127.0.0.1'), true);
    assert.equal(trusted('172.31.255.254'), true);
    assert.equal(trusted('172.32.0.1'), false);
    assert.equal(trusted('fd12::1'), true);
    assert.equal(trusted('::1'), false);
    assert.equal(trusted('127.0.0.2'), false);
    assert.equal(trusted(''), false);
    assert.equal(trusted('not-an-address'), false);
  });
});
