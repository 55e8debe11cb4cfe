// The one cross-origin check, on state-changing requests and the command WebSocket's upgrade:
// X-Forwarded-Host counts only from a --trusted-proxies connection (docs/SECURITY.md, "Requests").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { openShell } from '../helpers/websocket';

/** The proxy's own address; 127.0.0.1 (the tests' default) stays an ordinary client. */
const proxy = '127.0.0.2';
const publicOrigin = 'https://files.example';
const evilOrigin = 'http://evil.example';
const direct = 'the server itself';

describe('same-origin check', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--trusted-proxies', proxy, '--enable-exec'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const renew = async (headers: Record<string, string>, localAddress?: string) =>
    server.request('POST', '/api/renew', {
      token: await server.adminToken(),
      headers,
      ...(localAddress === undefined ? {} : { localAddress }),
    });
  const upgrade = async (headers: Record<string, string>, localAddress?: string) => {
    const { origin, ...rest } = headers;
    const result = await openShell(`${server.url}/api/command/`, {
      token: await server.adminToken(),
      headers: rest,
      ...(origin === undefined ? {} : { origin }),
      ...(localAddress === undefined ? {} : { localAddress }),
    });
    if (result.kind === 'open') {
      result.socket.close();
      await result.socket.closed;
      return 'open';
    }
    assert.equal(result.status, 403, result.body);
    assert.equal(JSON.parse(result.body).code, 'request.badOrigin');
    return 'refused';
  };

  const rows: {
    name: string;
    from?: string;
    headers: Record<string, string>;
    allowed: boolean;
  }[] = [
    { name: 'an Origin matching Host', headers: { origin: direct }, allowed: true },
    {
      name: 'an Origin matching Host whatever an untrusted X-Forwarded-Host says',
      headers: { origin: direct, 'x-forwarded-host': 'proxy.example' },
      allowed: true,
    },
    {
      name: 'a forged X-Forwarded-Host naming the foreign Origin, from an untrusted peer',
      headers: { origin: evilOrigin, 'x-forwarded-host': 'evil.example' },
      allowed: false,
    },
    { name: 'a foreign Origin', headers: { origin: evilOrigin }, allowed: false },
    {
      name: "the trusted proxy's X-Forwarded-Host naming the Origin",
      from: proxy,
      headers: { origin: publicOrigin, 'x-forwarded-host': 'files.example' },
      allowed: true,
    },
    {
      name: "the last of the trusted proxy's X-Forwarded-Host entries, not a client's",
      from: proxy,
      headers: { origin: evilOrigin, 'x-forwarded-host': 'evil.example, files.example' },
      allowed: false,
    },
    {
      name: 'a foreign Origin through the trusted proxy',
      from: proxy,
      headers: { origin: evilOrigin, 'x-forwarded-host': 'files.example' },
      allowed: false,
    },
    {
      name: 'an Origin matching Host from the trusted proxy when it names the public host',
      from: proxy,
      headers: { origin: direct, 'x-forwarded-host': 'files.example' },
      allowed: false,
    },
    {
      name: 'an Origin matching Host from the trusted proxy without X-Forwarded-Host',
      from: proxy,
      headers: { origin: direct },
      allowed: true,
    },
    {
      name: 'Sec-Fetch-Site: cross-site',
      headers: { origin: direct, 'sec-fetch-site': 'cross-site' },
      allowed: false,
    },
  ];
  /** The rows are written before the server has a port: this stands for its own origin. */
  const withOrigin = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        value === direct ? new URL(server.url).origin : value,
      ]),
    );

  for (const row of rows) {
    it(`HTTP: ${row.allowed ? 'accepts' : 'refuses'} ${row.name}`, async () => {
      const response = await renew(withOrigin(row.headers), row.from);
      assert.equal(response.status, row.allowed ? 200 : 403, response.text);
      if (!row.allowed) assert.equal(response.json<{ code: string }>().code, 'request.badOrigin');
    });
    it(`WebSocket: ${row.allowed ? 'opens' : 'refuses'} on ${row.name}`, async () => {
      assert.equal(
        await upgrade(withOrigin(row.headers), row.from),
        row.allowed ? 'open' : 'refused',
      );
    });
  }

  it('refuses a cross-site login even with a forged X-Forwarded-Host', async () => {
    const login = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: adminPassword },
      headers: { origin: evilOrigin, 'x-forwarded-host': 'evil.example' },
    });
    assert.equal(login.status, 403);
  });

  it('refuses an Origin of "null" or one that is not a URL', async () => {
    for (const origin of ['null', 'not a url']) {
      const response = await renew({ origin });
      assert.equal(response.status, 403, origin);
    }
  });
});
