// Sessions end on the server: logout, and an absolute lifetime that renewals cannot stretch.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { adminPassword, bundle, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface SessionClaims {
  iat: number;
  exp: number;
  auth_time: number;
  sid: string;
}

function claimsOf(token: string): SessionClaims {
  return JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
  ) as SessionClaims;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('logout', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('ends that session on the server and leaves the user’s other sessions alone', async () => {
    const first = await server.login('admin', adminPassword);
    const second = await server.login('admin', adminPassword);
    assert.notEqual(claimsOf(first).sid, claimsOf(second).sid, 'each login is its own session');
    const response = await server.request('POST', '/api/logout', { token: first });
    assert.equal(response.status, 204, response.text);
    for (const request of [
      () => server.request('GET', '/api/users', { token: first }),
      () => server.request('POST', '/api/renew', { token: first }),
      () => server.request('GET', `/api/raw/?auth=${first}`),
    ]) {
      const refused = await request();
      assert.equal(refused.status, 401);
      assert.equal(refused.json<{ code: string }>().code, 'auth.tokenInvalid');
    }
    assert.equal((await server.request('GET', '/api/users', { token: second })).status, 200);
  });

  it('ends the renewed tokens of the session too', async () => {
    const token = await server.login('admin', adminPassword);
    const renewed = await server.request('POST', '/api/renew', { token });
    assert.equal(renewed.status, 200);
    assert.equal(claimsOf(renewed.text).sid, claimsOf(token).sid);
    assert.equal(
      (await server.request('POST', '/api/logout', { token: renewed.text })).status,
      204,
    );
    assert.equal((await server.request('GET', '/api/users', { token })).status, 401);
  });

  it('refuses logout without a session, and keeps a revocation across a restart', async () => {
    assert.equal((await server.request('POST', '/api/logout')).status, 401);
    const token = await server.login('admin', adminPassword);
    assert.equal((await server.request('POST', '/api/logout', { token })).status, 204);
    await server.stop();
    server = await startServer({ dir: server.dir });
    assert.equal((await server.request('GET', '/api/users', { token })).status, 401);
  });
});

describe('absolute session lifetime', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--session-lifetime', '4s'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('renews within the lifetime, keeping the login time, and refuses past it', async () => {
    const token = await server.login('admin', adminPassword);
    const first = claimsOf(token);
    assert.ok(first.exp <= first.auth_time + 4, 'a token never outlives its session');
    await sleep(1100);
    const renewed = await server.request('POST', '/api/renew', { token });
    assert.equal(renewed.status, 200, renewed.text);
    const claims = claimsOf(renewed.text);
    assert.equal(claims.auth_time, first.auth_time);
    assert.equal(claims.sid, first.sid);
    assert.ok(claims.iat > first.iat);
    assert.ok(claims.exp <= first.auth_time + 4);
    await sleep(Math.max(0, (first.auth_time + 4) * 1000 - Date.now() + 1100));
    for (const old of [token, renewed.text]) {
      const late = await server.request('POST', '/api/renew', { token: old });
      assert.equal(late.status, 401, late.text);
    }
    assert.equal((await server.request('GET', '/api/users', { token: renewed.text })).status, 401);
  });

  it('does not ask for a renewal that cannot extend the session', async () => {
    const token = await server.login('admin', adminPassword);
    const response = await server.request('GET', '/api/users', { token });
    assert.equal(response.status, 200);
    assert.equal(response.headers['x-renew-token'], undefined);
  });

  it('reads DRAWER_SESSION_LIFETIME, refuses a bad value, and lists the flag in --help', async () => {
    const fromEnv = await startServer({ env: { DRAWER_SESSION_LIFETIME: '1h' } });
    try {
      const claims = claimsOf(await fromEnv.login('admin', adminPassword));
      assert.ok(claims.exp - claims.auth_time <= 3600, 'the 2h token ends with the 1h session');
      assert.ok(claims.exp - claims.auth_time >= 3599);
    } catch (error) {
      await fromEnv.stop();
      throw error;
    }
    await fromEnv.stop();
    removeDir(fromEnv.dir);
    const help = execFileSync(process.execPath, [bundle, '--help']).toString();
    assert.match(help, /--session-lifetime DUR.*DRAWER_SESSION_LIFETIME/);
    assert.match(help, /default 30d/);
    await assert.rejects(
      startServer({ args: ['--session-lifetime', 'forever'] }),
      /session-lifetime/,
    );
  });
});
