// Caps on concurrent listings and tree walks: past them, 429 with Retry-After, and the slot comes back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import type { PauseControl } from '../helpers/pause';
import { createPauseControl } from '../helpers/pause';
import type { TestServer } from '../helpers/server';
import { removeDir, startServer } from '../helpers/server';

describe('heavy work: listings and walks are capped per user and in all', () => {
  let server: TestServer;
  let pause: PauseControl;
  let alice: string;
  let bob: string;

  before(async () => {
    pause = createPauseControl();
    server = await startServer({
      args: ['--max-walks', '2/1', '--max-listings', '2/1'],
      env: { DRAWER_TEST_PAUSE_DIR: pause.dir },
      setup: (root) =>
        writeTree(root, { 'alice/d/a.txt': 'a', 'alice/d/e/b.txt': 'b', 'bob/c.txt': 'c' }),
    });
    for (const username of ['alice', 'bob'])
      await createUser(server, { username, perm: { download: true } });
    alice = await server.login('alice', userPassword);
    bob = await server.login('bob', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
    pause.remove();
  });

  const get = (url: string, token: string) => server.request('GET', url, { token });

  it('a second listing by the same user while one runs is 429 with Retry-After; others still list', async () => {
    const first = await pause.whilePausedAt(
      'listing.read',
      () => get('/api/resources/d/', alice),
      async () => {
        const second = await get('/api/resources/', alice);
        assert.equal(second.status, 429, second.text);
        assert.equal(second.json<{ code: string }>().code, 'server.busy');
        assert.match(String(second.headers['retry-after']), /^\d+$/);
        assert.equal(
          (await get('/api/resources/', bob)).status,
          200,
          'another user is not held up',
        );
        // A file's info is not a listing and needs no slot.
        assert.equal((await get('/api/resources/d/a.txt', alice)).status, 200);
      },
    );
    assert.equal(first.status, 200);
    assert.equal((await get('/api/resources/', alice)).status, 200, 'the slot came back');
  });

  for (const [label, url] of [
    ['archive', '/api/raw/d/?algo=tar'],
    ['search', '/api/search/?query=b'],
    ['recursive listing', '/api/resources/recursive/'],
  ]) {
    it(`a second walk (${label}) by the same user while an archive runs is 429`, async () => {
      const first = await pause.whilePausedAt(
        'walk.descend',
        () => get('/api/raw/d/?algo=tar', alice),
        async () => {
          const second = await get(url as string, alice);
          assert.equal(second.status, 429, second.text);
          assert.equal(second.json<{ code: string }>().code, 'server.busy');
        },
      );
      assert.equal(first.status, 200);
      assert.equal((await get(url as string, alice)).status, 200, 'the slot came back');
    });
  }
});
