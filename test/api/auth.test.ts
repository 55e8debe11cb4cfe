// Login, renew, token sources and revocation, throttling, through real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scenarios } from '../helpers/api-scenario';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

function forge(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('login and tokens', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('logs in with the right password and returns a JWT as text', async () => {
    const response = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: adminPassword },
    });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.equal(response.text.split('.').length, 3);
    const claims = JSON.parse(
      Buffer.from(response.text.split('.')[1] ?? '', 'base64url').toString(),
    ) as { user: { username: string; perm: { admin: boolean } }; exp: number; iat: number };
    assert.equal(claims.user.username, 'admin');
    assert.equal(claims.user.perm.admin, true);
    assert.ok(
      claims.exp - claims.iat >= 7199 && claims.exp - claims.iat <= 7201,
      'default lifetime is 2h',
    );
    assert.equal(JSON.stringify(claims).includes('$2'), false, 'no password hash in the token');
  });

  // One answer for all, so that a caller cannot learn which accounts exist.
  scenarios('answers every login failure with the same 403 and message', {
    context: () => ({ server, tokens: {} }),
    each: (response) =>
      assert.deepEqual(response.json(), {
        code: 'auth.wrongCredentials',
        message: 'Wrong credentials',
      }),
    rows: [
      {
        name: 'a wrong password',
        as: 'anonymous',
        method: 'POST',
        url: '/api/login',
        body: { username: 'admin', password: 'nope-nope-nope' },
        status: 403,
      },
      {
        name: 'an unknown user',
        as: 'anonymous',
        method: 'POST',
        url: '/api/login',
        body: { username: 'ghost', password: 'nope-nope-nope' },
        status: 403,
      },
      { name: 'no body', as: 'anonymous', method: 'POST', url: '/api/login', status: 403 },
    ],
  });

  it('refuses a password that only matches in its first 72 bytes', async () => {
    const response = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: `${adminPassword}${'x'.repeat(80)}` },
    });
    assert.equal(response.status, 403);
  });

  it('renews a token and marks the answer X-Renew-Token: false', async () => {
    const token = await server.adminToken();
    const response = await server.request('POST', '/api/renew', { token });
    assert.equal(response.status, 200);
    assert.equal(response.headers['x-renew-token'], 'false');
    assert.equal(response.text.split('.').length, 3);
  });

  // The bad tokens are made from a real one, so that only the flaw named by the row is wrong.
  let token: string;
  scenarios('refuses renew without a token, with a forged or a malformed one', {
    context: () => ({ server, tokens: {} }),
    prepare: async () => {
      token = await server.adminToken();
    },
    rows: [
      { name: 'no token', as: 'anonymous' as const },
      { name: 'not a JWT', as: { token: 'not-a-token' } },
      {
        name: 'a later expiry, the signature kept',
        as: { token: () => forge(token, (claims) => (claims.exp = 9999999999)) },
      },
      {
        name: 'another user id, the signature kept',
        as: { token: () => forge(token, (claims) => ((claims.user as { id: number }).id = 2)) },
      },
      {
        name: 'alg none and no signature',
        as: {
          token: () =>
            `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`,
        },
      },
      { name: 'a broken signature', as: { token: () => `${token.slice(0, -2)}xx` } },
    ].map((row) => ({
      ...row,
      method: 'POST',
      url: '/api/renew',
      status: 401,
      expectJson: { code: /^auth\./ },
    })),
  });

  it('reads the auth query parameter and cookie only on GET of download routes', async () => {
    const token = await server.adminToken();
    const viaQuery = await server.request('GET', `/api/raw/?auth=${token}`);
    assert.equal(viaQuery.status, 200);
    const viaCookie = await server.request('GET', '/api/raw/', {
      headers: { cookie: `other=1; auth=${token}` },
    });
    assert.equal(viaCookie.status, 200);
    const elsewhere = await server.request('GET', `/api/users?auth=${token}`);
    assert.equal(elsewhere.status, 401);
    const postWithCookie = await server.request('POST', '/api/renew', {
      headers: { cookie: `auth=${token}` },
    });
    assert.equal(postWithCookie.status, 401);
    const postWithQuery = await server.request('POST', `/api/renew?auth=${token}`);
    assert.equal(postWithQuery.status, 401);
  });

  it('refuses cross-site state changes even with a valid token', async () => {
    const token = await server.adminToken();
    const crossOrigin = await server.request('POST', '/api/renew', {
      token,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(crossOrigin.status, 403);
    const crossSite = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: adminPassword },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(crossSite.status, 403);
    const sameOrigin = await server.request('POST', '/api/renew', {
      token,
      headers: { origin: server.url.replace(/\/$/, '') },
    });
    assert.equal(sameOrigin.status, 200);
  });

  it('answers 405 for a method the route does not take, and 413 for a huge login body', async () => {
    const get = await server.request('GET', '/api/login');
    assert.equal(get.status, 405);
    assert.equal(get.json<{ code: string }>().code, 'route.methodNotAllowed');
    const huge = await server.request('POST', '/api/login', {
      rawBody: JSON.stringify({ username: 'admin', password: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(huge.status, 413);
  });

  it('answers 400 with a JSON error for malformed JSON and prototype pollution', async () => {
    const malformed = await server.request('POST', '/api/login', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json<{ code: string }>().code, 'request.badJson');
    const polluted = await server.request('POST', '/api/login', {
      rawBody: '{"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(polluted.status, 400);
    const wrongType = await server.request('POST', '/api/login', {
      body: { username: 5, password: 'x' },
    });
    assert.equal(wrongType.status, 400);
    assert.match(wrongType.json<{ message: string }>().message, /username/);
  });

  it('throttles repeated failures for one username with 429 and Retry-After', async () => {
    let last;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = await server.request('POST', '/api/login', {
        body: { username: 'victim', password: `wrong-password-${attempt}` },
      });
    }
    assert.equal(last?.status, 429);
    assert.ok(Number(last?.headers['retry-after']) > 0);
    // The brake is per username and address: the admin can still log in from the same address.
    const admin = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: adminPassword },
    });
    assert.equal(admin.status, 200);
  });
});
