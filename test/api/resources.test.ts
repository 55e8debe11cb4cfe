// GET /api/resources (info, listings, types, sorting, content, checksums), recursive listing and /api/usage.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Resource {
  path: string;
  name: string;
  size: number;
  extension: string;
  modified: string;
  mode: number;
  isDir: boolean;
  isSymlink: boolean;
  type: string;
  content?: string;
  subtitles?: string[];
  checksums?: Record<string, string>;
  items?: Resource[];
  numDirs?: number;
  numFiles?: number;
  sorting?: { by: string; asc: boolean };
}

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);
const binary = Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(600)]);

describe('resources: reading', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let reader: string;
  let aliceId: number;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        writeTree(root, {
          'alice/notes.txt': 'hello notes',
          'alice/data.json': '{"a":1}',
          'alice/empty': '',
          'alice/README': 'plain words without an extension',
          'alice/image-noext': png,
          'alice/blob.bin': binary,
          'alice/noext-binary': binary,
          'alice/code.ts': 'export const answer = 42;\n',
          'alice/clip.ts': binary,
          'alice/archive.zip': Buffer.concat([
            Buffer.from('PK\x03\x04', 'latin1'),
            randomBytes(100),
          ]),
          'alice/song.mp3': randomBytes(64),
          'alice/voice.opus': randomBytes(64),
          'alice/doc.pdf': '%PDF-1.4\n',
          'alice/photo.webp': randomBytes(64),
          'alice/videos/movie.mp4': randomBytes(64),
          'alice/videos/movie.srt': '1',
          'alice/videos/movie.en.VTT': '1',
          'alice/videos/other.srt': '1',
          'alice/videos/movie.srt.d/': '',
          'alice/videos/Subs/all.ass': '1',
          'alice/videos/Subs/deeper/movie.ssa': '1',
          'alice/videos/Subs/deeper/other.ssa': '1',
          'alice/videos/sub/movie.srt': '1',
          'alice/videos/hidden/movie.srt': '1',
          'alice/sorted/a10.txt': '1234567890',
          'alice/sorted/a2.txt': '12',
          'alice/sorted/B.txt': '1',
          'alice/sorted/c.txt': '123',
          'alice/sorted/Zeta/': '',
          'alice/sorted/yolk/': '',
          'alice/secret/s.txt': 'CANARY-PRIVATE',
          'alice/tree/one/two/deep.txt': 'deep',
          'alice/tree/one/secret/s.txt': 'CANARY-PRIVATE',
          'alice/tree/top.txt': 'top',
        });
        fs.writeFileSync(path.join(root, 'alice', 'big.txt'), '');
        fs.truncateSync(path.join(root, 'alice', 'big.txt'), 11 * 1024 * 1024);
        execFileSync('mkfifo', [path.join(root, 'alice', 'pipe')]);
        const many = path.join(root, 'alice', 'many');
        fs.mkdirSync(many);
        for (let index = 0; index < 2000; index += 1)
          fs.writeFileSync(path.join(many, `f${index}.txt`), '');
        fs.mkdirSync(path.join(many, 'sub'));
        const times: [string, number][] = [
          ['a10.txt', 1_700_000_300],
          ['a2.txt', 1_700_000_100],
          ['B.txt', 1_700_000_400],
          ['c.txt', 1_700_000_200],
          ['Zeta', 1_700_000_050],
          ['yolk', 1_700_000_500],
        ];
        for (const [name, seconds] of times)
          fs.utimesSync(path.join(root, 'alice', 'sorted', name), seconds, seconds);
      },
    });
    admin = await server.adminToken();
    aliceId = await createUser(server, {
      username: 'alice',
      perm: { create: true, rename: true, modify: true, delete: true, download: true },
      rules: [
        { allow: false, path: '/secret' },
        { allow: false, path: '/videos/hidden' },
        { allow: false, path: '/tree/one/secret' },
      ],
    });
    await createUser(server, { username: 'reader', scope: '/alice', perm: { download: true } });
    alice = await server.login('alice', userPassword);
    reader = await server.login('reader', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const get = (url: string, token = alice, headers: Record<string, string> = {}) =>
    server.request('GET', url, { token, headers });
  const info = async (url: string, token = alice) => {
    const response = await get(url, token);
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.json<Resource>();
  };
  const setSorting = async (by: string, asc: boolean) => {
    const response = await server.request('PUT', `/api/users/${aliceId}`, {
      token: alice,
      body: { what: 'user', which: ['sorting'], data: { id: aliceId, sorting: { by, asc } } },
    });
    assert.equal(response.status, 200, response.text);
  };

  it('describes a folder with its listing, counts and the applied sorting', async () => {
    const root = await info('/api/resources/');
    assert.equal(root.path, '/');
    assert.equal(root.name, '');
    assert.equal(root.isDir, true);
    assert.equal(root.type, '');
    assert.equal(root.mode, 2 ** 31 + (fs.statSync(path.join(server.root, 'alice')).mode & 0o777));
    assert.deepEqual(root.sorting, { by: 'name', asc: true });
    const names = (root.items ?? []).map((item) => item.name);
    assert.ok(!names.includes('secret'), 'rule-denied entries are invisible');
    assert.equal(root.numDirs, (root.items ?? []).filter((item) => item.isDir).length);
    assert.equal(root.numFiles, (root.items ?? []).length - (root.numDirs ?? 0));
    const notes = root.items?.find((item) => item.name === 'notes.txt');
    assert.deepEqual(
      {
        path: notes?.path,
        size: notes?.size,
        extension: notes?.extension,
        isDir: notes?.isDir,
        isSymlink: notes?.isSymlink,
        type: notes?.type,
        content: notes?.content,
      },
      {
        path: '/notes.txt',
        size: 11,
        extension: '.txt',
        isDir: false,
        isSymlink: false,
        type: 'text',
        content: undefined,
      },
    );
    assert.match(
      notes?.modified ?? '',
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d*[1-9])?(Z|[+-]\d{2}:\d{2})$/,
    );
    assert.deepEqual(await info('/api/resources'), root, 'no trailing slash is the root too');
  });

  it('gives a file its info and, with download, its text', async () => {
    const notes = await info('/api/resources/notes.txt');
    assert.equal(notes.content, 'hello notes');
    assert.equal(notes.type, 'text');
    assert.equal(
      notes.mode,
      fs.statSync(path.join(server.root, 'alice', 'notes.txt')).mode & 0o777,
    );
    assert.equal(notes.items, undefined);
    const readOnly = await info('/api/resources/notes.txt', reader);
    assert.equal(readOnly.type, 'textImmutable', 'without modify the editor is read-only');
    assert.equal(readOnly.content, 'hello notes');
  });

  it('detects types from the extension, sniffing single files whose name says nothing', async () => {
    const expected: Record<string, string> = {
      'data.json': 'text',
      empty: 'text',
      README: 'text',
      'image-noext': 'image',
      'blob.bin': 'blob',
      'noext-binary': 'blob',
      'code.ts': 'text',
      'clip.ts': 'video',
      'archive.zip': 'blob',
      'song.mp3': 'audio',
      'voice.opus': 'video',
      'doc.pdf': 'pdf',
      'photo.webp': 'image',
      'videos/movie.mp4': 'video',
      'big.txt': 'blob',
      pipe: 'blob',
    };
    for (const [name, type] of Object.entries(expected)) {
      const resource = await info(`/api/resources/${name}`);
      assert.equal(resource.type, type, name);
      if (type !== 'text') assert.equal(resource.content, undefined, name);
    }
  });

  it('types listing items from their names only, never opening them', async () => {
    const started = Date.now();
    const root = await info('/api/resources/');
    assert.ok(Date.now() - started < 5000);
    const typeOf = (name: string) => root.items?.find((item) => item.name === name)?.type;
    assert.equal(typeOf('pipe'), 'blob', 'a FIFO would block a listing that opened files');
    assert.equal(typeOf('voice.opus'), 'video');
    assert.equal(typeOf('archive.zip'), 'blob');
    assert.equal(typeOf('big.txt'), 'blob');
    assert.equal(typeOf('data.json'), 'text');
    assert.equal(typeOf('doc.pdf'), 'pdf');
  });

  it('lists a video’s subtitles (sidecars, subs folders, one level deeper), rules applied', async () => {
    const movie = await info('/api/resources/videos/movie.mp4');
    assert.deepEqual(movie.subtitles, [
      '/videos/Subs/all.ass',
      '/videos/Subs/deeper/movie.ssa',
      '/videos/movie.en.VTT',
      '/videos/movie.srt',
    ]);
    const notes = await info('/api/resources/notes.txt');
    assert.equal(notes.subtitles, undefined);
  });

  it('sorts by name, size and modified in both directions (asc:true is A→Z)', async () => {
    const order = async () =>
      (await info('/api/resources/sorted/')).items?.map((item) => item.name);
    try {
      await setSorting('name', true);
      assert.deepEqual(await order(), ['yolk', 'Zeta', 'a2.txt', 'a10.txt', 'B.txt', 'c.txt']);
      await setSorting('name', false);
      assert.deepEqual(await order(), ['Zeta', 'yolk', 'c.txt', 'B.txt', 'a10.txt', 'a2.txt']);
      await setSorting('size', true);
      const sizeAsc = await order();
      assert.deepEqual(sizeAsc?.slice(2), ['B.txt', 'a2.txt', 'c.txt', 'a10.txt']);
      assert.deepEqual(sizeAsc?.slice(0, 2).sort(), ['Zeta', 'yolk']);
      await setSorting('size', false);
      const sizeDesc = await order();
      assert.deepEqual(sizeDesc?.slice(0, 4), ['a10.txt', 'c.txt', 'a2.txt', 'B.txt']);
      await setSorting('modified', true);
      assert.deepEqual(await order(), ['Zeta', 'a2.txt', 'c.txt', 'a10.txt', 'B.txt', 'yolk']);
      await setSorting('modified', false);
      const listing = await info('/api/resources/sorted/');
      assert.deepEqual(
        listing.items?.map((item) => item.name),
        ['yolk', 'B.txt', 'a10.txt', 'c.txt', 'a2.txt', 'Zeta'],
      );
      assert.deepEqual(listing.sorting, { by: 'modified', asc: false });
    } finally {
      await setSorting('name', true);
    }
  });

  it('lists 2,000 files completely with the right counts', async () => {
    const many = await info('/api/resources/many/');
    assert.equal(many.items?.length, 2001);
    assert.equal(many.numFiles, 2000);
    assert.equal(many.numDirs, 1);
    assert.equal(many.items?.[0]?.name, 'sub');
    assert.deepEqual(
      many.items?.slice(1, 4).map((item) => item.name),
      ['f0.txt', 'f1.txt', 'f2.txt'],
    );
    assert.equal(many.items?.at(-1)?.name, 'f1999.txt');
  });

  it('computes streamed checksums with the download permission only', async () => {
    const content = fs.readFileSync(path.join(server.root, 'alice', 'blob.bin'));
    for (const algorithm of ['md5', 'sha1', 'sha256', 'sha512']) {
      const resource = await info(`/api/resources/blob.bin?checksum=${algorithm}`);
      assert.deepEqual(resource.checksums, {
        [algorithm]: createHash(algorithm).update(content).digest('hex'),
      });
      assert.equal(resource.content, undefined);
      assert.equal(resource.name, 'blob.bin');
    }
    const text = await info('/api/resources/notes.txt?checksum=md5');
    assert.equal(text.content, undefined, 'no content next to a checksum');
    for (const algorithm of ['sha3', 'SHA256', '', '../x'])
      assert.equal(
        (await get(`/api/resources/blob.bin?checksum=${algorithm}`)).status,
        400,
        algorithm,
      );
    assert.equal(
      (await get('/api/resources/many?checksum=md5')).status,
      400,
      'a folder has no checksum',
    );
    assert.equal((await get('/api/resources/nothing?checksum=md5')).status, 404);
    assert.equal((await get('/api/resources/secret/s.txt?checksum=md5')).status, 403);
  });

  it('answers the X-Encoding branch with raw bytes for text files only', async () => {
    const raw = await get('/api/resources/notes.txt', alice, { 'x-encoding': 'true' });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-type'], 'application/octet-stream');
    assert.equal(raw.text, 'hello notes');
    const image = await get('/api/resources/image-noext', alice, { 'x-encoding': 'true' });
    assert.equal(image.json<Resource>().type, 'image');
  });

  it('refuses rule-denied paths with 403 and missing ones with 404', async () => {
    for (const url of [
      '/api/resources/secret',
      '/api/resources/secret/',
      '/api/resources/secret/s.txt',
      '/api/resources/videos/hidden/movie.srt',
    ]) {
      const response = await get(url);
      assert.equal(response.status, 403, url);
      assert.equal(response.json<{ code: string }>().code, 'fs.forbidden');
      assert.ok(!response.text.includes('CANARY'));
    }
    const missing = await get('/api/resources/nope/nothing.txt');
    assert.equal(missing.status, 404);
    assert.equal(missing.json<{ code: string }>().code, 'fs.notFound');
  });

  it('lists a folder recursively, skipping rule-denied subtrees', async () => {
    const response = await get('/api/resources/recursive/tree/');
    assert.equal(response.status, 200, response.text);
    const items =
      response.json<
        { path: string; name: string; size: number; isDir: boolean; modified: string }[]
      >();
    assert.deepEqual(
      items.map((item) => item.path),
      ['/tree/one', '/tree/one/two', '/tree/one/two/deep.txt', '/tree/top.txt'],
    );
    assert.deepEqual(items[2], {
      path: '/tree/one/two/deep.txt',
      name: 'deep.txt',
      size: 4,
      isDir: false,
      modified: items[2]?.modified,
    });
    assert.equal((await get('/api/resources/recursive/tree/top.txt')).status, 400);
    assert.equal((await get('/api/resources/recursive/nope/')).status, 404);
    assert.equal((await get('/api/resources/recursive/secret/')).status, 403);
  });

  it('reports disk usage of a folder, zeros for a file', async () => {
    const usage = await get('/api/usage/');
    assert.equal(usage.status, 200);
    const { total, used } = usage.json<{ total: number; used: number }>();
    assert.ok(
      Number.isInteger(total) && total > 0 && Number.isInteger(used) && used > 0 && used <= total,
    );
    assert.equal((await get('/api/usage')).status, 200);
    assert.deepEqual((await get('/api/usage/notes.txt')).json(), { total: 0, used: 0 });
    assert.equal((await get('/api/usage/secret')).status, 403);
    assert.equal((await get('/api/usage/nope')).status, 404);
    assert.equal((await server.request('POST', '/api/usage/', { token: alice })).status, 405);
  });

  it('needs a login, and answers 405 for methods the routes do not take', async () => {
    assert.equal((await server.request('GET', '/api/resources/')).status, 401);
    assert.equal((await server.request('GET', '/api/usage/')).status, 401);
    assert.equal(
      (await server.request('OPTIONS', '/api/resources/notes.txt', { token: alice })).status,
      405,
    );
    assert.equal((await server.request('PUT', '/api/resources', { token: alice })).status, 405);
    assert.equal((await server.request('GET', '/api/resources/', { token: admin })).status, 200);
  });
});

