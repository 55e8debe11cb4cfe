// JSON routes read bodies of any Content-Type as JSON when X-Auth is present (src/http/json-bodies.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

describe('JSON bodies whatever their Content-Type', () => {
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

  const viewMode = (mode: string) =>
    JSON.stringify({ what: 'user', which: ['viewMode'], data: { id: 1, viewMode: mode } });

  for (const [label, headers] of [
    ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['no Content-Type', {}],
    ['application/json', { 'content-type': 'application/json' }],
    ['a form type', { 'content-type': 'application/x-www-form-urlencoded' }],
  ] as const) {
    it(`decodes a body sent as ${label} with X-Auth`, async () => {
      const response = await server.request('PUT', '/api/users/1', {
        token,
        headers,
        rawBody: viewMode('mosaic'),
      });
      assert.equal(response.status, 200, response.text);
      const user = await server.request('GET', '/api/users/1', { token });
      assert.equal(user.json<{ viewMode: string }>().viewMode, 'mosaic');
    });
  }

  it('answers request.badJson for bad JSON in a text/plain body', async () => {
    const response = await server.request('PUT', '/api/users/1', {
      token,
      headers: { 'content-type': 'text/plain' },
      rawBody: '{"what":',
    });
    assert.equal(response.status, 400);
    assert.equal(response.json<{ code: string }>().code, 'request.badJson');
  });

  it('refuses proto poisoning in a text/plain body as it does in JSON', async () => {
    const response = await server.request('PUT', '/api/users/1', {
      token,
      headers: { 'content-type': 'text/plain' },
      rawBody: '{"what":"user","which":["viewMode"],"data":{"id":1,"__proto__":{"x":1}}}',
    });
    assert.equal(response.status, 400);
  });

  it('keeps the route body limit for text/plain bodies', async () => {
    const response = await server.request('POST', '/api/share/', {
      token,
      headers: { 'content-type': 'text/plain' },
      rawBody: JSON.stringify({ password: '', pad: 'x'.repeat(32 * 1024) }),
    });
    assert.equal(response.status, 413);
    assert.equal(response.json<{ code: string }>().code, 'request.tooLarge');
  });

  it('refuses a body not declared JSON without X-Auth: a cross-site form sends no X-Auth', async () => {
    const response = await server.request('POST', '/api/login', {
      headers: { 'content-type': 'text/plain' },
      rawBody: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    assert.equal(response.status, 415);
    assert.equal(response.json<{ code: string }>().code, 'request.unsupportedMediaType');
  });

  it('still refuses a cross-site text/plain post before reading it', async () => {
    const response = await server.request('PUT', '/api/users/1', {
      token,
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      rawBody: viewMode('list'),
    });
    assert.equal(response.status, 403);
    assert.equal(response.json<{ code: string }>().code, 'request.badOrigin');
  });

  it('leaves file content alone: a text/plain JSON upload is written byte for byte', async () => {
    const content = '{"what":"user"}';
    const saved = await server.request('POST', '/api/resources/note.json', {
      token,
      headers: { 'content-type': 'text/plain' },
      rawBody: content,
    });
    assert.equal(saved.status, 200, saved.text);
    const raw = await server.request('GET', '/api/raw/note.json', { token });
    assert.equal(raw.text, content);
  });
});
