// Changing files through /api/resources: uploads, folders, saves, deletes, moves and copies, races and aborts.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const allowAll = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

function tempFilesIn(folder: string): string[] {
  return fs.readdirSync(folder).filter((name) => name.startsWith('.drawer-'));
}

describe('resources: writing', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let mover: string;
  let reader: string;
  const home = () => path.join(server.root, 'alice');
  const file = (relative: string) => path.join(home(), relative);
  const read = (relative: string) => fs.readFileSync(file(relative), 'utf8');
  const send = (
    method: string,
    url: string,
    token = alice,
    rawBody?: string | Buffer,
    headers: Record<string, string> = {},
  ) =>
    server.request(method, url, { token, headers, ...(rawBody === undefined ? {} : { rawBody }) });
  const patch = (source: string, query: Record<string, string>, token = alice) =>
    send(
      'PATCH',
      `/api/resources${source}?${new URLSearchParams({ ...query, destination: encodeURIComponent(query.destination ?? '') })}`,
      token,
    );

  before(async () => {
    server = await startServer({
      setup: (root) =>
        writeTree(root, {
          'alice/existing.txt': 'old',
          'alice/folder/inner.txt': 'inner',
          'alice/folder/deeper/d.txt': 'd',
          'alice/script.sh': '#!/bin/sh\n',
          'alice/pub/a.txt': 'a',
          'bob/pub/a.txt': 'bob',
        }),
    });
    await createUser(server, { username: 'alice', perm: allowAll });
    await createUser(server, { username: 'bob', perm: allowAll });
    await createUser(server, {
      username: 'mover',
      scope: '/alice',
      perm: { rename: true, create: true },
    });
    await createUser(server, { username: 'reader', scope: '/alice', perm: { download: true } });
    alice = await server.login('alice', userPassword);
    bob = await server.login('bob', userPassword);
    mover = await server.login('mover', userPassword);
    reader = await server.login('reader', userPassword);
    fs.chmodSync(file('script.sh'), 0o755);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('uploads a body verbatim, whatever its content type, with an ETag', async () => {
    const json = '{ "keep":  "spacing" ,\n "n": 1 }';
    const bodies: [string, string | Buffer, Record<string, string>][] = [
      ['/up/data.json', json, { 'content-type': 'application/json' }],
      ['/up/bad.json', '{not json', { 'content-type': 'application/json' }],
      ['/up/plain.txt', 'plain text', { 'content-type': 'text/plain' }],
      ['/up/form.txt', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['/up/multi.txt', '--x\r\n', { 'content-type': 'multipart/form-data; boundary=x' }],
      ['/up/none.bin', randomBytes(70_000), {}],
    ];
    for (const [target, body, headers] of bodies) {
      const response = await send(
        'POST',
        `/api/resources${target}?override=false`,
        alice,
        body,
        headers,
      );
      assert.equal(response.status, 200, `${target}: ${response.text}`);
      assert.deepEqual(fs.readFileSync(file(target)), Buffer.from(body), target);
      const stats = fs.statSync(file(target), { bigint: true });
      assert.equal(
        response.headers.etag,
        `"${stats.mtimeNs.toString(16)}${stats.size.toString(16)}"`,
      );
    }
    assert.equal(fs.statSync(file('up/data.json')).mode & 0o777, 0o640 & ~process.umask());
    assert.equal(fs.statSync(file('up')).mode & 0o777, 0o750 & ~process.umask());
    assert.deepEqual(tempFilesIn(file('up')), []);
  });

  it('creates an empty file, and answers 409 for an existing file unless override=true', async () => {
    assert.equal((await send('POST', '/api/resources/new-empty.txt?override=false')).status, 200);
    assert.equal(read('new-empty.txt'), '');
    for (const url of [
      '/api/resources/existing.txt',
      '/api/resources/existing.txt?override=false',
      '/api/resources/existing.txt?override=1',
    ]) {
      const response = await send('POST', url, alice, 'new');
      assert.equal(response.status, 409, url);
      assert.equal(response.json<{ code: string }>().code, 'fs.exists');
    }
    assert.equal(read('existing.txt'), 'old');
    assert.equal(
      (await send('POST', '/api/resources/script.sh?override=true', alice, '#!/bin/sh\necho hi\n'))
        .status,
      200,
    );
    assert.equal(read('script.sh'), '#!/bin/sh\necho hi\n');
    assert.equal(
      fs.statSync(file('script.sh')).mode & 0o777,
      0o755,
      'overwriting keeps the permission bits',
    );
  });

  it('refuses to upload onto a folder or below a file, and without create', async () => {
    assert.equal(
      (await send('POST', '/api/resources/folder?override=true', alice, 'x')).status,
      409,
    );
    assert.equal(read('folder/inner.txt'), 'inner', 'a failed upload never removes the folder');
    const below = await send('POST', '/api/resources/existing.txt/child.txt', alice, 'x');
    assert.equal(below.status, 400);
    assert.equal(below.json<{ code: string }>().code, 'fs.notDirectory');
    assert.equal((await send('POST', '/api/resources/reader.txt', reader, 'x')).status, 403);
    assert.equal((await send('POST', '/api/resources/reader-dir/', reader)).status, 403);
    assert.ok(!fs.existsSync(file('reader.txt')) && !fs.existsSync(file('reader-dir')));
  });

  it('creates folders with a trailing slash (200 when they exist, 409 over a file)', async () => {
    assert.equal((await send('POST', '/api/resources/made/one/two/')).status, 200);
    assert.ok(fs.statSync(file('made/one/two')).isDirectory());
    assert.equal((await send('POST', '/api/resources/made/one/two/')).status, 200);
    assert.equal((await send('POST', '/api/resources/')).status, 200);
    assert.equal((await send('POST', '/api/resources/existing.txt/')).status, 409);
  });

  it('saves an existing file with PUT, keeping its mode', async () => {
    fs.writeFileSync(file('edit.sh'), 'one');
    fs.chmodSync(file('edit.sh'), 0o700);
    const response = await send('PUT', '/api/resources/edit.sh', alice, '{"json": "verbatim"}', {
      'content-type': 'application/json',
    });
    assert.equal(response.status, 200);
    assert.match(String(response.headers.etag), /^"[0-9a-f]+"$/);
    assert.equal(read('edit.sh'), '{"json": "verbatim"}');
    assert.equal(fs.statSync(file('edit.sh')).mode & 0o777, 0o700);
    assert.equal((await send('PUT', '/api/resources/missing.txt', alice, 'x')).status, 404);
    assert.ok(!fs.existsSync(file('missing.txt')));
    assert.equal((await send('PUT', '/api/resources/folder', alice, 'x')).status, 400);
    assert.equal((await send('PUT', '/api/resources/folder/', alice, 'x')).status, 405);
    assert.equal((await send('PUT', '/api/resources/edit.sh', mover, 'x')).status, 403);
    assert.equal(read('edit.sh'), '{"json": "verbatim"}');
  });

  it('deletes files and folders recursively, never the root, and forgets the owner’s shares below', async () => {
    writeTree(home(), {
      'gone/a.txt': 'a',
      'gone/sub/b.txt': 'b',
      'gone-not/keep.txt': 'k',
      'single.txt': 's',
    });
    const share = await server.request('POST', '/api/share/gone/sub/b.txt', {
      token: alice,
      body: {},
    });
    assert.equal(share.status, 200, share.text);
    const keptShare = await server.request('POST', '/api/share/gone-not/keep.txt', {
      token: alice,
      body: {},
    });
    const bobShare = await server.request('POST', '/api/share/pub/a.txt', { token: bob, body: {} });
    assert.equal(bobShare.status, 200);
    assert.equal((await send('DELETE', '/api/resources/single.txt')).status, 204);
    assert.equal((await send('DELETE', '/api/resources/gone')).status, 204);
    assert.ok(!fs.existsSync(file('gone')) && !fs.existsSync(file('single.txt')));
    const hashes = (token: string) =>
      server
        .request('GET', '/api/shares', { token })
        .then((response) => response.json<{ hash: string }[]>().map((item) => item.hash));
    assert.deepEqual(await hashes(alice), [keptShare.json<{ hash: string }>().hash]);
    assert.deepEqual(await hashes(bob), [bobShare.json<{ hash: string }>().hash]);
    assert.equal((await send('DELETE', '/api/resources/gone')).status, 404);
    const root = await send('DELETE', '/api/resources/');
    assert.equal(root.status, 403);
    assert.equal(root.json<{ code: string }>().code, 'fs.rootImmutable');
    assert.equal((await send('DELETE', '/api/resources/existing.txt', mover)).status, 403);
    assert.ok(fs.existsSync(file('existing.txt')));
  });

  it('renames and moves, with 409 on conflicts, override (needs modify) and rename=true', async () => {
    writeTree(home(), { 'm/a.txt': 'A', 'm/b.txt': 'B', 'm/dir/x.txt': 'x', 'm/a.tar.gz': 'tgz' });
    assert.equal(
      (await patch('/m/a.txt', { action: 'rename', destination: '/m/new/place/a2.txt' })).status,
      200,
    );
    assert.equal(read('m/new/place/a2.txt'), 'A', 'missing parents are created');
    assert.ok(!fs.existsSync(file('m/a.txt')));
    const conflict = await patch('/m/b.txt', {
      action: 'rename',
      destination: '/m/new/place/a2.txt',
    });
    assert.equal(conflict.status, 409);
    assert.equal(
      (
        await patch(
          '/m/b.txt',
          { action: 'rename', destination: '/m/new/place/a2.txt', override: 'true' },
          mover,
        )
      ).status,
      403,
      'override needs modify',
    );
    assert.equal(
      (
        await patch('/m/b.txt', {
          action: 'rename',
          destination: '/m/new/place/a2.txt',
          override: 'true',
        })
      ).status,
      200,
    );
    assert.equal(read('m/new/place/a2.txt'), 'B');
    writeTree(home(), { 'm/b.txt': 'B2' });
    assert.equal(
      (
        await patch('/m/b.txt', {
          action: 'rename',
          destination: '/m/new/place/a2.txt',
          rename: 'true',
        })
      ).status,
      200,
    );
    assert.equal(read('m/new/place/a2 (1).txt'), 'B2');
    assert.equal(
      (await patch('/m/dir', { action: 'rename', destination: '/m/dir2' }, mover)).status,
      200,
      'rename permission is enough',
    );
    assert.equal(read('m/dir2/x.txt'), 'x');
    assert.equal(
      (await patch('/m/dir2', { action: 'rename', destination: '/m/dir2/inside' })).status,
      400,
    );
    assert.equal(
      (await patch('/m/a.tar.gz', { action: 'rename', destination: '/m/A.TAR.GZ' })).status,
      200,
      'a case-only rename',
    );
    assert.equal(read('m/A.TAR.GZ'), 'tgz');
    assert.equal(
      (await patch('/m/A.TAR.GZ', { action: 'rename', destination: '/m/z.txt' }, reader)).status,
      403,
    );
  });

  it('copies files and folders, merging folders with override and naming copies with rename=true', async () => {
    writeTree(home(), {
      'c/a.tar.gz': 'tgz',
      'c/dir/one.txt': '1',
      'c/dir/sub/two.txt': '2',
      'c/target/old.txt': 'old',
      'c/target/one.txt': 'stale',
    });
    assert.equal((await patch('/c/dir', { action: 'copy', destination: '/c/copy' })).status, 200);
    assert.equal(read('c/copy/sub/two.txt'), '2');
    assert.equal(read('c/dir/one.txt'), '1', 'the source stays');
    assert.equal((await patch('/c/dir', { action: 'copy', destination: '/c/target' })).status, 409);
    assert.equal(
      (await patch('/c/dir', { action: 'copy', destination: '/c/target', override: 'true' }))
        .status,
      200,
    );
    assert.deepEqual(fs.readdirSync(file('c/target')).sort(), ['old.txt', 'one.txt', 'sub']);
    assert.equal(read('c/target/one.txt'), '1');
    assert.equal(
      (await patch('/c/a.tar.gz', { action: 'copy', destination: '/c/a.tar.gz', rename: 'true' }))
        .status,
      200,
    );
    assert.equal(read('c/a.tar (1).gz'), 'tgz');
    assert.equal(
      (await patch('/c/dir', { action: 'copy', destination: '/c/dir', rename: 'true' })).status,
      200,
    );
    assert.equal(read('c/dir (1)/sub/two.txt'), '2');
    assert.equal(
      (await patch('/c/a.tar.gz', { action: 'copy', destination: '/c/a.tar.gz' })).status,
      409,
    );
    assert.equal(
      (await patch('/c/a.tar.gz', { action: 'copy', destination: '/c/a.tar.gz', override: 'true' }))
        .status,
      400,
    );
    assert.equal(
      (await patch('/c/dir', { action: 'copy', destination: '/c/dir/sub/again' })).status,
      400,
    );
    assert.equal(
      (await patch('/c/a.tar.gz', { action: 'copy', destination: '/c/x.gz' }, reader)).status,
      403,
      'copy needs create',
    );
  });

  it('refuses bad PATCH requests clearly', async () => {
    const cases: [string, number][] = [
      [`/api/resources/existing.txt?action=delete&destination=${encodeURIComponent('/x')}`, 400],
      ['/api/resources/existing.txt?action=copy', 400],
      ['/api/resources/existing.txt?destination=%2Fx', 400],
      [`/api/resources/existing.txt?action=copy&destination=${encodeURIComponent('%zz')}`, 400],
      [
        `/api/resources/existing.txt?action=copy&destination=${encodeURIComponent('/a\u0000b')}`,
        400,
      ],
      [`/api/resources/nothing.txt?action=copy&destination=${encodeURIComponent('/x')}`, 404],
      [`/api/resources/?action=rename&destination=${encodeURIComponent('/x')}`, 403],
      [`/api/resources/existing.txt?action=rename&destination=${encodeURIComponent('/')}`, 403],
    ];
    for (const [url, status] of cases) {
      const response = await send('PATCH', url);
      assert.equal(response.status, status, `${url}: ${response.text}`);
      assert.equal(typeof response.json<{ message: string }>().message, 'string');
    }
    assert.equal(read('existing.txt'), 'old');
  });

  it('leaves nothing behind when an upload is aborted', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/resources/aborted.bin HTTP/1.1\r\nHost: localhost\r\nX-Auth: ${alice}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(randomBytes(1024 * 1024));
    await eventually(() => tempFilesIn(home()).length > 0, 'the temp file');
    const during = await send('GET', '/api/resources/');
    assert.doesNotMatch(during.text, /\.drawer-/, 'an upload in progress is not listed');
    socket.destroy();
    await eventually(() => tempFilesIn(home()).length === 0, 'the temp file to go');
    assert.ok(!fs.existsSync(file('aborted.bin')));
    assert.equal((await send('GET', '/api/resources/existing.txt')).status, 200);
  });

  it('K5: of two uploads racing for one new name, one wins whole and the other gets 409', async () => {
    const first = randomBytes(4 * 1024 * 1024);
    const second = randomBytes(4 * 1024 * 1024);
    const results = await Promise.all([
      send('POST', '/api/resources/race.bin?override=false', alice, first),
      send('POST', '/api/resources/race.bin?override=false', alice, second),
    ]);
    assert.deepEqual(results.map((response) => response.status).sort(), [200, 409]);
    const stored = fs.readFileSync(file('race.bin'));
    assert.ok(stored.equals(first) || stored.equals(second), 'no interleaved content');
    assert.deepEqual(tempFilesIn(home()), []);
  });

  it('K4: of two moves of one file, one wins and the other finds it gone', async () => {
    for (let round = 0; round < 5; round += 1) {
      writeTree(home(), { [`k4/src${round}.txt`]: 'payload' });
      const results = await Promise.all([
        patch(`/k4/src${round}.txt`, { action: 'rename', destination: `/k4/one${round}.txt` }),
        patch(`/k4/src${round}.txt`, { action: 'rename', destination: `/k4/two${round}.txt` }),
      ]);
      assert.deepEqual(
        results.map((response) => response.status).sort(),
        [200, 404],
        `round ${round}`,
      );
      const landed = [`k4/one${round}.txt`, `k4/two${round}.txt`].filter((name) =>
        fs.existsSync(file(name)),
      );
      assert.equal(landed.length, 1, 'exactly one copy survives');
      assert.ok(!fs.existsSync(file(`k4/src${round}.txt`)));
    }
  });
});

describe('resources: moving across filesystems', () => {
  const shm = '/dev/shm';
  const usable = fs.existsSync(shm) && fs.statSync(shm).dev !== fs.statSync(os.tmpdir()).dev;
  let server: TestServer;
  let other: string;
  let admin: string;
  before(async () => {
    if (!usable) return;
    other = fs.mkdtempSync(path.join(shm, 'drawer-test-'));
    server = await startServer({
      args: ['--follow-external-symlinks'],
      setup: (root) => {
        writeTree(root, { 'file.txt': 'moved across', 'dir/a.txt': 'a', 'dir/sub/b.txt': 'b' });
        fs.symlinkSync(other, path.join(root, 'elsewhere'));
      },
    });
    admin = await server.adminToken();
  });
  after(async () => {
    if (!usable) return;
    await server.stop();
    removeDir(server.dir);
    removeDir(other);
  });

  it(
    'moves files and folders to another device (copy, then delete)',
    { skip: !usable && 'no second filesystem' },
    async () => {
      const move = (source: string, destination: string) =>
        server.request(
          'PATCH',
          `/api/resources${source}?action=rename&destination=${encodeURIComponent(encodeURIComponent(destination))}`,
          { token: admin },
        );
      assert.equal((await move('/file.txt', '/elsewhere/file.txt')).status, 200);
      assert.equal(fs.readFileSync(path.join(other, 'file.txt'), 'utf8'), 'moved across');
      assert.ok(!fs.existsSync(path.join(server.root, 'file.txt')));
      assert.equal((await move('/dir', '/elsewhere/dir')).status, 200);
      assert.equal(fs.readFileSync(path.join(other, 'dir', 'sub', 'b.txt'), 'utf8'), 'b');
      assert.ok(!fs.existsSync(path.join(server.root, 'dir')));
      assert.equal((await move('/elsewhere/dir', '/back')).status, 200);
      assert.equal(fs.readFileSync(path.join(server.root, 'back', 'a.txt'), 'utf8'), 'a');
      assert.deepEqual(fs.readdirSync(other), ['file.txt']);
    },
  );
});
