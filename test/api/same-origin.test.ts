// The cross-origin check on state-changing requests trusts only the Host header (docs/SECURITY.md, "Requests").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

describe('same-origin check', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('ignores X-Forwarded-Host: a foreign Origin is refused even when it names that origin', async () => {
    const token = await server.adminToken();
    const renew = await server.request('POST', '/api/renew', {
      token,
      headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
    });
    assert.equal(renew.status, 403);
    assert.equal(renew.json<{ code: string }>().code, 'request.badOrigin');
    const login = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: adminPassword },
      headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
    });
    assert.equal(login.status, 403);
  });

  it('accepts an Origin matching Host whatever X-Forwarded-Host says', async () => {
    const token = await server.adminToken();
    const response = await server.request('POST', '/api/renew', {
      token,
      headers: { origin: new URL(server.url).origin, 'x-forwarded-host': 'proxy.example' },
    });
    assert.equal(response.status, 200);
  });

  it('refuses an Origin of "null" or one that is not a URL', async () => {
    const token = await server.adminToken();
    for (const origin of ['null', 'not a url']) {
      const response = await server.request('POST', '/api/renew', { token, headers: { origin } });
      assert.equal(response.status, 403, origin);
    }
  });
});
