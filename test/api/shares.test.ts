// Share link management through real HTTP: create, list, delete, expiry, ownership and the gate
// (password links: password-shares.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Share {
  hash: string;
  path: string;
  userID: number;
  expire: number;
  hasPassword: boolean;
  created: number;
  username?: string;
}

const password = 'password-for-share-tests';
const full = {
  share: true,
  download: true,
  create: true,
  modify: true,
  delete: true,
  rename: true,
};

async function createUser(
  server: TestServer,
  username: string,
  scope: string,
  perm: Record<string, boolean>,
  rules: unknown[] = [],
): Promise<{ id: number; token: string }> {
  const response = await server.request('POST', '/api/users', {
    token: await server.adminToken(),
    body: {
      what: 'user',
      which: [],
      data: { username, password, scope, perm, rules },
      current_password: adminPassword,
    },
  });
  assert.equal(response.status, 201, response.text);
  return { id: response.json<{ id: number }>().id, token: await server.login(username, password) };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('share links', () => {
  let server: TestServer;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let noShare: { id: number; token: string };
  let noDownload: { id: number; token: string };

  before(async () => {
    server = await startServer({
      // File Browser's way: an expired link is deleted at once (grace periods: share-kinds.test.ts).
      args: ['--share-grace', '0'],
      setup(root) {
        const outside = path.join(root, '..', 'outside');
        fs.mkdirSync(outside, { recursive: true });
        fs.writeFileSync(path.join(outside, 'canary.txt'), 'CANARY-OUTSIDE');
        for (const folder of ['alice/pub', 'alice/private', 'alice/hidden', 'alice/timed', 'bob'])
          fs.mkdirSync(path.join(root, folder), { recursive: true });
        fs.writeFileSync(path.join(root, 'alice/pub/a.txt'), 'A');
        fs.writeFileSync(path.join(root, 'alice/pub/b.txt'), 'B');
        fs.writeFileSync(path.join(root, 'alice/private/p.txt'), 'CANARY-PRIVATE');
        fs.writeFileSync(path.join(root, 'alice/timed/t.txt'), 'T');
        fs.writeFileSync(path.join(root, 'bob/b.txt'), 'CANARY-BOB');
        fs.symlinkSync(path.join(outside, 'canary.txt'), path.join(root, 'alice/ln-out'));
        fs.symlinkSync('../bob', path.join(root, 'alice/ln-dir'));
      },
    });
    const denyPrivate = { allow: false, path: '/private', regex: false, regexp: null };
    alice = await createUser(server, 'alice', '/alice', full, [denyPrivate]);
    bob = await createUser(server, 'bob', '/bob', full);
    noShare = await createUser(server, 'noshare', '/alice', { ...full, share: false });
    noDownload = await createUser(server, 'nodownload', '/alice', {
      ...full,
      share: false,
      download: false,
    });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const post = (token: string, url: string, body?: unknown) =>
    server.request('POST', url, { token, ...(body === undefined ? {} : { body }) });

  it('creates a permanent link with a long random hash and the canonical path', async () => {
    const response = await post(alice.token, '/api/share/pub//./a.txt');
    assert.equal(response.status, 200, response.text);
    const share = response.json<Share>();
    assert.match(share.hash, /^[A-Za-z0-9_-]{24}$/);
    assert.ok(Math.abs(share.created - Date.now() / 1000) < 60, 'created now');
    assert.deepEqual(
      { ...share, hash: '', created: 0 },
      {
        hash: '',
        path: '/pub/a.txt',
        userID: alice.id,
        expire: 0,
        hasPassword: false,
        kind: 'download',
        created: 0,
        status: 'active',
        downloads: 0,
        maxDownloads: 0,
        maxUploadBytes: 0,
        uploadedBytes: 0,
      },
    );
  });

  it('keeps one permanent link per path and owner, however it is asked for', async () => {
    const first = (await post(alice.token, '/api/share/pub/b.txt')).json<Share>();
    const again = [
      await post(alice.token, '/api/share/pub/b.txt'),
      await post(alice.token, '/api/share/pub/b.txt?expires=&unit=hours'),
      await post(alice.token, '/api/share/pub/b.txt', { password: '', expires: '', unit: 'hours' }),
      await post(alice.token, '/api/share/pub/b.txt', {}),
      await post(alice.token, '/api/share/pub/b.txt?expires=0&unit=days'),
    ];
    for (const response of again) {
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json<Share>().hash, first.hash);
    }
    const list = (await server.request('GET', '/api/share/pub/b.txt', { token: alice.token })).json<
      Share[]
    >();
    assert.equal(list.filter((share) => share.expire === 0).length, 1);
  });

  it('never creates two permanent links under concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => post(alice.token, '/api/share/timed')),
    );
    for (const response of responses) assert.equal(response.status, 200, response.text);
    const hashes = new Set(responses.map((response) => response.json<Share>().hash));
    assert.equal(hashes.size, 1);
  });

  it('computes the expiry for every unit from the query or the body', async () => {
    const cases: [string, unknown, number][] = [
      ['?expires=10&unit=seconds', undefined, 10],
      ['?expires=10&unit=minutes', undefined, 600],
      ['?expires=10&unit=hours', undefined, 36_000],
      ['?expires=10&unit=days', undefined, 864_000],
      ['?expires=3', undefined, 10_800],
      ['', { expires: '2', unit: 'minutes' }, 120],
      ['', { expires: '5' }, 18_000],
      ['?expires=99&unit=days', { expires: '1', unit: 'seconds' }, 1],
      ['?expires=2147483647&unit=days', undefined, 2147483647 * 86_400],
    ];
    for (const [query, body, seconds] of cases) {
      const before = nowSeconds();
      const response = await post(alice.token, `/api/share/timed/t.txt${query}`, body);
      assert.equal(response.status, 200, `${query} ${response.text}`);
      const share = response.json<Share>();
      assert.ok(
        share.expire >= before + seconds && share.expire <= nowSeconds() + seconds,
        `${query} ${JSON.stringify(body)}: ${share.expire - before} vs ${seconds}`,
      );
    }
  });

  it('refuses an expiry out of range or not a whole number, and unknown units', async () => {
    const bad = [
      '?expires=-1',
      '?expires=2147483648',
      '?expires=99999999999',
      '?expires=1e999',
      '?expires=1e3',
      '?expires=abc',
      '?expires=1.5',
      '?expires=%201',
      '?expires=0x10',
      '?expires=5&unit=weeks',
      '?unit=fortnights',
    ];
    for (const query of bad) {
      const response = await post(alice.token, `/api/share/pub/a.txt${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.json<{ code: string }>().code, 'share.invalidExpiry', query);
    }
    for (const body of [
      { expires: '-1' },
      { expires: '1e999' },
      { expires: 'abc', unit: 'days' },
    ]) {
      const response = await post(alice.token, '/api/share/pub/a.txt', body);
      assert.equal(response.json<{ code: string }>().code, 'share.invalidExpiry');
    }
    for (const body of [{ expires: 5 }, { unit: 1 }, { hash: 'mine' }, { expires: ['1'] }]) {
      const response = await post(alice.token, '/api/share/pub/a.txt', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.json<{ code: string }>().code, 'request.invalid');
    }
  });

  it('refuses missing targets, escaping symlinks, rule-hidden paths and traversal', async () => {
    const cases: [string, number][] = [
      ['/api/share/pub/missing.txt', 404],
      ['/api/share/ln-out', 403],
      ['/api/share/ln-dir', 403],
      ['/api/share/ln-dir/b.txt', 403],
      ['/api/share/private/p.txt', 403],
      ['/api/share/private', 403],
      ['/api/share/pub/../private/p.txt', 403],
      ['/api/share/PRIVATE/p.txt', 404],
      ['/api/share/../bob/b.txt', 404],
      ['/api/share/%2e%2e/bob/b.txt', 404],
      ['/api/share/..%2fbob%2fb.txt', 404],
      ['/api/share/pub/a.txt%00', 400],
      ['/api/share/%zz', 400],
    ];
    for (const [url, status] of cases) {
      const response = await post(alice.token, url);
      assert.equal(response.status, status, `${url}: ${response.text}`);
      assert.equal(response.text.includes(server.root), false);
    }
    const mine = (await server.request('GET', '/api/shares', { token: alice.token })).json<
      Share[]
    >();
    assert.equal(
      mine.some((share) => /private|bob|ln-/.test(share.path)),
      false,
    );
  });

  it('needs both the share and the download permission for every share route', async () => {
    for (const user of [noShare, noDownload]) {
      const created = await post(user.token, '/api/share/pub/a.txt');
      assert.equal(created.status, 403);
      assert.equal((await server.request('GET', '/api/shares', { token: user.token })).status, 403);
      assert.equal(
        (await server.request('GET', '/api/share/pub/a.txt', { token: user.token })).status,
        403,
      );
    }
    for (const [method, url] of [
      ['GET', '/api/shares'],
      ['GET', '/api/share/pub/a.txt'],
      ['POST', '/api/share/pub/a.txt'],
      ['DELETE', '/api/share/abc'],
    ] as const)
      assert.equal((await server.request(method, url)).status, 401, `${method} ${url}`);
  });

  it("lists the caller's links on a path, permanent first, trailing slash ignored", async () => {
    const folder = (await post(alice.token, '/api/share/pub/')).json<Share>();
    assert.equal(folder.path, '/pub');
    const timed = (await post(alice.token, '/api/share/pub?expires=1&unit=days')).json<Share>();
    await post(bob.token, '/api/share/b.txt');
    for (const url of ['/api/share/pub', '/api/share/pub/', '/api/share//pub/.']) {
      const response = await server.request('GET', url, { token: alice.token });
      assert.equal(response.status, 200);
      assert.deepEqual(
        response.json<Share[]>().map((share) => share.hash),
        [folder.hash, timed.hash],
      );
    }
    const none = await server.request('GET', '/api/share/pub/missing.txt', { token: alice.token });
    assert.equal(none.status, 200);
    assert.deepEqual(none.json(), []);
    // Bob's link on his /b.txt is not alice's, whatever path she asks about.
    const hers = await server.request('GET', '/api/share/b.txt', { token: alice.token });
    assert.deepEqual(hers.json(), []);
    assert.equal(
      (await server.request('GET', '/api/share/private', { token: alice.token })).status,
      403,
    );
  });

  it('lists only my links, and every link with its owner for an admin', async () => {
    const mine = (await server.request('GET', '/api/shares', { token: alice.token })).json<
      Share[]
    >();
    assert.ok(mine.length > 0);
    assert.ok(mine.every((share) => share.userID === alice.id && share.username === 'alice'));
    const bobs = (await server.request('GET', '/api/shares', { token: bob.token })).json<Share[]>();
    assert.deepEqual(
      bobs.map((share) => [share.path, share.username]),
      [['/b.txt', 'bob']],
    );
    const all = await server.request('GET', '/api/shares/', { token: await server.adminToken() });
    assert.equal(all.status, 200);
    const shares = all.json<Share[]>();
    assert.equal(shares.length, mine.length + bobs.length);
    const owners = shares.map((share) => share.userID);
    assert.deepEqual(
      owners,
      [...owners].sort((a, b) => a - b),
    );
    assert.equal(all.text.includes('password'), false);
  });

  it('lets only the owner or an admin delete a link; others get the unknown answer', async () => {
    const bobShare = (await post(bob.token, '/api/share/b.txt?expires=1&unit=hours')).json<Share>();
    const aliceShare = (
      await post(alice.token, '/api/share/pub/a.txt?expires=2&unit=hours')
    ).json<Share>();
    const stolen = await server.request('DELETE', `/api/share/${bobShare.hash}`, {
      token: alice.token,
    });
    const unknown = await server.request('DELETE', `/api/share/${'x'.repeat(24)}`, {
      token: alice.token,
    });
    assert.equal(stolen.status, 404);
    assert.deepEqual(stolen.json(), unknown.json());
    const bobs = (await server.request('GET', '/api/shares', { token: bob.token })).json<Share[]>();
    assert.ok(bobs.some((share) => share.hash === bobShare.hash));

    const own = await server.request('DELETE', `/api/share/${bobShare.hash}`, { token: bob.token });
    assert.equal(own.status, 200);
    const twice = await server.request('DELETE', `/api/share/${bobShare.hash}`, {
      token: bob.token,
    });
    assert.equal(twice.status, 404);

    const byAdmin = await server.request('DELETE', `/api/share/${aliceShare.hash}`, {
      token: await server.adminToken(),
    });
    assert.equal(byAdmin.status, 200);
    const left = (await server.request('GET', '/api/shares', { token: alice.token })).json<
      Share[]
    >();
    assert.equal(
      left.some((share) => share.hash === aliceShare.hash),
      false,
    );
    assert.ok(left.length > 0, "alice's other links are untouched");

    for (const [url, status] of [
      ['/api/share/', 400],
      ['/api/share/%2e%2e', 404],
      ['/api/share/..%2f..', 404],
    ] as const)
      assert.equal(
        (await server.request('DELETE', url, { token: alice.token })).status,
        status,
        url,
      );
  });

  it('drops expired links from every listing and from deletion', async () => {
    const short = (
      await post(alice.token, '/api/share/timed?expires=1&unit=seconds')
    ).json<Share>();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const onPath = (await server.request('GET', '/api/share/timed', { token: alice.token })).json<
      Share[]
    >();
    assert.equal(
      onPath.some((share) => share.hash === short.hash),
      false,
    );
    assert.ok(onPath.some((share) => share.expire === 0));
    const all = (
      await server.request('GET', '/api/shares', { token: await server.adminToken() })
    ).json<Share[]>();
    assert.equal(
      all.some((share) => share.hash === short.hash),
      false,
    );
    const gone = await server.request('DELETE', `/api/share/${short.hash}`, { token: alice.token });
    assert.equal(gone.status, 404);
    const database = fs.readFileSync(server.database, 'utf8');
    assert.equal(database.includes(short.hash), false, 'pruned from the store');
  });

  it('draws hashes with no visible pattern', async () => {
    const hashes = new Set<string>();
    for (let index = 0; index < 40; index += 1) {
      const response = await post(alice.token, `/api/share/pub/a.txt?expires=${index + 1}`);
      hashes.add(response.json<Share>().hash);
    }
    assert.equal(hashes.size, 40);
    const joined = [...hashes].join('');
    assert.ok(new Set(joined).size > 50, 'the whole base64url alphabet is used');
    for (const hash of hashes) assert.equal(Buffer.from(hash, 'base64url').length, 18);
  });

  it('answers other methods with 405', async () => {
    const response = await server.request('PUT', '/api/share/pub/a.txt', { token: alice.token });
    assert.equal(response.status, 405);
    const shares = await server.request('POST', '/api/shares', { token: alice.token });
    assert.equal(shares.status, 405);
  });
});
