// Check-then-use races: a folder swapped for an escaping symlink between the gate's check and the use.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createUser, writeTree } from '../helpers/fixtures';
import type { PauseControl } from '../helpers/pause';
import { createPauseControl } from '../helpers/pause';
import type { TestResponse, TestServer } from '../helpers/server';
import { removeDir, startServer } from '../helpers/server';
import { listTree } from '../helpers/tree';

const full = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const canary = 'CANARY-OUTSIDE-THE-SCOPE';

describe('gate: check-then-use races (a path component swapped for a link after the check)', () => {
  let server: TestServer;
  let pause: PauseControl;
  let alice: string;
  const scope = () => path.join(server.root, 'alice');
  const outside = () => path.join(server.root, 'outside');

  /** Replaces a folder by a symlink in one rename, as a user renaming an in-scope link would. */
  function swapForLink(folder: string, target: string): void {
    fs.renameSync(folder, `${folder}-before-swap`);
    fs.symlinkSync(target, `${folder}.link-tmp`);
    fs.renameSync(`${folder}.link-tmp`, folder);
  }

  const request = (method: string, url: string, options: { rawBody?: string } = {}) =>
    server.request(method, url, { token: alice, ...options });

  /** Every file below `folder`, relative, with its content. */
  function snapshot(folder: string): Record<string, string> {
    const files: Record<string, string> = {};
    for (const entry of listTree(folder)) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      files[path.relative(folder, full)] = fs.readFileSync(full, 'utf8');
    }
    return files;
  }

  before(async () => {
    pause = createPauseControl();
    server = await startServer({
      // The walk's own race is tested here (the index would answer without walking);
      // test/api/search-index.test.ts swaps a folder for a link under the index.
      args: ['--disable-search-index'],
      env: { DRAWER_TEST_PAUSE_DIR: pause.dir },
      setup: (root) => fs.mkdirSync(path.join(root, 'alice')),
    });
    await createUser(server, {
      username: 'alice',
      perm: full,
      rules: [{ allow: false, path: '/private' }],
    });
    const token = await server.login('alice', 'user-password-for-tests');
    alice = token;
  });
  beforeEach(() => {
    for (const folder of [scope(), outside()]) removeDir(folder);
    writeTree(scope(), {
      'aaa.txt': 'first file',
      'zzz/inner.txt': 'inside',
      'a/f.txt': 'in scope',
      'a/b/c.txt': 'in scope',
      'src.txt': 'source',
      'private/secret.txt': canary,
    });
    writeTree(outside(), {
      'canary-outside.txt': canary,
      'f.txt': canary,
      'b/c.txt': canary,
      'inner.txt': canary,
    });
    // Links a user may create or rename inside the scope: the gate refuses to follow them.
    fs.symlinkSync('../outside', path.join(scope(), 'out'));
    fs.symlinkSync('private', path.join(scope(), 'priv'));
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
    pause.remove();
  });

  const walkSwaps: [string, () => string][] = [
    ['out of the scope', () => '../outside'],
    ['into a rule-denied folder', () => 'private'],
  ];
  for (const [label, target] of walkSwaps) {
    it(`an archive whose folder is swapped for a link ${label} holds nothing from there`, async () => {
      const response = await pause.whilePausedAt(
        'walk.descend',
        () => request('GET', '/api/raw/?algo=tar'),
        () => swapForLink(path.join(scope(), 'zzz'), target()),
      );
      assert.equal(response.status, 200);
      assert.ok(response.body.includes('first file'), 'the archive still has the scope');
      assert.ok(!response.body.includes(canary), 'the archive leaked a file it may not show');
    });

    it(`search through a folder swapped for a link ${label} finds nothing there`, async () => {
      const response = await pause.whilePausedAt(
        'walk.descend',
        () => request('GET', '/api/search/?query=canary%20secret'),
        () => swapForLink(path.join(scope(), 'zzz'), target()),
      );
      assert.equal(response.status, 200);
      assert.doesNotMatch(response.text, /canary-outside|secret/);
    });

    it(`the recursive listing does not enter a folder swapped for a link ${label}`, async () => {
      const response = await pause.whilePausedAt(
        'walk.descend',
        () => request('GET', '/api/resources/recursive/'),
        () => swapForLink(path.join(scope(), 'zzz'), target()),
      );
      assert.equal(response.status, 200);
      assert.doesNotMatch(response.text, /canary-outside|secret/);
    });
  }

  const missingParentWrites: [string, string, string, string | undefined][] = [
    [
      'copy',
      'PATCH',
      '/api/resources/src.txt?action=copy&destination=%2Fx0%2Fy%2Fdst.txt',
      undefined,
    ],
    [
      'move',
      'PATCH',
      '/api/resources/src.txt?action=rename&destination=%2Fx0%2Fy%2Fdst.txt',
      undefined,
    ],
    ['upload', 'POST', '/api/resources/x0/y/dst.txt', 'uploaded'],
    ['new folder', 'POST', '/api/resources/x0/y/dst.txt/', undefined],
  ];
  const pointOf: Record<string, string> = {
    copy: 'transfer.beforeWrite',
    move: 'transfer.beforeWrite',
    upload: 'upload.beforeWrite',
    'new folder': 'mkdir.beforeWrite',
  };
  for (const [label, method, url, rawBody] of missingParentWrites) {
    it(`${label} into a missing folder that becomes an escaping link writes nothing outside`, async () => {
      const before = snapshot(outside());
      const response = await pause.whilePausedAt(
        pointOf[label] ?? '',
        () => request(method, url, rawBody === undefined ? {} : { rawBody }),
        () => fs.renameSync(path.join(scope(), 'out'), path.join(scope(), 'x0')),
      );
      assert.ok(response.status >= 400, `${label} answered ${response.status}`);
      assert.deepEqual(snapshot(outside()), before, 'a file outside the scope was written');
      assert.ok(!fs.existsSync(path.join(outside(), 'y')), 'a folder outside the scope was made');
    });
  }

  it('saving a file whose folder is swapped for an escaping link leaves the outside file alone', async () => {
    const response: TestResponse = await pause.whilePausedAt(
      'save.beforeWrite',
      () => request('PUT', '/api/resources/a/f.txt', { rawBody: 'overwritten' }),
      () => swapForLink(path.join(scope(), 'a'), '../outside'),
    );
    assert.equal(fs.readFileSync(path.join(outside(), 'f.txt'), 'utf8'), canary);
    // What was checked is what gets written: the file in the folder as it was, now renamed.
    if (response.status === 200)
      assert.equal(
        fs.readFileSync(path.join(scope(), 'a-before-swap', 'f.txt'), 'utf8'),
        'overwritten',
      );
    else assert.ok(response.status >= 400, `save answered ${response.status}`);
  });

  it('deleting below a folder swapped for an escaping link removes nothing outside', async () => {
    const response = await pause.whilePausedAt(
      'delete.beforeRemove',
      () => request('DELETE', '/api/resources/a/b/c.txt'),
      () => swapForLink(path.join(scope(), 'a'), '../outside'),
    );
    assert.equal(fs.readFileSync(path.join(outside(), 'b', 'c.txt'), 'utf8'), canary);
    if (response.status === 204)
      assert.ok(!fs.existsSync(path.join(scope(), 'a-before-swap', 'b', 'c.txt')));
    else assert.ok(response.status >= 400, `delete answered ${response.status}`);
  });

  it('a download whose folder is swapped for an escaping link never sends the outside file', async () => {
    const response = await pause.whilePausedAt(
      'raw.beforeSend',
      () => request('GET', '/api/raw/a/f.txt'),
      () => swapForLink(path.join(scope(), 'a'), '../outside'),
    );
    // Only the first bytes may come through (the checked file's length), so look for any of them.
    assert.ok(!response.body.includes('CANARY'), 'the outside file was sent');
  });

  it('a share stops serving its file once a move replaces it', async () => {
    const shared = await request('POST', '/api/share/aaa.txt');
    assert.equal(shared.status, 200, shared.text);
    const hash = shared.json<{ hash: string }>().hash;
    assert.equal((await server.request('GET', `/api/public/dl/${hash}`)).text, 'first file');
    const moved = await request(
      'PATCH',
      '/api/resources/src.txt?action=rename&destination=%2Faaa.txt&override=true',
    );
    assert.equal(moved.status, 200, moved.text);
    const after = await server.request('GET', `/api/public/dl/${hash}`);
    assert.equal(after.status, 404, 'the link now serves a file that was never shared');
  });

  it("a share follows its file through Drawer's saves and uploads, not through a swap on disk", async () => {
    const shared = await request('POST', '/api/share/aaa.txt');
    const hash = shared.json<{ hash: string }>().hash;
    const download = () => server.request('GET', `/api/public/dl/${hash}`);
    assert.equal(
      (await request('PUT', '/api/resources/aaa.txt', { rawBody: 'edited' })).status,
      200,
    );
    assert.equal((await download()).text, 'edited', 'a save keeps the link');
    const upload = await request('POST', '/api/resources/aaa.txt?override=true', {
      rawBody: 'uploaded again',
    });
    assert.equal(upload.status, 200, upload.text);
    assert.equal((await download()).text, 'uploaded again', 'an upload of a new version keeps it');
    // Replaced behind Drawer's back (another file renamed onto the path): never shared.
    fs.renameSync(path.join(scope(), 'src.txt'), path.join(scope(), 'aaa.txt'));
    assert.equal((await download()).status, 404);
  });

  const relocations: [string, string, string][] = [
    ['moving a relative link', 'd1/d/l', 'rename'],
    ['copying a folder holding a relative link', 'd1/d', 'copy'],
    ['moving a folder holding a relative link', 'd1/d', 'rename'],
  ];
  for (const [label, source, action] of relocations) {
    it(`${label} to where it would lead out of the scope is refused`, async () => {
      fs.mkdirSync(path.join(scope(), 'd1', 'd'), { recursive: true });
      // d1/d/l points at /aaa.txt; one level up, the same text climbs above the scope.
      fs.symlinkSync('../../aaa.txt', path.join(scope(), 'd1', 'd', 'l'));
      const destination = `/${path.basename(source)}`;
      const response = await request(
        'PATCH',
        `/api/resources/${source}?action=${action}&destination=${encodeURIComponent(destination)}`,
      );
      assert.equal(response.status, 403, response.text);
      assert.ok(!fs.existsSync(path.join(scope(), destination)), 'the escaping link was made');
      assert.ok(fs.lstatSync(path.join(scope(), 'd1', 'd', 'l')).isSymbolicLink());
    });
  }
});
