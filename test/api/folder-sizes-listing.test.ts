// Folder totals in listings (the folderSizes preference, docs/SEARCH.md "Folder sizes"): each real
// folder item's size is what GET /api/size answers for that user, whole and paged, sorted by them;
// without the preference, or without the index, the listing is what it always was, byte for byte.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import fs from 'node:fs';
import path from 'node:path';

interface Item {
  name: string;
  path: string;
  size: number;
  isDir: boolean;
  isSymlink: boolean;
  sizeIsTotal?: boolean;
}

interface Listing {
  items: Item[];
}

/** Sizes that differ, so a total that counts what it should not (or misses something) shows. */
function fillTree(root: string): void {
  writeTree(path.join(root, 'alice'), {
    'notes.txt': 'x'.repeat(5),
    '.env': 'x'.repeat(7),
    'docs/a.txt': 'x'.repeat(10),
    'docs/b.secret': 'x'.repeat(1000),
    'docs/.draft': 'x'.repeat(2000),
    'docs/sub/c.txt': 'x'.repeat(30),
    'private/p.txt': 'x'.repeat(100),
    'photos/cat.jpg': 'x'.repeat(400),
    'photos/trip/d.jpg': 'x'.repeat(50),
    '.hidden-folder/x.txt': 'x'.repeat(9),
    'empty/': '',
    // By name a, b, c, d; by total d (0), b (1), c (200), a (3000); files 5 and 500.
    'sorted/a-big/f.bin': 'x'.repeat(3000),
    'sorted/b-small/f.bin': 'x',
    'sorted/c-mid/f.bin': 'x'.repeat(200),
    'sorted/d-empty/': '',
    'sorted/x.txt': 'x'.repeat(500),
    'sorted/y.txt': 'x'.repeat(5),
  });
  const alice = path.join(root, 'alice');
  // Links are counted by /api/size but never sized, and a folder behind one is never totalled.
  fs.symlinkSync('docs', path.join(alice, 'link-to-docs'));
  fs.symlinkSync('../notes.txt', path.join(alice, 'photos', 'link-to-notes'));
}

/** Alice's rules and hidden dotfiles change what her totals count; carol sees everything. */
async function addUsers(server: TestServer): Promise<Map<string, { id: number; token: string }>> {
  const users = new Map<string, { id: number; token: string }>();
  const aliceId = await createUser(server, {
    username: 'alice',
    perm: { create: true, download: true },
    hideDotfiles: true,
    rules: [
      { allow: false, path: '/private' },
      { allow: false, path: '', regex: true, regexp: { raw: '\\.secret$' } },
    ],
  });
  users.set('alice', { id: aliceId, token: await server.login('alice', userPassword) });
  const carolId = await createUser(server, { username: 'carol', scope: '/' });
  users.set('carol', { id: carolId, token: await server.login('carol', userPassword) });
  return users;
}

