// Following an archive download: the page names it with ?progress=<id> and asks how far it got,
// because the browser saves it by itself and nobody knows its length in advance.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Progress {
  sent: number;
  state: 'sending' | 'done' | 'failed';
}

const newId = () => crypto.randomBytes(12).toString('base64url');

describe('archive download progress', () => {
  let server: TestServer;
  let admin: string;
  let other: string;

  before(async () => {
    server = await startServer({
      setup: (root) =>
        writeTree(root, {
          'photos/a.bin': crypto.randomBytes(16 * 1024 * 1024),
          'photos/b.bin': crypto.randomBytes(16 * 1024 * 1024),
          'photos/c.txt': 'hello',
        }),
    });
    admin = await server.adminToken();
    await createUser(server, { username: 'other', scope: '/', perm: { download: true } });
    other = await server.login('other', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const progressOf = (id: string, token = admin) =>
    server.request('GET', `/api/downloads/${id}`, { token });

  it('counts every byte of a finished archive and says it is done', async () => {
    const id = newId();
    const archive = await server.request('GET', `/api/raw/photos?algo=tar&progress=${id}`, {
      token: admin,
    });
    assert.equal(archive.status, 200);
    const answer = await progressOf(id);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json<Progress>(), { sent: archive.body.length, state: 'done' });
  });

  it('reports bytes so far while the client is still reading, and a failure when it leaves', async () => {
    const id = newId();
    const { origin } = new URL(server.url);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${origin}/api/raw/photos?algo=tar&progress=${id}`, {
          headers: { 'X-Auth': admin },
        })
        .on('response', resolve)
        .on('error', reject),
    );
    // Read one chunk, then stop reading: the server waits on the full socket.
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    const during = (await progressOf(id)).json<Progress>();
    assert.equal(during.state, 'sending');
    assert.ok(during.sent > 0, 'some bytes are counted');
    response.destroy();
    let after: Progress = during;
    await eventually(async () => {
      after = (await progressOf(id)).json<Progress>();
      return after.state !== 'sending';
    }, 'the download to end');
    assert.equal(after.state, 'failed');
  });

  it('shows a download to the user who started it only, and only for archives', async () => {
    const id = newId();
    await server.request('GET', `/api/raw/photos?algo=zip&progress=${id}`, { token: admin });
    assert.equal((await progressOf(id, other)).status, 404);
    const single = newId();
    const file = await server.request('GET', `/api/raw/photos/c.txt?progress=${single}`, {
      token: admin,
    });
    assert.equal(file.status, 200);
    assert.equal((await progressOf(single)).status, 404, 'a file reports its own progress');
    assert.equal((await progressOf(newId())).status, 404);
  });

  it('refuses names it did not make room for', async () => {
    for (const bad of ['short', 'has space in it 12345', 'x'.repeat(65)]) {
      const raw = await server.request(
        'GET',
        `/api/raw/photos?algo=zip&progress=${encodeURIComponent(bad)}`,
        { token: admin },
      );
      assert.equal(raw.status, 400, bad);
      assert.equal((await progressOf(encodeURIComponent(bad))).status, 400, bad);
    }
    assert.equal((await server.request('GET', `/api/downloads/${newId()}`)).status, 401);
  });
});
