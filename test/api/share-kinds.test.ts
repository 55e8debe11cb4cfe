// View-only links, download limits, gone links and their grace period, and managing links:
// editing (PATCH /api/share/<hash>) and the admin's list filtered by user.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { RequestOptions, TestResponse, TestServer } from '../helpers/server';

interface Share {
  hash: string;
  path: string;
  userID: number;
  expire: number;
  hasPassword: boolean;
  kind: string;
  created: number;
  status: string;
  downloads: number;
  maxDownloads: number;
  maxUploadBytes: number;
  uploadedBytes: number;
  username?: string;
}

const allPerm = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const big = Buffer.from('0123456789'.repeat(100));
const graceSeconds = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('share kinds, limits and management', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let aliceId: number;
  let bobId: number;
  /** Every answer the tests saw: none may show a password or its hash. */
  const seen: TestResponse[] = [];

  const request = async (method: string, url: string, options: RequestOptions = {}) => {
    const response = await server.request(method, url, options);
    seen.push(response);
    return response;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    request('GET', url, { headers });
  const create = async (token: string, target: string, body: Record<string, unknown> = {}) => {
    const response = await request('POST', `/api/share${target}`, { token, body });
    assert.equal(response.status, 200, `${target} ${JSON.stringify(body)}: ${response.text}`);
    return response.json<Share>();
  };
  const codeOf = (response: TestResponse) => response.json<{ code: string }>().code;
  const listed = async (hash: string) => {
    const all = await request('GET', '/api/shares', { token: admin });
    return all.json<Share[]>().find((share) => share.hash === hash);
  };

  before(async () => {
    server = await startServer({
      args: ['--share-grace', `${graceSeconds}s`],
      setup(root) {
        writeTree(root, {
          'alice/pub/a.txt': 'AAA',
          'alice/pub/b.txt': 'BBB',
          'alice/pub/pic.png': makePng(64, 48),
          'alice/pub/data.bin': Buffer.from([0, 1, 2, 3]),
          'alice/pub/page.html': '<script>alert(1)</script>',
          'alice/pub/sub/c.txt': 'CCC',
          'alice/big.txt': big,
          'bob/b.txt': 'BOB',
          'carol/c.txt': 'CAROL',
        });
      },
    });
    admin = await server.adminToken();
    aliceId = await createUser(server, { username: 'alice', perm: allPerm });
    bobId = await createUser(server, { username: 'bob', perm: allPerm });
    await createUser(server, { username: 'carol', perm: { ...allPerm, share: false } });
    alice = await server.login('alice', userPassword);
    bob = await server.login('bob', userPassword);
    carol = await server.login('carol', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  describe('view-only links', () => {
    let folder: Share;
    let file: Share;
    before(async () => {
      folder = await create(alice, '/pub', { kind: 'view' });
      file = await create(alice, '/pub/a.txt', { kind: 'view' });
    });

    it('are new links of kind "view", never the permanent download link', async () => {
      const plain = await create(alice, '/pub');
      assert.equal(folder.kind, 'view');
      assert.equal(plain.kind, 'download');
      assert.notEqual(plain.hash, folder.hash);
      assert.equal((await create(alice, '/pub', { kind: 'view' })).hash === folder.hash, false);
    });

    it('list the folder and draw previews', async () => {
      const listing = await get(`/api/public/share/${folder.hash}`);
      assert.equal(listing.status, 200, listing.text);
      const body = listing.json<{ kind: string; items: { name: string }[] }>();
      assert.equal(body.kind, 'view');
      assert.deepEqual(body.items.map((item) => item.name).sort(), [
        'a.txt',
        'b.txt',
        'data.bin',
        'page.html',
        'pic.png',
        'sub',
      ]);
      assert.equal((await get(`/api/public/share/${folder.hash}/sub`)).status, 200);
      for (const size of ['thumb', 'big']) {
        const preview = await get(`/api/public/preview/${size}/${folder.hash}/pic.png`);
        assert.equal(preview.status, 200, `${size}: ${preview.text}`);
        assert.match(String(preview.headers['content-type']), /^image\//);
      }
      assert.equal(
        (await get(`/api/public/share/${file.hash}`)).json<{ kind: string }>().kind,
        'view',
      );
    });

    it('show a file inline when the browser displays its type, and nothing else', async () => {
      for (const [url, content] of [
        [`/api/public/dl/${folder.hash}/a.txt?inline=true`, 'AAA'],
        [`/api/public/dl/${folder.hash}/sub/c.txt?inline=true`, 'CCC'],
        [`/api/public/dl/${file.hash}?inline=true`, 'AAA'],
        [`/api/public/dl/${file.hash}/a.txt?inline=true`, 'AAA'],
      ] as const) {
        const response = await get(url);
        assert.equal(response.status, 200, url);
        assert.equal(response.text, content);
        assert.match(String(response.headers['content-disposition']), /^inline/);
      }
      const image = await get(`/api/public/dl/${folder.hash}/pic.png?inline=true`);
      assert.equal(image.status, 200);
      assert.match(String(image.headers['content-disposition']), /^inline/);
      // HTML is shown as text, never run.
      const html = await get(`/api/public/dl/${folder.hash}/page.html?inline=true`);
      assert.equal(html.status, 200);
      assert.match(String(html.headers['content-type']), /^text\/plain/);
    });

    it('refuse every download and archive route with 403 share.viewOnly', async () => {
      for (const url of [
        `/api/public/dl/${folder.hash}/a.txt`,
        `/api/public/dl/${folder.hash}/a.txt?inline=false`,
        `/api/public/dl/${folder.hash}/pic.png`,
        `/api/public/dl/${folder.hash}/data.bin?inline=true`,
        `/api/public/dl/${folder.hash}`,
        `/api/public/dl/${folder.hash}?inline=true`,
        `/api/public/dl/${folder.hash}/?algo=zip`,
        `/api/public/dl/${folder.hash}/?files=a.txt,b.txt&algo=tar`,
        `/api/public/dl/${folder.hash}/?files=a.txt&inline=true`,
        `/api/public/dl/${folder.hash}/sub`,
        `/api/public/dl/${folder.hash}/sub?algo=targz&inline=true`,
        `/api/public/dl/${file.hash}`,
        `/api/public/dl/${file.hash}/a.txt`,
        `/api/public/dl/${file.hash}?algo=zip`,
      ]) {
        const response = await get(url);
        assert.equal(response.status, 403, `${url}: ${response.text}`);
        assert.equal(codeOf(response), 'share.viewOnly', url);
        for (const content of ['AAA', 'BBB', 'CCC'])
          assert.equal(response.text.includes(content), false);
      }
    });
  });

  describe('download limits', () => {
    it('never let more downloads through than the limit, however many arrive at once', async () => {
      const link = await create(alice, '/pub/a.txt', { maxDownloads: 3 });
      assert.equal(link.maxDownloads, 3);
      assert.equal(
        (await get(`/api/public/share/${link.hash}`)).json<{ downloadsLeft: number }>()
          .downloadsLeft,
        3,
      );
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => get(`/api/public/dl/${link.hash}`)),
      );
      const statuses = answers.map((response) => response.status).sort();
      assert.deepEqual(statuses, [200, 200, 200, 410, 410, 410, 410, 410, 410, 410]);
      for (const response of answers)
        if (response.status === 200) assert.equal(response.text, 'AAA');
        else assert.equal(codeOf(response), 'share.gone');
      // Used up: every route of the link is gone now, the listing and previews too.
      for (const url of [
        `/api/public/share/${link.hash}`,
        `/api/public/dl/${link.hash}`,
        `/api/public/dl/${link.hash}?inline=true`,
        `/api/public/preview/thumb/${link.hash}`,
      ]) {
        const response = await get(url);
        assert.equal(response.status, 410, url);
        assert.deepEqual(response.json(), {
          code: 'share.gone',
          message: 'this link has been used up',
        });
      }
      const shown = await listed(link.hash);
      assert.equal(shown?.downloads, 3);
      assert.equal(shown?.status, 'exhausted');
      // The permanent link on the same file is another link, and untouched.
      assert.equal(
        (await get(`/api/public/dl/${(await create(alice, '/pub/a.txt')).hash}`)).status,
        200,
      );
    });

    it('count a download once: ranges further in, HEAD and revalidations are not counted', async () => {
      const link = await create(alice, '/big.txt', { maxDownloads: 2 });
      const url = `/api/public/dl/${link.hash}`;
      for (let index = 0; index < 5; index += 1) {
        const part = await request('GET', url, { headers: { Range: `bytes=${100 + index}-199` } });
        assert.equal(part.status, 206);
        assert.equal(part.text, big.subarray(100 + index, 200).toString());
      }
      assert.equal((await request('HEAD', url)).status, 200);
      assert.equal((await listed(link.hash))?.downloads, 0);
      // A player's first request asks from byte 0: that one counts.
      const first = await request('GET', url, { headers: { Range: 'bytes=0-' } });
      assert.equal(first.status, 206);
      assert.equal((await listed(link.hash))?.downloads, 1);
      const etag = String(first.headers.etag);
      const revalidated = await request('GET', url, { headers: { 'If-None-Match': etag } });
      assert.equal(revalidated.status, 304);
      assert.equal((await listed(link.hash))?.downloads, 1);
      assert.equal((await get(url)).status, 200);
      const shown = await listed(link.hash);
      assert.deepEqual([shown?.downloads, shown?.status], [2, 'exhausted']);
      // Once used up, ranges are refused too: the limit ends the link, not only whole downloads.
      const late = await request('GET', url, { headers: { Range: 'bytes=500-' } });
      assert.equal(late.status, 410);
    });

    it('count archives, and the downloads of links without a limit', async () => {
      const archive = await create(alice, '/pub', { maxDownloads: 1 });
      assert.equal(
        (await get(`/api/public/dl/${archive.hash}/?files=a.txt,b.txt&algo=tar`)).status,
        200,
      );
      assert.equal((await get(`/api/public/dl/${archive.hash}/?algo=zip`)).status, 410);
      const open = await create(alice, '/pub/b.txt', { expires: '5', unit: 'days' });
      for (let index = 0; index < 4; index += 1)
        assert.equal((await get(`/api/public/dl/${open.hash}`)).text, 'BBB');
      assert.equal((await listed(open.hash))?.downloads, 4);
      assert.equal(
        'downloadsLeft' in (await get(`/api/public/share/${open.hash}`)).json<object>(),
        false,
      );
    });

    it('come back when the owner raises the limit, or removes it', async () => {
      const link = await create(alice, '/pub/b.txt', { maxDownloads: '1' });
      assert.equal((await get(`/api/public/dl/${link.hash}`)).status, 200);
      assert.equal((await get(`/api/public/dl/${link.hash}`)).status, 410);
      const raised = await request('PATCH', `/api/share/${link.hash}`, {
        token: alice,
        body: { maxDownloads: 2 },
      });
      assert.equal(raised.status, 200, raised.text);
      assert.equal(raised.json<Share>().status, 'active');
      assert.equal((await get(`/api/public/dl/${link.hash}`)).status, 200);
      assert.equal((await get(`/api/public/dl/${link.hash}`)).status, 410);
      const lifted = await request('PATCH', `/api/share/${link.hash}`, {
        token: alice,
        body: { maxDownloads: null },
      });
      assert.deepEqual(
        [lifted.json<Share>().maxDownloads, lifted.json<Share>().status],
        [0, 'active'],
      );
      assert.equal((await get(`/api/public/dl/${link.hash}`)).text, 'BBB');
    });

    it('refuse limits that are not whole numbers, or do not fit the kind', async () => {
      for (const body of [
        { maxDownloads: -1 },
        { maxDownloads: 1.5 },
        { maxDownloads: 'ten' },
        { maxDownloads: '1e3' },
        { maxDownloads: 2147483648 },
        { maxUploadBytes: 100 },
      ]) {
        const response = await request('POST', '/api/share/pub/a.txt', { token: alice, body });
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(codeOf(response), 'share.invalidLimit', JSON.stringify(body));
      }
      const upload = await request('POST', '/api/share/pub', {
        token: alice,
        body: { kind: 'upload', maxDownloads: 3 },
      });
      assert.equal(codeOf(upload), 'share.invalidLimit');
      const kind = await request('POST', '/api/share/pub', { token: alice, body: { kind: 'all' } });
      assert.deepEqual([kind.status, codeOf(kind)], [400, 'share.invalidKind']);
      const fileUpload = await request('POST', '/api/share/pub/a.txt', {
        token: alice,
        body: { kind: 'upload' },
      });
      assert.deepEqual([fileUpload.status, codeOf(fileUpload)], [400, 'share.uploadNeedsFolder']);
    });
  });

  describe('expiry', () => {
    it('answers 410 during the grace period, then deletes the link: 404', async () => {
      const link = await create(alice, '/pub/a.txt', { expires: '1', unit: 'seconds' });
      await sleep(1100);
      for (const url of [`/api/public/share/${link.hash}`, `/api/public/dl/${link.hash}`]) {
        const response = await get(url);
        assert.equal(response.status, 410, url);
        assert.equal(codeOf(response), 'share.gone');
      }
      const shown = await listed(link.hash);
      assert.equal(shown?.status, 'expired', 'listed for its owner while in grace');
      // Gone links are not offered by File Browser's share dialog.
      const onPath = await request('GET', '/api/share/pub/a.txt', { token: alice });
      assert.equal(
        onPath.json<Share[]>().some((share) => share.hash === link.hash),
        false,
      );
      // A new expiry brings it back while it is still there.
      const revived = await request('PATCH', `/api/share/${link.hash}`, {
        token: alice,
        body: { expires: '1', unit: 'hours' },
      });
      assert.equal(revived.json<Share>().status, 'active');
      assert.equal((await get(`/api/public/dl/${link.hash}`)).text, 'AAA');

      const dying = await create(alice, '/pub/b.txt', { expires: '1', unit: 'seconds' });
      await sleep(1000 + graceSeconds * 1000 + 200);
      const response = await get(`/api/public/dl/${dying.hash}`);
      assert.equal(response.status, 404);
      assert.equal(codeOf(response), 'share.notFound');
      assert.equal(fs.readFileSync(server.database, 'utf8').includes(dying.hash), false);
    });

    it('deletes gone links nobody asks about when the sweeper runs (at start)', async () => {
      const link = await create(alice, '/pub/b.txt', { expires: '1', unit: 'seconds' });
      await sleep(1000 + graceSeconds * 1000 + 200);
      assert.equal(fs.readFileSync(server.database, 'utf8').includes(link.hash), true);
      await server.stop();
      server = await startServer({ dir: server.dir, args: ['--share-grace', `${graceSeconds}s`] });
      await sleep(300);
      assert.equal(fs.readFileSync(server.database, 'utf8').includes(link.hash), false);
      admin = await server.adminToken();
      alice = await server.login('alice', userPassword);
      bob = await server.login('bob', userPassword);
      carol = await server.login('carol', userPassword);
    });
  });

  describe('editing links', () => {
    it('lets the owner and an admin change expiry, password and limit; others get 404', async () => {
      const link = await create(alice, '/pub/a.txt', { maxDownloads: 5 });
      const patch = (token: string | undefined, body: Record<string, unknown>) =>
        request('PATCH', `/api/share/${link.hash}`, { ...(token ? { token } : {}), body });
      const byBob = await patch(bob, { maxDownloads: 1 });
      const unknown = await request('PATCH', `/api/share/${'x'.repeat(24)}`, {
        token: bob,
        body: { maxDownloads: 1 },
      });
      assert.equal(byBob.status, 404);
      assert.deepEqual(byBob.json(), unknown.json());
      assert.equal((await patch(carol, { maxDownloads: 1 })).status, 403, 'no share permission');
      assert.equal((await patch(undefined, { maxDownloads: 1 })).status, 401);

      const withPassword = await patch(alice, {
        password: 'open sesame',
        expires: '2',
        unit: 'days',
      });
      assert.equal(withPassword.status, 200, withPassword.text);
      const changed = withPassword.json<Share>();
      assert.equal(changed.hasPassword, true);
      assert.equal(changed.maxDownloads, 5, 'a field left out stays');
      assert.ok(Math.abs(changed.expire - (Date.now() / 1000 + 2 * 86400)) < 60);
      assert.equal(changed.username, 'alice');
      assert.equal((await get(`/api/public/dl/${link.hash}`)).status, 401);
      const opened = await get(`/api/public/dl/${link.hash}`, {
        'x-share-password': encodeURIComponent('open sesame'),
      });
      assert.equal(opened.text, 'AAA');

      const byAdmin = await patch(admin, { password: null, expires: '' });
      assert.equal(byAdmin.status, 200, byAdmin.text);
      assert.deepEqual(
        [byAdmin.json<Share>().hasPassword, byAdmin.json<Share>().expire],
        [false, 0],
      );
      assert.equal((await get(`/api/public/dl/${link.hash}`)).text, 'AAA');
    });

    it('refuses changing what a sent link means, and bad values', async () => {
      const link = await create(alice, '/pub/a.txt', { kind: 'view' });
      for (const body of [
        { kind: 'download' },
        { path: '/pub/b.txt' },
        { maxUploadBytes: 10 },
        { maxDownloads: 'x' },
        { expires: '-1' },
        { password: 'x'.repeat(73) },
      ]) {
        const response = await request('PATCH', `/api/share/${link.hash}`, { token: alice, body });
        assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      }
      assert.equal((await request('PATCH', '/api/share/', { token: alice, body: {} })).status, 400);
    });
  });

  describe('the list of links', () => {
    it('shows kind, expiry, downloads, limit, creation and owner; admins filter by user', async () => {
      const bobs = await create(bob, '/b.txt', { kind: 'view', maxDownloads: 7 });
      const all = await request('GET', '/api/shares', { token: admin });
      const shares = all.json<Share[]>();
      assert.ok(shares.some((share) => share.userID === aliceId));
      const shown = shares.find((share) => share.hash === bobs.hash);
      assert.deepEqual(
        { ...shown, created: 0 },
        {
          hash: bobs.hash,
          path: '/b.txt',
          userID: bobId,
          expire: 0,
          hasPassword: false,
          kind: 'view',
          created: 0,
          status: 'active',
          downloads: 0,
          maxDownloads: 7,
          maxUploadBytes: 0,
          uploadedBytes: 0,
          username: 'bob',
        },
      );
      assert.ok(Math.abs((shown?.created ?? 0) - Date.now() / 1000) < 60);

      const onlyBob = await request('GET', `/api/shares?user=${bobId}`, { token: admin });
      assert.deepEqual(
        [...new Set(onlyBob.json<Share[]>().map((share) => share.username))],
        ['bob'],
      );
      const onlyAlice = await request('GET', `/api/shares/?user=${aliceId}`, { token: admin });
      assert.ok(onlyAlice.json<Share[]>().every((share) => share.userID === aliceId));
      assert.ok(onlyAlice.json<Share[]>().length > 3);
      // A user sees only their own links, whatever they ask for.
      const asAlice = await request('GET', `/api/shares?user=${bobId}`, { token: alice });
      assert.deepEqual(asAlice.json(), []);
      assert.equal((await request('GET', '/api/shares?user=bob', { token: admin })).status, 400);
    });

    it('never shows a password or its hash in any answer', () => {
      assert.ok(seen.length > 50);
      for (const response of seen)
        for (const secret of ['$2a$', '$2b$', 'passwordHash', 'open sesame', adminPassword])
          assert.equal(response.text.includes(secret), false, `${secret} in ${response.text}`);
    });
  });
});