describe('folder sizes in listings', () => {
  let indexed: TestServer;
  let walked: TestServer;
  let users: Map<string, { id: number; token: string }>;
  let walkedUsers: Map<string, { id: number; token: string }>;

  const tokenOf = (username: string) => users.get(username)?.token ?? '';

  async function setPreferences(
    server: TestServer,
    who: { id: number; token: string } | undefined,
    data: Record<string, unknown>,
  ): Promise<void> {
    assert.ok(who);
    const response = await server.request('PUT', `/api/users/${who.id}`, {
      token: who.token,
      body: { what: 'user', which: Object.keys(data), data: { id: who.id, ...data } },
    });
    assert.equal(response.status, 200, response.text);
  }

  async function listing(server: TestServer, token: string, url: string): Promise<string> {
    const response = await server.request('GET', url, { token });
    assert.equal(response.status, 200, response.text);
    return response.text;
  }

  async function totalOf(username: string, folder: string): Promise<number> {
    const response = await indexed.request('GET', `/api/size${folder}`, {
      token: tokenOf(username),
    });
    assert.equal(response.status, 200, `${folder}: ${response.text}`);
    return response.json<{ size: number }>().size;
  }

  before(async () => {
    [indexed, walked] = await Promise.all([
      startServer({ setup: fillTree }),
      startServer({ setup: fillTree, args: ['--disable-search-index'] }),
    ]);
    [users, walkedUsers] = await Promise.all([addUsers(indexed), addUsers(walked)]);
    await eventually(
      async () =>
        (await indexed.request('GET', '/api/size/', { token: tokenOf('carol') })).headers[
          'x-size-from'
        ] === 'index',
      'the index has read every size',
    );
  });
  after(async () => {
    for (const server of [indexed, walked]) {
      await server.stop();
      removeDir(server.dir);
    }
  });

  it('is off for a new user, and round-trips through PUT and GET /api/users/{id}', async () => {
    const alice = users.get('alice');
    const read = async () =>
      (await indexed.request('GET', `/api/users/${alice?.id}`, { token: tokenOf('alice') })).json<{
        folderSizes: boolean;
      }>().folderSizes;
    assert.equal(await read(), false);
    await setPreferences(indexed, alice, { folderSizes: true });
    assert.equal(await read(), true);
    await setPreferences(indexed, alice, { folderSizes: false });
    assert.equal(await read(), false);
  });

  it('gives no folder a total while the preference is off, and changes no byte', async () => {
    const alice = users.get('alice');
    const urls = ['/api/resources/', '/api/resources/?offset=0&limit=1000', '/api/resources/docs/'];
    const before = await Promise.all(urls.map((url) => listing(indexed, tokenOf('alice'), url)));
    for (const text of before) assert.doesNotMatch(text, /sizeIsTotal/);
    await setPreferences(indexed, alice, { folderSizes: true });
    const on = await listing(indexed, tokenOf('alice'), urls[0] ?? '');
    assert.match(on, /"sizeIsTotal":true/, 'the preference on gives totals');
    await setPreferences(indexed, alice, { folderSizes: false });
    const after = await Promise.all(urls.map((url) => listing(indexed, tokenOf('alice'), url)));
    assert.deepEqual(after, before);
  });

  it('gives each real folder the total /api/size gives that user, whole and paged', async () => {
    const cases = [
      ['alice', '/'],
      ['alice', '/docs/'],
      ['alice', '/sorted/'],
      ['carol', '/'],
      ['carol', '/alice/'],
    ] as const;
    let totalled = 0;
    for (const [username, folder] of cases) {
      await setPreferences(indexed, users.get(username), { folderSizes: true });
      for (const query of ['', '?offset=0&limit=1000', '?offset=1&limit=2']) {
        const label = `${username} ${folder}${query}`;
        const text = await listing(indexed, tokenOf(username), `/api/resources${folder}${query}`);
        for (const item of (JSON.parse(text) as Listing).items) {
          if (!item.isDir || item.isSymlink) {
            assert.equal(item.sizeIsTotal, undefined, `${label}: ${item.name} has no total`);
            continue;
          }
          assert.equal(item.sizeIsTotal, true, `${label}: ${item.name}`);
          assert.equal(item.size, await totalOf(username, item.path), `${label}: ${item.name}`);
          totalled += 1;
        }
      }
      await setPreferences(indexed, users.get(username), { folderSizes: false });
    }
    assert.ok(totalled >= 20, `${totalled} totals compared`);
    // The rules and the hidden dotfiles count for alice: her docs hold a.txt and sub/c.txt only.
    assert.equal(await totalOf('alice', '/docs'), 40);
    assert.equal(await totalOf('carol', '/alice/docs'), 3040);
  });

  it('gives none inside a folder reached through a link', async () => {
    await setPreferences(indexed, users.get('alice'), { folderSizes: true });
    try {
      const text = await listing(indexed, tokenOf('alice'), '/api/resources/link-to-docs/');
      assert.ok((JSON.parse(text) as Listing).items.some((item) => item.name === 'sub'));
      assert.doesNotMatch(text, /sizeIsTotal/);
    } finally {
      await setPreferences(indexed, users.get('alice'), { folderSizes: false });
    }
  });

  it('sorts folders by their totals when sorted by size, whole and page by page', async () => {
    const alice = users.get('alice');
    const namesOf = (text: string) => (JSON.parse(text) as Listing).items.map((item) => item.name);
    const pagesOf = async () => {
      const names: string[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const url = `/api/resources/sorted/?offset=${offset}&limit=2`;
        names.push(...namesOf(await listing(indexed, tokenOf('alice'), url)));
      }
      return names;
    };
    await setPreferences(indexed, alice, {
      folderSizes: true,
      sorting: { by: 'size', asc: true },
    });
    try {
      const ascending = ['d-empty', 'b-small', 'c-mid', 'a-big', 'y.txt', 'x.txt'];
      assert.deepEqual(await pagesOf(), ascending);
      const whole = await listing(indexed, tokenOf('alice'), '/api/resources/sorted/');
      assert.deepEqual(namesOf(whole), ascending);
      await setPreferences(indexed, alice, { sorting: { by: 'size', asc: false } });
      // Descending, the files come first as they always did, then the folders, largest first.
      assert.deepEqual(await pagesOf(), ['x.txt', 'y.txt', 'a-big', 'c-mid', 'b-small', 'd-empty']);
    } finally {
      await setPreferences(indexed, alice, {
        folderSizes: false,
        sorting: { by: 'name', asc: true },
      });
    }
  });

  it('follows uploads into a subfolder and into a new one at the next listing', async () => {
    await setPreferences(indexed, users.get('alice'), { folderSizes: true });
    try {
      const docsSize = async () => {
        const text = await listing(indexed, tokenOf('alice'), '/api/resources/?offset=0&limit=50');
        return (JSON.parse(text) as Listing).items.find((item) => item.name === 'docs')?.size;
      };
      assert.equal(await docsSize(), 40);
      const upload = await indexed.request('POST', '/api/resources/docs/sub/new.bin', {
        token: tokenOf('alice'),
        rawBody: 'x'.repeat(123),
      });
      assert.equal(upload.status, 200, upload.text);
      assert.equal(await docsSize(), 163);
      assert.equal(await totalOf('alice', '/docs'), 163);
      // Into a folder the upload makes: its files' sizes are read by the index's size pass.
      const intoNew = await indexed.request('POST', '/api/resources/docs/fresh/n.bin', {
        token: tokenOf('alice'),
        rawBody: 'x'.repeat(77),
      });
      assert.equal(intoNew.status, 200, intoNew.text);
      assert.equal(await docsSize(), 240);
    } finally {
      await setPreferences(indexed, users.get('alice'), { folderSizes: false });
    }
  });

  it('gives no totals while the index is off: the listing is the same as without', async () => {
    const alice = walkedUsers.get('alice');
    const urls = ['/api/resources/', '/api/resources/?offset=0&limit=1000'];
    const off = await Promise.all(urls.map((url) => listing(walked, alice?.token ?? '', url)));
    await setPreferences(walked, alice, { folderSizes: true });
    const on = await Promise.all(urls.map((url) => listing(walked, alice?.token ?? '', url)));
    assert.deepEqual(on, off);
    for (const text of on) assert.doesNotMatch(text, /sizeIsTotal/);
  });
});
