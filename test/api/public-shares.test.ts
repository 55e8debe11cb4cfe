// Anonymous share access through real HTTP: confinement, the owner's live rights, expiry, downloads.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

const password = 'password-for-share-tests';
const fullPerm = {
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const denySub = { allow: false, path: '/pub/private-sub', regex: false, regexp: null };
const canaries = ['CANARY-OUTSIDE', 'CANARY-ROOT', 'CANARY-BOB', 'CANARY-PRIVATE', 'CANARY-NOTES'];
const notFound = { code: 'share.notFound', message: 'Not found' };

interface Item {
  name: string;
  path: string;
  isDir: boolean;
  size: number;
  modified: string;
  extension: string;
  type: string;
  items?: Item[];
  numDirs?: number;
  numFiles?: number;
}

function assertClean(server: TestServer, response: TestResponse, label: string): void {
  for (const canary of canaries) assert.equal(response.text.includes(canary), false, label);
  assert.equal(response.text.includes(server.root), false, label);
  assert.equal(/alice|frank/.test(response.text), false, `${label}: no owner names`);
}

describe('public share access', () => {
  let server: TestServer;
  let admin: string;
  let aliceId: number;
  let alice: string;
  let fileHash: string;
  let folderHash: string;

  const createUser = async (username: string, scope: string, rules: unknown[] = []) => {
    const response = await server.request('POST', '/api/users', {
      token: admin,
      body: {
        what: 'user',
        which: [],
        data: { username, password, scope, perm: fullPerm, rules },
        current_password: adminPassword,
      },
    });
    assert.equal(response.status, 201, response.text);
    return response.json<{ id: number }>().id;
  };
  const share = async (token: string, target: string) => {
    const response = await server.request('POST', `/api/share${target}`, { token });
    assert.equal(response.status, 200, response.text);
    return response.json<{ hash: string }>().hash;
  };
  const updateAlice = async (which: string, data: Record<string, unknown>) => {
    const response = await server.request('PUT', `/api/users/${aliceId}`, {
      token: admin,
      body: {
        what: 'user',
        which: [which],
        data: { id: aliceId, ...data },
        current_password: adminPassword,
      },
    });
    assert.equal(response.status, 200, response.text);
  };
  const get = (url: string) => server.request('GET', url);

  before(async () => {
    server = await startServer({
      setup(root) {
        const outside = path.join(root, '..', 'outside');
        fs.mkdirSync(outside, { recursive: true });
        fs.writeFileSync(path.join(outside, 'canary.txt'), 'CANARY-OUTSIDE');
        fs.writeFileSync(path.join(root, 'secret-root.txt'), 'CANARY-ROOT');
        for (const folder of ['alice/pub/sub', 'alice/pub/private-sub', 'bob', 'frank'])
          fs.mkdirSync(path.join(root, folder), { recursive: true });
        fs.writeFileSync(path.join(root, 'alice/notes.txt'), 'CANARY-NOTES');
        fs.writeFileSync(path.join(root, 'alice/pub/a.txt'), 'AAA');
        fs.writeFileSync(path.join(root, 'alice/pub/b.txt'), 'BBB');
        fs.writeFileSync(path.join(root, 'alice/pub/sub/c.txt'), 'CCC');
        fs.writeFileSync(path.join(root, 'alice/pub/private-sub/x.txt'), 'CANARY-PRIVATE');
        fs.writeFileSync(path.join(root, 'bob/b.txt'), 'CANARY-BOB');
        fs.writeFileSync(path.join(root, 'frank/f.txt'), 'FFF');
        fs.symlinkSync('../../bob', path.join(root, 'alice/pub/evil'));
        fs.symlinkSync(path.join(outside, 'canary.txt'), path.join(root, 'alice/pub/out.txt'));
        fs.symlinkSync('../notes.txt', path.join(root, 'alice/pub/ok-link'));
        fs.symlinkSync('a.txt', path.join(root, 'alice/pub/inner-link'));
      },
    });
    admin = await server.adminToken();
    aliceId = await createUser('alice', '/alice', [denySub]);
    alice = await server.login('alice', password);
    fileHash = await share(alice, '/pub/a.txt');
    folderHash = await share(alice, '/pub/');
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('shows a file share as one item with a share-relative path of ""', async () => {
    for (const url of [`/api/public/share/${fileHash}`, `/api/public/share/${fileHash}/a.txt`]) {
      const response = await get(url);
      assert.equal(response.status, 200, url);
      const item = response.json<Item>();
      assert.deepEqual(
        { ...item, modified: '' },
        {
          name: 'a.txt',
          path: '',
          isDir: false,
          isSymlink: false,
          size: 3,
          modified: '',
          extension: '.txt',
          type: 'text',
          kind: 'download',
          expire: 0,
        },
      );
      assert.match(item.modified, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
      assertClean(server, response, url);
    }
  });

  it('confines a file share to that file', async () => {
    for (const sub of ['/b.txt', '/../b.txt', '/a.txt/../b.txt', '/a.txt/x', '/%2e%2e/notes.txt']) {
      for (const route of ['share', 'dl']) {
        const response = await get(`/api/public/${route}/${fileHash}${sub}`);
        assert.equal(response.status, 404, `${route} ${sub}`);
        assertClean(server, response, sub);
      }
    }
    const selection = await get(`/api/public/dl/${fileHash}?files=..%2Fb.txt`);
    assert.equal(selection.status, 404);
  });

  it('downloads a shared file as an attachment with safe headers', async () => {
    for (const url of [`/api/public/dl/${fileHash}`, `/api/public/dl/${fileHash}/a.txt`]) {
      const response = await get(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.text, 'AAA');
      assert.match(String(response.headers['content-disposition']), /^attachment;/);
      assert.match(String(response.headers['content-disposition']), /filename\*=UTF-8''a\.txt/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.match(String(response.headers['content-security-policy']), /sandbox/);
    }
  });

  it('lists a folder share, hiding rule-denied entries and links leaving the share', async () => {
    const response = await get(`/api/public/share/${folderHash}`);
    assert.equal(response.status, 200);
    const folder = response.json<Item>();
    assert.equal(folder.name, 'pub');
    assert.equal(folder.path, '/');
    assert.equal(folder.isDir, true);
    assert.deepEqual(
      folder.items?.map((item) => [item.name, item.path, item.isDir]),
      [
        ['sub', '/sub', true],
        ['a.txt', '/a.txt', false],
        ['b.txt', '/b.txt', false],
        ['inner-link', '/inner-link', false],
      ],
    );
    assert.equal(folder.numDirs, 1);
    assert.equal(folder.numFiles, 3);
    assertClean(server, response, 'root listing');

    const sub = (await get(`/api/public/share/${folderHash}/sub/`)).json<Item>();
    assert.equal(sub.path, '/sub');
    assert.deepEqual(
      sub.items?.map((item) => item.path),
      ['/sub/c.txt'],
    );
    const file = (await get(`/api/public/share/${folderHash}/sub/c.txt`)).json<Item>();
    assert.equal(file.path, '/sub/c.txt');
    assert.equal(file.isDir, false);
    const inside = await get(`/api/public/dl/${folderHash}/inner-link`);
    assert.equal(inside.text, 'AAA');
  });

  it('never leaves a folder share, whatever the spelling of the sub-path', async () => {
    const subs = [
      '/../notes.txt',
      '/../../secret-root.txt',
      '/%2e%2e/%2e%2e/secret-root.txt',
      '/%2E%2E%2Fnotes.txt',
      '/..%2f..%2fsecret-root.txt',
      '/..%2fnotes.txt',
      '/sub/../../notes.txt',
      '/.%2e/notes.txt',
      '/..\\notes.txt',
      '/%5c..%5cnotes.txt',
      '/private-sub',
      '/private-sub/x.txt',
      '/./private-sub//x.txt',
      '/sub/../private-sub/x.txt',
      '/evil',
      '/evil/b.txt',
      '/out.txt',
      '/ok-link',
      '/missing.txt',
    ];
    for (const sub of subs)
      for (const route of ['share', 'dl']) {
        const response = await get(`/api/public/${route}/${folderHash}${sub}`);
        assert.equal(response.status, 404, `${route} ${sub}: ${response.text}`);
        assert.deepEqual(response.json(), notFound);
        assertClean(server, response, sub);
      }
    for (const hashPart of [`..%2f${folderHash}`, `${folderHash}%2f..%2fnotes.txt`, '..', '.'])
      assert.equal((await get(`/api/public/share/${hashPart}`)).status, 404, hashPart);
    const badEncoding = await get(`/api/public/share/${folderHash}/%zz`);
    assert.equal(badEncoding.status, 400);
    assert.equal((await get(`/api/public/share/${folderHash}/a%00.txt`)).status, 400);
  });

  it('archives a folder share without denied entries, escaping links or files outside it', async () => {
    const response = await get(`/api/public/dl/${folderHash}?algo=tar`);
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-disposition']), /filename\*=UTF-8''pub\.tar/);
    for (const content of ['AAA', 'BBB', 'CCC']) assert.ok(response.text.includes(content));
    assertClean(server, response, 'archive');
    for (const files of [
      '..%252Fnotes.txt',
      '../notes.txt',
      'sub%252F..%252F..%252Fnotes.txt',
      'a.txt,../notes.txt',
      'private-sub',
      'evil',
    ]) {
      const selection = await get(`/api/public/dl/${folderHash}/?algo=tar&files=${files}`);
      assert.equal(selection.status, 404, files);
      assertClean(server, selection, files);
    }
    const fine = await get(`/api/public/dl/${folderHash}/?algo=tar&files=a.txt,sub`);
    assert.equal(fine.status, 200);
    assert.ok(fine.text.includes('CCC'));
  });

  it('answers an expired link 410 (its grace period), unknown ones 404, none with content', async () => {
    // Expiry is kept in whole seconds, so a 2-second link lives between 1 and 2 seconds.
    const expiring = await server.request('POST', '/api/share/pub/b.txt?expires=2&unit=seconds', {
      token: alice,
    });
    const expiredHash = expiring.json<{ hash: string }>().hash;
    assert.equal((await get(`/api/public/share/${expiredHash}`)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const unknownHash = Buffer.alloc(18, 7).toString('base64url');
    for (const route of ['share', 'dl', 'preview/thumb']) {
      const response = await get(`/api/public/${route}/${expiredHash}`);
      assert.equal(response.status, 410, `${route} ${expiredHash}`);
      assert.deepEqual(response.json(), { code: 'share.gone', message: 'this link has expired' });
    }
    for (const hash of [unknownHash, '<script>', 'x'.repeat(200)])
      for (const route of ['share', 'dl']) {
        const response = await get(`/api/public/${route}/${hash}`);
        assert.equal(response.status, 404, `${route} ${hash}`);
        assert.deepEqual(response.json(), notFound);
      }
  });

  it("checks the owner's current permissions at every access", async () => {
    assert.equal((await get(`/api/public/share/${fileHash}`)).status, 200);
    await updateAlice('perm', { perm: { ...fullPerm, share: false } });
    for (const url of [
      `/api/public/share/${fileHash}`,
      `/api/public/dl/${fileHash}`,
      `/api/public/share/${folderHash}`,
      `/api/public/dl/${folderHash}/a.txt`,
    ])
      assert.equal((await get(url)).status, 404, url);
    await updateAlice('perm', { perm: { ...fullPerm, share: false, download: false } });
    assert.equal((await get(`/api/public/dl/${fileHash}`)).status, 404);
    await updateAlice('perm', { perm: fullPerm });
    assert.equal((await get(`/api/public/dl/${fileHash}`)).status, 200, 'restored rights work');
  });

  it('applies rules the owner gets after sharing, to the item and inside folders', async () => {
    const denyA = { allow: false, path: '/pub/a.txt', regex: false, regexp: null };
    await updateAlice('rules', { rules: [denySub, denyA] });
    assert.equal((await get(`/api/public/share/${fileHash}`)).status, 404);
    assert.equal((await get(`/api/public/dl/${folderHash}/a.txt`)).status, 404);
    // The link is allowed by name, but leads to the denied file.
    assert.equal((await get(`/api/public/dl/${folderHash}/inner-link`)).status, 404);
    const listing = (await get(`/api/public/share/${folderHash}`)).json<Item>();
    assert.deepEqual(
      listing.items?.map((item) => item.name),
      ['sub', 'b.txt'],
    );
    const denyAll = { allow: false, path: '/pub', regex: false, regexp: null };
    await updateAlice('rules', { rules: [denyAll] });
    assert.equal((await get(`/api/public/share/${folderHash}`)).status, 404);
    assert.equal((await get(`/api/public/dl/${folderHash}?algo=tar`)).status, 404);
    await updateAlice('rules', { rules: [denySub] });
    assert.equal((await get(`/api/public/share/${fileHash}`)).status, 200);
  });

  it('ends every link of a deleted owner', async () => {
    const frankId = await createUser('frank', '/frank');
    const frank = await server.login('frank', password);
    const hash = await share(frank, '/f.txt');
    assert.equal((await get(`/api/public/dl/${hash}`)).text, 'FFF');
    const deleted = await server.request('DELETE', `/api/users/${frankId}`, {
      token: admin,
      body: { current_password: adminPassword },
    });
    assert.equal(deleted.status, 200);
    assert.deepEqual((await get(`/api/public/share/${hash}`)).json(), notFound);
    assert.equal((await get(`/api/public/dl/${hash}`)).status, 404);
  });

  it('shows a whole-scope share without naming the owner or the home folder', async () => {
    const hash = await share(alice, '/');
    const response = await get(`/api/public/share/${hash}`);
    assert.equal(response.status, 200);
    const folder = response.json<Item>();
    assert.equal(folder.name, '');
    assert.deepEqual(
      folder.items?.map((item) => item.name),
      ['pub', 'notes.txt'],
    );
    const archive = await get(`/api/public/dl/${hash}/pub/sub?algo=tar`);
    assert.equal(archive.status, 200);
    const whole = await get(`/api/public/dl/${hash}?algo=tar`);
    assert.match(String(whole.headers['content-disposition']), /filename\*=UTF-8''share\.tar/);
    assert.equal(String(whole.headers['content-disposition']).includes('alice'), false);
  });

  it('takes GET only and needs no login', async () => {
    const post = await server.request('POST', `/api/public/share/${fileHash}`);
    assert.equal(post.status, 405);
    const deleted = await server.request('DELETE', `/api/public/dl/${fileHash}`);
    assert.equal(deleted.status, 405);
    const staleToken = await server.request('GET', `/api/public/share/${fileHash}`, {
      headers: { 'x-auth': 'not-a-token' },
    });
    assert.equal(staleToken.status, 200);
  });
});
