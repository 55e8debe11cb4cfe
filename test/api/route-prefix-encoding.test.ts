// A route prefix spelled with percent-escapes is refused, never read as "the scope root" (docs/SECURITY.md, "Requests").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { rawRequest, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

function assertRefused(response: { status: number; text: string }, url: string): void {
  assert.equal(response.status, 400, `${url}: ${response.status} ${response.text.slice(0, 200)}`);
  assert.equal(JSON.parse(response.text).code, 'request.badEncoding', url);
  assert.doesNotMatch(response.text, /CANARY/, `${url} leaks file content`);
}

describe('encoded route prefixes', () => {
  let server: TestServer;
  let alice: string;
  let hash: string;
  before(async () => {
    server = await startServer({
      setup: (root) =>
        writeTree(root, {
          'secret-root.txt': 'CANARY-ROOT',
          'alice/private/p.txt': 'CANARY-P',
          'alice/other.txt': 'CANARY-OTHER',
        }),
    });
    await createUser(server, { username: 'alice', perm: { download: true, share: true } });
    alice = await server.login('alice', userPassword);
    const shared = await server.request('POST', '/api/share/private/p.txt', { token: alice });
    assert.equal(shared.status, 200, shared.text);
    hash = shared.json<{ hash: string }>().hash;
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const rows: { method: string; url: string }[] = [
    { method: 'GET', url: '/api/%72aw/private/p.txt?algo=tar' },
    { method: 'GET', url: '/api/r%61w/private/p.txt?algo=tar' },
    { method: 'GET', url: '/%61pi/raw/private/p.txt?algo=tar' },
    { method: 'GET', url: '/api/%72esources/private/p.txt' },
    { method: 'GET', url: '/api/resources/%72ecursive/private' },
    { method: 'GET', url: '/api/%75sage/private' },
    { method: 'GET', url: '/api/%73earch/private?query=p' },
    { method: 'GET', url: '/api/%73ubtitle/private/p.txt' },
    { method: 'GET', url: '/api/%73hare/private/p.txt' },
    { method: 'POST', url: '/api/%73hare/private/p.txt' },
    { method: 'DELETE', url: '/api/%72esources/private/p.txt' },
    { method: 'GET', url: '/api/public/%64l/<hash>' },
    { method: 'GET', url: '/api/public/%73hare/<hash>' },
  ];
  for (const row of rows) {
    it(`refuses ${row.method} ${row.url} with 400`, async () => {
      const url = row.url.replace('<hash>', hash);
      const response = await server.request(row.method, url, { token: alice });
      assertRefused(response, url);
    });
  }

  // The router keeps %2F as is, so this one matches no route at all: 404, and nothing read.
  it('answers /api/resources%2F... without content', async () => {
    const response = await server.request('GET', '/api/resources%2Fprivate/p.txt', {
      token: alice,
    });
    assert.ok([400, 404].includes(response.status), String(response.status));
    assert.doesNotMatch(response.text, /CANARY|"items"/);
  });

  it('leaves the file in place after an encoded DELETE, and plain prefixes still work', async () => {
    const file = await server.request('GET', '/api/raw/private/p.txt', { token: alice });
    assert.equal(file.status, 200);
    assert.equal(file.text, 'CANARY-P');
    const download = await server.request('GET', `/api/public/dl/${hash}`);
    assert.equal(download.status, 200);
  });
});

describe('encoded base URL', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      args: ['--baseurl', '/fb'],
      setup: (root) => writeTree(root, { 'private/p.txt': 'CANARY-P' }),
    });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('refuses the base URL spelled with escapes', async () => {
    const token = await server.adminToken();
    const origin = new URL(server.url).origin;
    const url = '/f%62/api/raw/private/p.txt?algo=tar';
    const response = await rawRequest(origin, 'GET', url, { token });
    assertRefused(response, url);
  });
});
