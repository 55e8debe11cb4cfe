// A paged listing by name read cold (src/files/listing-by-name.ts): its page, ordered before the
// folder's stats are in, must be item for item what the whole listing shows, links included.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Listing {
  items: Record<string, unknown>[];
  numDirs: number;
  numFiles: number;
  offset?: number;
  total?: number;
}

/** Past the size at which stats are read in a worker (src/fs/folder-stats.ts), small enough to be quick. */
const files = 700;

describe('paged listings read cold, by name', () => {
  let server: TestServer;
  let alice: string;
  let aliceId: number;
  let touches = 0;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        const folder = path.join(root, 'alice', 'mixed');
        fs.mkdirSync(path.join(folder, 'Sub folder'), { recursive: true });
        fs.mkdirSync(path.join(root, 'outside-alice'));
        fs.writeFileSync(path.join(root, 'outside-alice', 'theirs.txt'), 'not alice’s');
        for (let index = 0; index < files; index += 1)
          fs.writeFileSync(path.join(folder, `file-${index}.txt`), 'x'.repeat(index % 40));
        fs.writeFileSync(path.join(folder, 'secret.key'), 'hidden by a rule');
        fs.writeFileSync(path.join(folder, 'Ünïcode naïve.md'), 'collator order');
        // Links of every kind: to a folder (sorted among folders), to a file, dangling, out of
        // the scope (left out), to a rule-hidden file (left out).
        fs.symlinkSync('Sub folder', path.join(folder, 'a link to a folder'));
        fs.symlinkSync('file-1.txt', path.join(folder, 'b link to a file'));
        fs.symlinkSync('nothing-here', path.join(folder, 'c dangling link'));
        fs.symlinkSync('../../outside-alice', path.join(folder, 'd link out of the scope'));
        fs.symlinkSync('secret.key', path.join(folder, 'e link to a hidden file'));
      },
    });
    aliceId = await createUser(server, {
      username: 'alice',
      perm: { download: true },
      rules: [{ allow: false, path: '/mixed/secret.key' }],
    });
    alice = await server.login('alice', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const get = async (url: string) => {
    const response = await server.request('GET', url, { token: alice });
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.json<Listing>();
  };
  /** A new folder time is a new cache key: the next page is read cold. */
  const makeCold = () => {
    touches += 1;
    const time = new Date(Date.UTC(2030, 0, 1) + touches * 1000);
    fs.utimesSync(path.join(server.root, 'alice', 'mixed'), time, time);
  };
  const sortBy = async (asc: boolean) => {
    const response = await server.request('PUT', `/api/users/${aliceId}`, {
      token: alice,
      body: {
        what: 'user',
        which: ['sorting'],
        data: { id: aliceId, sorting: { by: 'name', asc } },
      },
    });
    assert.equal(response.status, 200, response.text);
  };

  for (const asc of [true, false])
    it(`answers a cold page item for item as the whole listing (${asc ? 'A→Z' : 'Z→A'})`, async () => {
      await sortBy(asc);
      makeCold();
      const whole = await get('/api/resources/mixed/');
      const names = whole.items.map((item) => item.name);
      assert.ok(names.includes('a link to a folder') && names.includes('c dangling link'));
      assert.equal(names.includes('d link out of the scope'), false);
      assert.equal(names.includes('e link to a hidden file'), false);
      assert.equal(names.includes('secret.key'), false);

      for (const [offset, limit] of [
        [0, 200],
        [350, 50],
        [690, 1000],
      ] as const) {
        makeCold();
        const page = await get(`/api/resources/mixed/?offset=${offset}&limit=${limit}`);
        const label = `cold page at ${offset}`;
        assert.deepEqual(page.items, whole.items.slice(offset, offset + limit), label);
        assert.deepEqual(
          [page.total, page.numDirs, page.numFiles],
          [whole.items.length, whole.numDirs, whole.numFiles],
          label,
        );
        // The next page comes from the stats read behind the cold one.
        const next = await get(`/api/resources/mixed/?offset=${offset + limit}&limit=100`);
        assert.deepEqual(next.items, whole.items.slice(offset + limit, offset + limit + 100));
      }
    });
});
