// One ETag per file state: what PUT /api/resources answers is what GET /api/raw sends and honours.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

describe('file ETags', () => {
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

  const save = async (text: string) => {
    const response = await server.request('PUT', '/api/resources/notes.txt', {
      token,
      rawBody: text,
    });
    assert.equal(response.status, 200, response.text);
    return String(response.headers.etag);
  };
  const raw = (headers: Record<string, string> = {}) =>
    server.request('GET', '/api/raw/notes.txt?inline=true', { token, headers });

  it("answers a GET with the ETag the PUT gave, in File Browser's format", async () => {
    const created = await server.request('POST', '/api/resources/notes.txt?override=true', {
      token,
      rawBody: 'first',
    });
    assert.equal(created.status, 200, created.text);
    const posted = String(created.headers.etag);
    assert.equal((await raw()).headers.etag, posted);
    const saved = await save('second version');
    // mtime in nanoseconds, then the size, both hex (docs/UPLOADS.md, "Validators").
    assert.match(saved, /^"[0-9a-f]+e"$/);
    assert.equal((await raw()).headers.etag, saved);
  });

  it('takes the PUT ETag in If-None-Match, strong or weak, alone or in a list', async () => {
    const etag = await save('third');
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await raw({ 'if-none-match': header });
      assert.equal(response.status, 304, header);
      assert.equal(response.headers.etag, etag);
    }
  });

  it('sends the new content once the ETag a client holds is stale', async () => {
    const old = await save('fourth');
    await save('fifth, longer');
    const response = await raw({ 'if-none-match': old });
    assert.equal(response.status, 200);
    assert.equal(response.text, 'fifth, longer');
  });

  it('resumes a range with the PUT ETag in If-Range, and restarts on a stale one', async () => {
    const stale = await save('sixth');
    const etag = await save('0123456789');
    const resumed = await raw({ range: 'bytes=4-', 'if-range': etag });
    assert.equal(resumed.status, 206);
    assert.equal(resumed.text, '456789');
    const restarted = await raw({ range: 'bytes=4-', 'if-range': stale });
    assert.equal(restarted.status, 200);
    assert.equal(restarted.text, '0123456789');
  });
});
