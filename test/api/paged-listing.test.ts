// GET /api/resources/<folder>/?offset=&limit=: slices of the sorted listing with the total, for every sorting, within scope and rules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword } from '../helpers/fixtures';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Item {
  name: string;
  path: string;
  isDir: boolean;
}
interface Listing {
  name: string;
  path: string;
  items: Item[];
  numDirs: number;
  numFiles: number;
  sorting: { by: string; asc: boolean };
  offset?: number;
  total?: number;
}

const files = 2_500;
const folders = 30;

describe('paged listings', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceId: number;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        const many = path.join(root, 'alice', 'many');
        fs.mkdirSync(many, { recursive: true });
        for (let index = 0; index < files; index += 1) {
          const file = path.join(many, `file-${index}.txt`);
          fs.writeFileSync(file, 'x'.repeat((index * 7) % 50));
          const time = 1_600_000_000 + ((index * 7919) % files) * 60;
          fs.utimesSync(file, time, time);
        }
        for (let index = 0; index < folders; index += 1)
          fs.mkdirSync(path.join(many, `Folder ${index}`));
        fs.writeFileSync(path.join(many, 'secret.key'), 'private');
        fs.writeFileSync(path.join(many, 'notes.global-hidden'), 'later hidden by a global rule');
        fs.mkdirSync(path.join(root, 'bob', 'many'), { recursive: true });
        fs.writeFileSync(path.join(root, 'bob', 'many', 'only-bob.txt'), 'bob');
      },
    });
    admin = await server.adminToken();
    aliceId = await createUser(server, {
      username: 'alice',
      perm: { download: true },
      rules: [{ allow: false, path: '/many/secret.key' }],
    });
    await createUser(server, { username: 'bob', perm: { download: true } });
    alice = await server.login('alice', userPassword);
    bob = await server.login('bob', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const get = async (url: string, token = alice) => {
    const response = await server.request('GET', url, { token });
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.json<Listing>();
  };
  const setSorting = async (by: string, asc: boolean) => {
    const response = await server.request('PUT', `/api/users/${aliceId}`, {
      token: alice,
      body: { what: 'user', which: ['sorting'], data: { id: aliceId, sorting: { by, asc } } },
    });
    assert.equal(response.status, 200, response.text);
  };
  const allPages = async (limit: number, token = alice) => {
    const names: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await get(`/api/resources/many/?offset=${offset}&limit=${limit}`, token);
      names.push(...page.items.map((item) => item.name));
      if (offset + limit >= (page.total ?? 0)) return { names, last: page };
    }
  };

  const visible = files + folders + 1; // every file and folder, the global-hidden notes, not secret.key

  for (const [by, asc] of [
    ['name', true],
    ['name', false],
    ['size', true],
    ['size', false],
    ['modified', true],
    ['modified', false],
  ] as const)
    it(`pages through the same order as the whole listing (${by}, ${asc ? 'asc' : 'desc'})`, async () => {
      await setSorting(by, asc);
      const whole = await get('/api/resources/many/');
      assert.equal(whole.items.length, visible);
      const { names, last } = await allPages(1000);
      assert.deepEqual(
        names,
        whole.items.map((item) => item.name),
      );
      assert.equal(last.total, visible);
      assert.equal(last.numDirs, folders);
      assert.equal(last.numFiles, files + 1);
      assert.deepEqual(last.sorting, { by, asc });
      // A small page from the middle is the same slice.
      const middle = await get('/api/resources/many/?offset=1234&limit=7');
      assert.equal(middle.offset, 1234);
      assert.deepEqual(
        middle.items.map((item) => item.name),
        whole.items.slice(1234, 1241).map((item) => item.name),
      );
    });

  it('answers the folder’s fields, the slice, the counts and the total', async () => {
    await setSorting('name', true);
    const page = await get('/api/resources/many/?offset=0&limit=200');
    assert.equal(page.name, 'many');
    assert.equal(page.path, '/many');
    assert.equal(page.items.length, 200);
    assert.equal(page.offset, 0);
    assert.equal(page.total, visible);
    assert.ok(
      page.items.slice(0, folders).every((item) => item.isDir),
      'folders first',
    );
    assert.equal(page.items[0]?.path, '/many/Folder 0');
    const onlyOffset = await get('/api/resources/many/?offset=10');
    assert.equal(onlyOffset.items.length, 200, 'the default limit');
    assert.equal(onlyOffset.items[0]?.name, page.items[10]?.name);
  });

  it('answers no items past the end, with the total', async () => {
    const page = await get('/api/resources/many/?offset=100000&limit=50');
    assert.deepEqual(page.items, []);
    assert.equal(page.total, visible);
    const tail = await get(`/api/resources/many/?offset=${visible - 3}&limit=50`);
    assert.equal(tail.items.length, 3);
  });

  for (const query of [
    'offset=-1',
    'offset=abc',
    'offset=1.5',
    'offset=',
    'limit=0',
    'limit=1001',
    'limit=1e3',
    'offset=0&limit=99999999999999999',
  ])
    it(`refuses ${query} with 400 and JSON`, async () => {
      const response = await server.request('GET', `/api/resources/many/?${query}`, {
        token: alice,
      });
      assert.equal(response.status, 400, response.text);
      const body = response.json<{ code: string; message: string }>();
      assert.equal(body.code, 'request.invalid');
      assert.equal(typeof body.message, 'string');
    });

  it('keeps the whole listing File Browser’s: no paging fields, every item', async () => {
    const response = await server.request('GET', '/api/resources/many/', { token: alice });
    assert.equal(response.status, 200);
    const body = response.json<Record<string, unknown>>();
    assert.deepEqual(Object.keys(body), [
      'path',
      'name',
      'size',
      'extension',
      'modified',
      'mode',
      'isDir',
      'isSymlink',
      'type',
      'items',
      'numDirs',
      'numFiles',
      'sorting',
    ]);
    assert.equal((body.items as unknown[]).length, visible);
  });

  it('never shows another user’s entries, even right after they were paged', async () => {
    await get('/api/resources/many/?offset=0&limit=10');
    const page = await get('/api/resources/many/?offset=0&limit=10', bob);
    assert.deepEqual(
      page.items.map((item) => item.name),
      ['only-bob.txt'],
    );
    assert.equal(page.total, 1);
    const file = await server.request('GET', '/api/resources/many/file-1.txt?offset=0', {
      token: bob,
    });
    assert.equal(file.status, 404);
  });

  it('never shows rule-hidden entries, and a changed rule applies at once', async () => {
    const names = async () => (await allPages(1000)).names;
    assert.equal((await names()).includes('secret.key'), false);
    assert.equal((await names()).includes('notes.global-hidden'), true);
    const put = await server.request('PUT', '/api/settings', {
      token: admin,
      body: {
        rules: [{ regex: true, allow: false, path: '', regexp: { raw: '\\.global-hidden$' } }],
      },
    });
    assert.equal(put.status, 200, put.text);
    const afterGlobal = await names();
    assert.equal(afterGlobal.includes('notes.global-hidden'), false, 'the global rule applies');
    assert.equal(afterGlobal.length, visible - 1);
    const user = await server.request('PUT', `/api/users/${aliceId}`, {
      token: admin,
      body: {
        what: 'user',
        which: ['rules'],
        data: { id: aliceId, rules: [{ allow: false, path: '/many/file-1.txt', regex: false }] },
        current_password: adminPassword,
      },
    });
    assert.equal(user.status, 200, user.text);
    alice = await server.login('alice', userPassword);
    const afterUser = await names();
    assert.equal(afterUser.includes('file-1.txt'), false, 'the user’s new rule applies');
    assert.equal(afterUser.includes('secret.key'), true, 'the user’s old rule is gone');
  });

  it('shows entries added to the folder at once', async () => {
    await get('/api/resources/many/?offset=0&limit=10');
    fs.writeFileSync(path.join(server.root, 'alice', 'many', '0-new.txt'), 'new');
    const page = await get('/api/resources/many/?offset=0&limit=1000');
    assert.ok(page.items.some((item) => item.name === '0-new.txt'));
  });
});