describe('resources: the database inside the served folder', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startServer({
      args: ['--database', 'root/data/drawer.json'],
      setup: (root) => writeTree(root, { 'data/other.txt': 'other', 'top.txt': 'top' }),
    });
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const databaseFile = () => path.join(server.root, 'data', 'drawer.json');

  it('is never listed, read, hashed or overwritten', async () => {
    assert.ok(fs.existsSync(databaseFile()));
    const secret = (JSON.parse(fs.readFileSync(databaseFile(), 'utf8')) as { secret: string })
      .secret;
    const before = fs.readFileSync(databaseFile());
    const listing = await server.request('GET', '/api/resources/data/', { token: admin });
    assert.deepEqual(
      listing.json<Resource>().items?.map((item) => item.name),
      ['other.txt'],
    );
    for (const url of [
      '/api/resources/data/drawer.json',
      '/api/resources/data/drawer.json?checksum=sha256',
      '/api/resources/data/../data/drawer.json',
      '/api/resources/data/drawer.json.lock',
    ]) {
      const response = await server.request('GET', url, { token: admin });
      assert.equal(response.status, 404, url);
      assert.ok(!response.text.includes(secret));
    }
    const recursive = await server.request('GET', '/api/resources/recursive/', { token: admin });
    assert.ok(!recursive.text.includes('drawer.json'));
    assert.equal(
      (
        await server.request('POST', '/api/resources/data/drawer.json?override=true', {
          token: admin,
          rawBody: '{}',
        })
      ).status,
      404,
    );
    assert.equal(
      (
        await server.request('PUT', '/api/resources/data/drawer.json', {
          token: admin,
          rawBody: '{}',
        })
      ).status,
      404,
    );
    assert.equal(
      (await server.request('DELETE', '/api/resources/data/drawer.json', { token: admin })).status,
      404,
    );
    assert.equal(
      (
        await server.request(
          'PATCH',
          `/api/resources/data/drawer.json?action=copy&destination=${encodeURIComponent('/copy.json')}`,
          { token: admin },
        )
      ).status,
      404,
    );
    assert.equal(
      (
        await server.request(
          'PATCH',
          `/api/resources/top.txt?action=rename&destination=${encodeURIComponent('/data/drawer.json')}&override=true`,
          { token: admin },
        )
      ).status,
      404,
    );
    assert.deepEqual(fs.readFileSync(databaseFile()), before);
  });

  it('keeps its folder from being copied, moved or deleted', async () => {
    for (const [method, url] of [
      ['PATCH', `/api/resources/data?action=copy&destination=${encodeURIComponent('/data-copy')}`],
      ['PATCH', `/api/resources/data?action=rename&destination=${encodeURIComponent('/moved')}`],
      ['DELETE', '/api/resources/data'],
    ] as const) {
      const response = await server.request(method, url, { token: admin });
      assert.equal(response.status, 403, `${method} ${url}`);
    }
    assert.ok(fs.existsSync(databaseFile()));
    assert.ok(!fs.existsSync(path.join(server.root, 'data-copy')));
    assert.equal(
      (await server.request('GET', '/api/users', { token: admin })).status,
      200,
      'the server still works',
    );
  });
});
