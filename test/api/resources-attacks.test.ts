// Attack rows of docs/SECURITY.md (How the gate is tested) against /api/resources: traversal, symlinks, rules, permissions, races.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { scenarios } from '../helpers/api-scenario';
import type { CatalogueServer } from '../helpers/catalogue-fixture';
import { assertSafe, startCatalogueServer } from '../helpers/catalogue-fixture';
import { removeDir } from '../helpers/server';

interface Listing {
  items: { name: string; isSymlink: boolean; size: number; type: string; modified: string }[];
}

describe('resources: attack rows', () => {
  let fixture: CatalogueServer;
  let initialState: Record<string, string>;
  let alice: string;
  const aliceRoot = () => path.join(fixture.server.root, 'alice');
  const get = (url: string, token = alice, headers: Record<string, string> = {}) =>
    fixture.server.request('GET', url, { token, headers });
  const context = () => ({ server: fixture.server, tokens: fixture.tokens });
  /** The copy URL the UI sends: the destination encoded once more (see P14, P15). */
  const copyUrl = (source: string, destination: string) =>
    `/api/resources${source}?action=copy&destination=${encodeURIComponent(destination)}`;
  /** What sits directly in alice's scope: where a refused copy, move or upload would have landed. */
  const aliceEntries = () => fs.readdirSync(aliceRoot()).sort();

  before(async () => {
    fixture = await startCatalogueServer({
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'alice', 'd'));
        fs.writeFileSync(path.join(root, 'alice', 'd', 'own.txt'), 'own');
        fs.symlinkSync('../../bob', path.join(root, 'alice', 'd', 'evil'));
        fs.symlinkSync('private', path.join(root, 'alice', 'peek'));
        fs.symlinkSync('pub/private-sub/x.txt', path.join(root, 'alice', 'peek-file'));
        fs.symlinkSync('pub', path.join(root, 'alice', 'pub-link'));
      },
    });
    alice = fixture.tokens.alice;
    initialState = fixture.protectedState();
  });
  afterEach(() => {
    assert.deepEqual(
      fixture.protectedState(),
      initialState,
      'files outside the acting scope changed',
    );
  });
  after(async () => {
    await fixture.server.stop();
    removeDir(fixture.server.dir);
  });

  it('P1–P5: traversal in every encoding stays inside the scope (404, canary never returned)', async () => {
    const urls = [
      '/api/resources/../secret-root.txt',
      '/api/resources/../../outside/canary.txt',
      '/api/resources/%2e%2e/secret-root.txt',
      '/api/resources/%2E%2E%2Fsecret-root.txt',
      '/api/resources/.%2e/secret-root.txt',
      '/api/resources/%2e./secret-root.txt',
      '/api/resources/%252e%252e%252fsecret-root.txt',
      '/api/resources/..%2fsecret-root.txt',
      '/api/resources/%2F..%2F..%2Fetc%2Fpasswd',
      '/api/resources/..\\secret-root.txt',
      '/api/resources/%5c..%5csecret-root.txt',
      '/api/resources/pub\\..\\private\\p.txt',
      '/api/resources/../bob/b.txt',
    ];
    for (const url of urls) {
      const response = await get(url);
      assert.equal(response.status, 404, `${url} → ${response.status} ${response.text}`);
      assertSafe(response, fixture.server, url);
    }
  });

  it('P6, P7, P20: every spelling of a denied path is denied', async () => {
    for (const url of [
      '//private/p.txt',
      '///private//p.txt',
      '/private/./p.txt',
      '/./private/p.txt',
      '/pub/../private/p.txt',
      '/private/',
      '/pub/a.txt/../../private/p.txt',
      '/pub/private-sub/x.txt',
      '/pub//private-sub/',
    ]) {
      const response = await get(`/api/resources${url}`);
      assert.equal(response.status, 403, url);
      assertSafe(response, fixture.server, url);
    }
  });

  it('P8–P10: NUL, control characters and invalid encodings are 400, without header injection', async () => {
    for (const url of [
      'pub/a.txt%00.png',
      'pub/a%0d%0aSet-Cookie:x.txt',
      'pub/a%09.txt',
      'pub/a%7f.txt',
      'pub/%zz',
      'pub/%2',
      '%c0%ae%c0%ae/',
      '%ed%a0%80',
    ]) {
      const response = await get(`/api/resources/${url}`);
      assert.equal(response.status, 400, `${url} → ${response.status}`);
      assert.equal(response.headers['set-cookie'], undefined);
      assert.equal(typeof response.json<{ code: string }>().code, 'string');
    }
    const upload = await fixture.server.request('POST', '/api/resources/pub/x%00.txt', {
      token: alice,
      rawBody: 'x',
    });
    assert.equal(upload.status, 400);
    assert.equal(
      fs.readdirSync(path.join(aliceRoot(), 'pub')).filter((name) => name.startsWith('x')).length,
      0,
    );
  });

  it('P11, P12: Unicode and case variants of denied paths', async () => {
    const nfd = await get('/api/resources/cafe%CC%81/c.txt');
    assert.equal(nfd.status, 403);
    assertSafe(nfd, fixture.server, 'NFD');
    for (const url of ['/PRIVATE/p.txt', '/Private/p.txt', '/private2/q.txt']) {
      const response = await get(`/api/resources${url}`);
      assert.ok([403, 404].includes(response.status), `${url} → ${response.status}`);
      assertSafe(response, fixture.server, url);
    }
    // On a case-sensitive disk the rule "/private2" does not name "/Private2": only the real entry exists.
    const caseSensitive = !fs.existsSync(path.join(aliceRoot(), 'private2'));
    const real = await get('/api/resources/Private2/q.txt');
    assert.equal(real.status, caseSensitive ? 200 : 403);
  });

  it('P13: rules match whole segments', async () => {
    const allowed = await get('/api/resources/uploads_backup/b.txt');
    assert.equal(allowed.status, 200);
    assert.equal(allowed.json<{ content: string }>().content, 'backup');
    assert.equal((await get('/api/resources/uploads/u.txt')).status, 403);
    const listing = (await get('/api/resources/')).json<Listing>();
    const names = listing.items.map((item) => item.name);
    assert.ok(names.includes('uploads_backup'));
    for (const hidden of ['uploads', 'private', 'café']) assert.ok(!names.includes(hidden), hidden);
  });

  it('P14, P15: copy and rename destinations cannot traverse into denied or foreign places', async () => {
    // The client sends encodeURIComponent(path already URL-encoded): two decodes, never a third.
    for (const destination of [
      '/pub/../private/x.txt',
      '/pub/%2e%2e/private/x.txt',
      '/pub/%2E%2E%2Fprivate%2Fx.txt',
      '/private/./x.txt',
      '//private//x.txt',
    ]) {
      for (const action of ['copy', 'rename']) {
        const response = await fixture.server.request(
          'PATCH',
          `/api/resources/pub/a.txt?action=${action}&destination=${encodeURIComponent(destination)}`,
          { token: alice },
        );
        assert.equal(
          response.status,
          403,
          `${action} → ${destination}: ${response.status} ${response.text}`,
        );
      }
    }
    assert.ok(fs.existsSync(path.join(aliceRoot(), 'pub', 'a.txt')));
    const thrice = encodeURIComponent(encodeURIComponent('/tmp-literal/%2e%2e/x.txt'));
    assert.equal(
      (
        await fixture.server.request(
          'PATCH',
          `/api/resources/pub/b.txt?action=copy&destination=${thrice}`,
          { token: alice },
        )
      ).status,
      200,
    );
    assert.ok(
      fs.existsSync(path.join(aliceRoot(), 'tmp-literal', '%2e%2e', 'x.txt')),
      'a third encoding stays literal',
    );
    const foreign = await fixture.server.request(
      'PATCH',
      `/api/resources/pub/b.txt?action=copy&destination=${encodeURIComponent('/../../etc/passwd')}`,
      { token: alice },
    );
    assert.equal(foreign.status, 200);
    assert.equal(
      fs.readFileSync(path.join(aliceRoot(), 'etc', 'passwd'), 'utf8'),
      'public b',
      'landed inside the scope',
    );
  });

  it('S1, S2, S13: links leaving the scope are 403 for reads', async () => {
    for (const url of [
      '/ln-file',
      '/ln-out',
      '/ln-dir/b.txt',
      '/ln-dir/',
      '/ln-slash/etc/hostname',
      '/ln-dangle',
      '/d/evil/b.txt',
    ]) {
      const response = await get(`/api/resources${url}`);
      assert.equal(response.status, 403, `${url} → ${response.status}`);
      assertSafe(response, fixture.server, url);
      assert.equal((await get(`/api/resources${url}?checksum=md5`)).status, 403, `${url} checksum`);
    }
  });

  it('S3, S14: a listing hides escaping links and shows in-scope links as their target', async () => {
    const listing = (await get('/api/resources/')).json<Listing>();
    const names = listing.items.map((item) => item.name);
    for (const hidden of ['ln-file', 'ln-dir', 'ln-out', 'ln-dangle', 'ln-slash'])
      assert.ok(!names.includes(hidden), hidden);
    const link = listing.items.find((item) => item.name === 'ok-link');
    assert.deepEqual(
      { isSymlink: link?.isSymlink, size: link?.size, type: link?.type },
      { isSymlink: true, size: 'public a'.length, type: 'text' },
    );
    const opened = await get('/api/resources/ok-link');
    assert.equal(opened.status, 200);
    assert.equal(opened.json<{ content: string; isSymlink: boolean }>().content, 'public a');
    const inner = (await get('/api/resources/d/')).json<Listing>();
    assert.deepEqual(
      inner.items.map((item) => item.name),
      ['own.txt'],
    );
  });

  it('S4, S5: uploads through escaping links are refused and write nothing', async () => {
    for (const url of [
      '/api/resources/ln-file?override=true',
      '/api/resources/ln-dangle?override=true',
      '/api/resources/ln-dangle',
      '/api/resources/ln-dir/x.txt',
      '/api/resources/ln-out?override=true',
    ]) {
      const response = await fixture.server.request('POST', url, { token: alice, rawBody: 'pwn' });
      assert.equal(response.status, 403, `${url} → ${response.status}`);
    }
    for (const url of ['/api/resources/ln-file', '/api/resources/ln-dir/b.txt'])
      assert.equal(
        (await fixture.server.request('PUT', url, { token: alice, rawBody: 'pwn' })).status,
        403,
        url,
      );
    assert.equal(
      (await fixture.server.request('POST', '/api/resources/ln-dir/sub/', { token: alice })).status,
      403,
    );
    assert.ok(!fs.existsSync(path.join(fixture.server.root, 'bob', 'new.txt')));
    assert.ok(!fs.existsSync(path.join(fixture.server.root, 'bob', 'sub')));
  });

  it('S9: copying an escaping link, or a folder holding one, is refused', async () => {
    const link = await fixture.server.request(
      'PATCH',
      `/api/resources/ln-dir?action=copy&destination=${encodeURIComponent('/pub/stolen')}`,
      { token: alice },
    );
    assert.equal(link.status, 403);
    const folder = await fixture.server.request(
      'PATCH',
      `/api/resources/d?action=copy&destination=${encodeURIComponent('/d-copy')}`,
      { token: alice },
    );
    assert.equal(folder.status, 403);
    assert.ok(!fs.existsSync(path.join(aliceRoot(), 'pub', 'stolen')));
    assert.ok(!fs.existsSync(path.join(aliceRoot(), 'd-copy')));
  });

  // Folders on the way are opened before anything else is asked of them (src/fs/locate.ts): a
  // link, a file or nothing in their place must still be judged as the disk has it.
  it('a path through an in-scope folder link, a file or a missing folder resolves as on disk', async () => {
    const through = await get('/api/resources/pub-link/a.txt');
    assert.equal(through.status, 200);
    assert.equal(through.json<{ content: string }>().content, 'public a');
    assert.equal((await get('/api/resources/pub/a.txt/x')).status, 404);
    assert.equal((await get('/api/resources/no-such/a.txt')).status, 404);
    const upload = await fixture.server.request('POST', '/api/resources/pub-link/via-link.txt', {
      token: alice,
      rawBody: 'via link',
    });
    assert.equal(upload.status, 200, upload.text);
    const landed = path.join(aliceRoot(), 'pub', 'via-link.txt');
    assert.equal(fs.readFileSync(landed, 'utf8'), 'via link');
    fs.rmSync(landed);
    const intoFile = await fixture.server.request('POST', '/api/resources/pub/a.txt/x.txt', {
      token: alice,
      rawBody: 'x',
    });
    assert.equal(intoFile.status, 400, intoFile.text);
    assert.equal(intoFile.json<{ code: string }>().code, 'fs.notDirectory');
  });

  // peek → private and peek-file → pub/private-sub/x.txt are links inside the scope to closed places.
  scenarios('an in-scope link cannot open what the rules close', {
    context,
    invariant: { what: "alice's top-level entries", read: aliceEntries },
    each: (response, row) => assertSafe(response, fixture.server, row.name),
    rows: [
      {
        name: 'a file through a link to a closed folder',
        as: 'alice',
        method: 'GET',
        url: '/api/resources/peek/p.txt',
        status: 403,
      },
      {
        name: 'a link to a closed folder',
        as: 'alice',
        method: 'GET',
        url: '/api/resources/peek/',
        status: 403,
      },
      {
        name: 'a link to a closed file',
        as: 'alice',
        method: 'GET',
        url: '/api/resources/peek-file',
        status: 403,
      },
      {
        name: 'a closed file through a link to an open folder',
        as: 'alice',
        method: 'GET',
        url: '/api/resources/pub-link/private-sub/x.txt',
        status: 403,
      },
      {
        name: 'a copy of a link to a closed file',
        as: 'alice',
        method: 'PATCH',
        url: copyUrl('/peek-file', '/stolen.txt'),
        status: 403,
      },
      {
        name: 'a copy of a link to a closed folder',
        as: 'alice',
        method: 'PATCH',
        url: copyUrl('/peek', '/stolen'),
        status: 403,
      },
      {
        name: 'a copy of a link to a folder holding a closed one',
        as: 'alice',
        method: 'PATCH',
        url: copyUrl('/pub-link', '/stolen-pub'),
        status: 403,
      },
      {
        name: 'an upload through a link to a closed folder',
        as: 'alice',
        method: 'POST',
        url: '/api/resources/peek/new.txt',
        rawBody: 'x',
        status: 403,
      },
    ],
  });

  it('a listing leaves out in-scope links to closed places', async () => {
    const names = (await get('/api/resources/')).json<Listing>().items.map((item) => item.name);
    assert.ok(!names.includes('peek') && !names.includes('peek-file'));
    assert.ok(names.includes('pub-link'));
  });

  // eve's scope is alice's folder, with every permission off.
  scenarios('R1: a user without permissions cannot change anything', {
    context,
    invariant: {
      what: "alice's folder",
      read: () => ({
        entries: aliceEntries(),
        pub: fs.readdirSync(path.join(aliceRoot(), 'pub')).sort(),
        a: fs.readFileSync(path.join(aliceRoot(), 'pub', 'a.txt'), 'utf8'),
      }),
      holds: (after, before) => {
        assert.deepEqual(after, before, "alice's folder changed");
        assert.equal(after.a, 'public a');
      },
    },
    rows: [
      {
        name: 'an upload of a new file',
        as: 'eve',
        method: 'POST',
        url: '/api/resources/new.txt',
        rawBody: 'x',
        status: 403,
      },
      {
        name: 'an upload over a file',
        as: 'eve',
        method: 'POST',
        url: '/api/resources/pub/a.txt?override=true',
        rawBody: 'x',
        status: 403,
      },
      {
        name: 'a new folder',
        as: 'eve',
        method: 'POST',
        url: '/api/resources/newdir/',
        status: 403,
      },
      {
        name: 'a save over a file',
        as: 'eve',
        method: 'PUT',
        url: '/api/resources/pub/a.txt',
        rawBody: 'x',
        status: 403,
      },
      {
        name: 'a delete of a file',
        as: 'eve',
        method: 'DELETE',
        url: '/api/resources/pub/a.txt',
        status: 403,
      },
      {
        name: 'a delete of a folder',
        as: 'eve',
        method: 'DELETE',
        url: '/api/resources/pub',
        status: 403,
      },
      {
        name: 'a rename',
        as: 'eve',
        method: 'PATCH',
        url: `/api/resources/pub/a.txt?action=rename&destination=${encodeURIComponent('/pub/z.txt')}`,
        status: 403,
      },
      {
        name: 'a copy',
        as: 'eve',
        method: 'PATCH',
        url: copyUrl('/pub/a.txt', '/pub/z.txt'),
        status: 403,
      },
    ],
  });

  it('R2: without download there is no content, digest or raw text', async () => {
    for (const token of [fixture.tokens.eve, fixture.tokens.carol]) {
      const info = await get('/api/resources/pub/a.txt', token);
      assert.equal(info.status, 200);
      assert.equal(info.json<{ content?: string }>().content, undefined);
      assert.ok(!info.text.includes('public a'));
      assert.equal((await get('/api/resources/pub/a.txt?checksum=sha256', token)).status, 403);
      const raw = await get('/api/resources/pub/a.txt', token, { 'x-encoding': 'true' });
      assert.equal(raw.status, 403);
      assert.ok(!raw.text.includes('public a'));
    }
  });

  it('R5: overwriting needs modify even with create', async () => {
    const dave = fixture.tokens.dave;
    const overwrite = await fixture.server.request(
      'POST',
      '/api/resources/pub/a.txt?override=true',
      { token: dave, rawBody: 'dave was here' },
    );
    assert.equal(overwrite.status, 403);
    assert.equal(fs.readFileSync(path.join(aliceRoot(), 'pub', 'a.txt'), 'utf8'), 'public a');
    const fresh = await fixture.server.request('POST', '/api/resources/dave.txt?override=false', {
      token: dave,
      rawBody: 'new',
    });
    assert.equal(fresh.status, 200);
    const copyOver = await fixture.server.request(
      'PATCH',
      `/api/resources/dave.txt?action=copy&destination=${encodeURIComponent('/pub/a.txt')}&override=true`,
      { token: dave },
    );
    assert.equal(copyOver.status, 403);
    assert.equal(fs.readFileSync(path.join(aliceRoot(), 'pub', 'a.txt'), 'utf8'), 'public a');
  });

  // pub holds private-sub, which alice's rules close: no part of pub may be copied, moved or deleted.
  scenarios('R6: recursive operations over a denied descendant are refused before any change', {
    context,
    invariant: {
      what: 'pub and the destinations',
      read: () => ({
        pub2: fs.existsSync(path.join(aliceRoot(), 'pub2')),
        x: fs.existsSync(path.join(aliceRoot(), 'x')),
        pub: fs.readdirSync(path.join(aliceRoot(), 'pub')).sort(),
      }),
      holds: (after) =>
        assert.deepEqual(after, { pub2: false, x: false, pub: ['a.txt', 'b.txt', 'private-sub'] }),
    },
    each: (response, row) => assertSafe(response, fixture.server, row.name),
    rows: [
      {
        name: 'a copy of the folder',
        as: 'alice',
        method: 'PATCH',
        url: copyUrl('/pub', '/pub2'),
        status: 403,
      },
      {
        name: 'a move of the folder',
        as: 'alice',
        method: 'PATCH',
        url: `/api/resources/pub?action=rename&destination=${encodeURIComponent('/x')}`,
        status: 403,
      },
      {
        name: 'a delete of the folder',
        as: 'alice',
        method: 'DELETE',
        url: '/api/resources/pub',
        status: 403,
      },
    ],
  });

  it('R6: a copy may not land descendants on a denied destination', async () => {
    fs.mkdirSync(path.join(aliceRoot(), 'src', 'private-sub'), { recursive: true });
    fs.writeFileSync(path.join(aliceRoot(), 'src', 'private-sub', 'y.txt'), 'y');
    const response = await fixture.server.request(
      'PATCH',
      `/api/resources/src?action=copy&destination=${encodeURIComponent('/pub')}&override=true`,
      { token: alice },
    );
    assert.equal(response.status, 403);
    assert.deepEqual(fs.readdirSync(path.join(aliceRoot(), 'pub', 'private-sub')), ['x.txt']);
  });

  it('S7, S8: deleting links, and folders holding links, never touches their targets', async () => {
    for (const url of [
      '/api/resources/d',
      '/api/resources/ln-dir',
      '/api/resources/ln-file',
      '/api/resources/ln-out',
      '/api/resources/ln-dangle',
    ]) {
      const response = await fixture.server.request('DELETE', url, { token: alice });
      assert.equal(response.status, 204, `${url} → ${response.status} ${response.text}`);
    }
    for (const name of ['d', 'ln-dir', 'ln-file', 'ln-out', 'ln-dangle'])
      assert.ok(
        !fs.existsSync(path.join(aliceRoot(), name)) && !isLink(path.join(aliceRoot(), name)),
        name,
      );
    assert.equal(
      fs.readFileSync(path.join(fixture.server.root, 'bob', 'b.txt'), 'utf8'),
      'CANARY-BOB',
    );
    assert.equal(
      fs.readFileSync(path.join(fixture.outside, 'canary.txt'), 'utf8'),
      'CANARY-OUTSIDE',
    );
  });
});

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
