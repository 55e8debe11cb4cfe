// Attack rows of docs/SECURITY.md (How the gate is tested) against /api/tus: traversal, links, rules, permissions, races.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { CatalogueServer } from '../helpers/catalogue-fixture';
import { assertSafe, startCatalogueServer } from '../helpers/catalogue-fixture';
import type { PauseControl } from '../helpers/pause';
import { createPauseControl } from '../helpers/pause';
import { removeDir } from '../helpers/server';
import type { TestResponse } from '../helpers/server';
import { offsetStream, tusRequest } from '../helpers/tus';
import { listTree } from '../helpers/tree';

describe('tus: attack rows', () => {
  let fixture: CatalogueServer;
  let pause: PauseControl;
  let initialState: Record<string, string>;
  const aliceRoot = () => path.join(fixture.server.root, 'alice');

  const create = (url: string, token = fixture.tokens.alice, length = 4) =>
    tusRequest(fixture.server, 'POST', url, {
      token,
      headers: { 'Upload-Length': String(length) },
    });
  const patch = (url: string, offset: number, body: string, token = fixture.tokens.alice) =>
    tusRequest(fixture.server, 'PATCH', url, {
      token,
      rawBody: body,
      headers: { ...offsetStream, 'Upload-Offset': String(offset) },
    });
  /** Every upload file anywhere under the served root and beside it. */
  const uploadFiles = () =>
    listTree(path.dirname(fixture.server.root))
      .filter((entry) => entry.name.startsWith('.drawer-upload-'))
      .map((entry) => path.join(entry.parentPath, entry.name));
  const expectRefused = (response: TestResponse, status: number, label: string) => {
    assert.equal(response.status, status, `${label} → ${response.status} ${response.text}`);
    assertSafe(response, fixture.server, label);
  };

  before(async () => {
    pause = createPauseControl();
    fixture = await startCatalogueServer({
      env: { DRAWER_TEST_PAUSE_DIR: pause.dir },
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'alice', 'd'));
        fs.symlinkSync('../../bob', path.join(root, 'alice', 'd', 'evil'));
        fs.symlinkSync('private', path.join(root, 'alice', 'peek'));
        fs.symlinkSync('pub', path.join(root, 'alice', 'pub-link'));
      },
    });
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
    pause.remove();
  });

  it('P1–P5: traversal in every encoding stays inside the scope', async () => {
    const before = new Set(fs.readdirSync(aliceRoot()));
    for (const spelling of [
      '../escaped-1.txt',
      '../../outside/escaped-2.txt',
      '%2e%2e/escaped-3.txt',
      '%2E%2E%2Fescaped-4.txt',
      '.%2e/escaped-5.txt',
      '..%2fescaped-6.txt',
      '%2F..%2F..%2Fescaped-7.txt',
      '../bob/escaped-8.txt',
      '..\\escaped-9.txt',
      '%252e%252e%252fescaped-10.txt',
    ]) {
      const url = `/api/tus/${spelling}`;
      const created = await create(url);
      assertSafe(created, fixture.server, url);
      if (created.status !== 201) continue;
      // Clamped at the scope root, as every route does: the upload lands in alice's folder.
      assert.equal((await patch(String(created.headers.location), 0, 'evil')).status, 204, url);
    }
    const added = fs.readdirSync(aliceRoot()).filter((name) => !before.has(name));
    assert.ok(
      added.length > 0 && added.every((name) => /escaped|outside|bob/.test(name)),
      `${added}`,
    );
    for (const name of added) fs.rmSync(path.join(aliceRoot(), name), { recursive: true });
    assert.deepEqual(uploadFiles(), []);
  });

  it('P8–P10: NUL, control characters and bad encodings are 400, with nothing created', async () => {
    for (const url of ['pub/a%00.txt', 'pub/a%0d%0aSet-Cookie:x.txt', 'pub/%zz', '%ed%a0%80'])
      expectRefused(await create(`/api/tus/${url}`), 400, url);
    assert.deepEqual(uploadFiles(), []);
  });

  it('symlinks leading out of the scope are refused as upload folders and targets (403)', async () => {
    for (const url of [
      '/api/tus/ln-dir/new.txt',
      '/api/tus/ln-slash/tmp/new.txt',
      '/api/tus/ln-out',
      '/api/tus/ln-dangle',
      '/api/tus/ln-file',
      '/api/tus/d/evil/new.txt',
    ])
      expectRefused(await create(`${url}?override=true`), 403, url);
    assert.deepEqual(uploadFiles(), []);
  });

  it('a link inside the scope is followed to where it really leads', async () => {
    const created = await create('/api/tus/pub-link/through-link.txt');
    assert.equal(created.status, 201);
    assert.equal((await patch(String(created.headers.location), 0, 'link')).status, 204);
    assert.equal(
      fs.readFileSync(path.join(aliceRoot(), 'pub', 'through-link.txt'), 'utf8'),
      'link',
    );
    fs.rmSync(path.join(aliceRoot(), 'pub', 'through-link.txt'));
  });

  it('rules deny uploads into denied folders, under every spelling (403)', async () => {
    for (const url of [
      '/private/new.txt',
      '//private/new.txt',
      '/pub/../private/new.txt',
      '/uploads/new.txt',
      '/pub/private-sub/new.txt',
      '/peek/new.txt',
    ])
      expectRefused(await create(`/api/tus${url}`), 403, url);
    assert.deepEqual(uploadFiles(), []);
  });

  it('permissions: no create is 403, replacing needs modify, no token is 401', async () => {
    expectRefused(await create('/api/tus/pub/by-eve.txt', fixture.tokens.eve), 403, 'eve');
    expectRefused(
      await create('/api/tus/pub/a.txt?override=true', fixture.tokens.dave),
      403,
      'dave replacing',
    );
    const dave = await create('/api/tus/pub/by-dave.txt', fixture.tokens.dave);
    assert.equal(dave.status, 201, 'create alone is enough for a new file');
    assert.equal(
      (await patch(String(dave.headers.location), 0, 'dave', fixture.tokens.dave)).status,
      204,
    );
    fs.rmSync(path.join(aliceRoot(), 'pub', 'by-dave.txt'));
    const anonymous = await tusRequest(fixture.server, 'POST', '/api/tus/pub/anon.txt', {
      headers: { 'Upload-Length': '1' },
    });
    expectRefused(anonymous, 401, 'no token');
    assert.deepEqual(uploadFiles(), []);
  });

  it('a rule added during an upload refuses its next PATCH, and is checked again at the last byte', async () => {
    const created = await create('/api/tus/pub/perm-late.txt');
    const location = String(created.headers.location);
    assert.equal((await patch(location, 0, 'a')).status, 204);
    const alice = (
      await fixture.server.request('GET', `/api/users/${fixture.ids.alice}`, {
        token: fixture.tokens.admin,
      })
    ).json<Record<string, unknown>>();
    const rules = alice.rules as unknown[];
    const setRules = async (next: unknown[]) => {
      const response = await fixture.server.request('PUT', `/api/users/${fixture.ids.alice}`, {
        token: fixture.tokens.admin,
        body: {
          what: 'user',
          which: ['rules'],
          data: { ...alice, rules: next },
          current_password: 'admin-password-for-tests',
        },
      });
      assert.equal(response.status, 200, response.text);
    };
    const denied = [...rules, { allow: false, path: '/pub/perm-late.txt', regex: false }];
    try {
      await setRules(denied);
      expectRefused(await patch(location, 1, 'b'), 403, 'PATCH once denied');
      await setRules(rules);
      assert.equal((await patch(location, 1, 'b')).status, 204, 'allowed again: it goes on');
      const last = await pause.whilePausedAt(
        'tus.beforeAppend',
        () => patch(location, 2, 'cd'),
        () => setRules(denied),
      );
      expectRefused(last, 403, 'the last byte, denied meanwhile');
      assert.equal(fs.existsSync(path.join(aliceRoot(), 'pub', 'perm-late.txt')), false);
    } finally {
      await setRules(rules);
    }
    assert.deepEqual(uploadFiles(), [], 'an upload that cannot complete is removed');
  });

  it('race: the folder swapped for an escaping link before the last byte is placed', async () => {
    const folder = path.join(aliceRoot(), 'race');
    fs.mkdirSync(folder);
    const created = await create('/api/tus/race/landed.txt');
    const location = String(created.headers.location);
    const answer = await pause.whilePausedAt(
      'tus.beforePlace',
      () => patch(location, 0, 'race'),
      () => {
        fs.renameSync(folder, `${folder}-before-swap`);
        fs.symlinkSync('../bob', folder);
      },
    );
    // The file lands in the folder that was checked (now renamed), never through the link.
    assert.equal(answer.status, 204, answer.text);
    assert.equal(fs.readFileSync(path.join(`${folder}-before-swap`, 'landed.txt'), 'utf8'), 'race');
    assert.equal(fs.existsSync(path.join(fixture.server.root, 'bob', 'landed.txt')), false);
    fs.rmSync(folder);
    fs.rmSync(`${folder}-before-swap`, { recursive: true });
  });

  it('race: the folder swapped for an escaping link between creation and PATCH', async () => {
    const folder = path.join(aliceRoot(), 'race2');
    fs.mkdirSync(folder);
    const location = String((await create('/api/tus/race2/x.txt')).headers.location);
    fs.renameSync(folder, `${folder}-before-swap`);
    fs.symlinkSync('../bob', folder);
    expectRefused(await patch(location, 0, 'race'), 403, 'PATCH through the link');
    expectRefused(
      await tusRequest(fixture.server, 'HEAD', location, { token: fixture.tokens.alice }),
      403,
      'HEAD',
    );
    fs.rmSync(folder);
    // Swapped for a link that stays inside: the upload is still the one of that folder.
    fs.symlinkSync(`race2-before-swap`, folder);
    assert.equal((await patch(location, 0, 'safe')).status, 204);
    assert.equal(fs.readFileSync(path.join(`${folder}-before-swap`, 'x.txt'), 'utf8'), 'safe');
    fs.rmSync(folder);
    fs.rmSync(`${folder}-before-swap`, { recursive: true });
  });
});
