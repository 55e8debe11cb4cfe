// Every /api path answers a method it does not take with 405, { code, message } and an Allow
// header naming exactly the methods that path serves; the methods come from the routes themselves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const everyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A URL of each route path, and the methods it serves (GET brings HEAD). */
const table: [url: string, methods: string[]][] = [
  ['/api/login', ['POST']],
  ['/api/renew', ['POST']],
  ['/api/logout', ['POST']],
  ['/api/tickets', ['POST']],
  ['/api/signup', ['POST']],
  ['/api/users', ['GET', 'HEAD', 'POST']],
  ['/api/users/1', ['GET', 'HEAD', 'PUT', 'DELETE']],
  ['/api/resources', ['GET', 'HEAD', 'POST']],
  ['/api/resources/a/b.txt', ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']],
  // GET only of its own, but the other methods still reach /api/resources/* (a folder "recursive").
  ['/api/resources/recursive/a', ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']],
  ['/api/usage', ['GET', 'HEAD']],
  ['/api/usage/a', ['GET', 'HEAD']],
  ['/api/tus', ['HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']],
  ['/api/tus/a.bin', ['HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']],
  ['/api/raw', ['GET', 'HEAD']],
  ['/api/raw/a.txt', ['GET', 'HEAD']],
  ['/api/subtitle/a.srt', ['GET', 'HEAD']],
  ['/api/downloads/abc', ['GET', 'HEAD']],
  ['/api/preview/thumb/a.jpg', ['GET', 'HEAD']],
  ['/api/preview/big/a.jpg', ['GET', 'HEAD']],
  ['/api/public/preview/thumb/h/a.jpg', ['GET', 'HEAD']],
  ['/api/public/preview/big/h/a.jpg', ['GET', 'HEAD']],
  ['/api/settings', ['GET', 'HEAD', 'PUT']],
  ['/api/shares', ['GET', 'HEAD']],
  ['/api/shares/', ['GET', 'HEAD']],
  ['/api/share/a.txt', ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']],
  ['/api/public/share/h', ['GET', 'HEAD']],
  ['/api/public/dl/h', ['GET', 'HEAD']],
  ['/api/public/tus', ['HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']],
  ['/api/public/tus/h/a.bin', ['HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']],
  ['/api/search', ['GET', 'HEAD']],
  ['/api/search/a', ['GET', 'HEAD']],
  ['/api/command', ['GET', 'HEAD']],
  ['/api/command/a', ['GET', 'HEAD']],
  ['/api/site', ['GET', 'HEAD']],
  ['/api/site/blog', ['GET', 'HEAD']],
  ['/api/site/posts/blog', ['GET', 'HEAD', 'POST']],
  ['/api/site/publish/blog', ['GET', 'HEAD', 'POST', 'DELETE']],
];

const methodSet = (header: unknown) =>
  String(header)
    .split(',')
    .map((method) => method.trim())
    .sort();

describe('405 Method Not Allowed', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startServer();
    token = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  for (const [url, methods] of table) {
    const refused = everyMethod.filter((method) => !methods.includes(method));
    it(`${url}: ${refused.join(', ')} → 405, Allow ${methods.join(', ')}`, async () => {
      for (const method of refused) {
        const response = await server.request(method, url, { token });
        assert.equal(response.status, 405, `${method} ${url}: ${response.text}`);
        assert.deepEqual(methodSet(response.headers.allow), [...methods].sort(), method);
        if (method !== 'HEAD')
          assert.equal(response.json<{ code: string }>().code, 'route.methodNotAllowed');
      }
    });
  }

  it('answers 405 before reading a body of a type no route takes', async () => {
    const response = await server.request('PUT', '/api/login', {
      rawBody: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.equal(response.status, 405);
    assert.deepEqual(methodSet(response.headers.allow), ['POST']);
  });

  it('answers 405 under a base URL too', async () => {
    const based = await startServer({ baseUrl: '/files' });
    try {
      const response = await based.request('DELETE', '/api/settings');
      assert.equal(response.status, 405);
      assert.deepEqual(methodSet(response.headers.allow), ['GET', 'HEAD', 'PUT']);
    } finally {
      await based.stop();
      removeDir(based.dir);
    }
  });
});
