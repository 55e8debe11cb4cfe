// Downloads: single files (ranges, validators, safe headers) and folders as archives of every format.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scenarios } from '../helpers/api-scenario';
import type { Scenario } from '../helpers/api-scenario';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { listTree } from '../helpers/tree';

const bigFile = randomBytes(3 * 1024 * 1024 + 17);

describe('raw downloads', () => {
  let server: TestServer;
  let alice: string;
  let eve: string;
  before(async () => {
    server = await startServer({
      setup: (root) => {
        writeTree(root, {
          'secret-root.txt': 'CANARY-ROOT',
          'bob/b.txt': 'CANARY-BOB',
          'alice/pub/a.txt': 'hello a',
          'alice/pub/sub/deep.txt': 'deep',
          'alice/pub/empty/': '',
          'alice/pub/private-sub/x.txt': 'CANARY-PRIVATE',
          'alice/page.html': '<script>alert(1)</script>',
          'alice/movie.srt': '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n',
          'alice/big.bin': bigFile,
          'alice/café ñ.txt': 'unicode',
          'alice/decomposed-cafe\u0301.txt': 'stored in NFD',
          'alice/Uploads/u.txt': 'CANARY-UPLOADS',
          'alice/Uploads_backup/u.txt': 'allowed',
        });
        fs.symlinkSync('../bob/b.txt', path.join(root, 'alice', 'ln-file'));
        fs.symlinkSync('../../bob', path.join(root, 'alice', 'pub', 'ln-dir'));
        fs.symlinkSync('./a.txt', path.join(root, 'alice', 'pub', 'ok-link'));
      },
    });
    await createUser(server, {
      username: 'alice',
      perm: { download: true },
      // /Uploads is closed; /Uploads_backup, which shares its prefix, is not (rules match whole names).
      rules: [
        { allow: false, path: '/pub/private-sub' },
        { allow: false, path: '/Uploads' },
      ],
    });
    await createUser(server, { username: 'eve', scope: '/alice', perm: { download: false } });
    alice = await server.login('alice', userPassword);
    eve = await server.login('eve', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });
  const context = () => ({ server, tokens: { alice, eve } });
  /** Every path under the served root: a download, refused or not, must leave the tree as it is. */
  const servedTree = {
    what: 'the served tree',
    read: () =>
      listTree(server.root)
        .map((entry) => path.relative(server.root, path.join(entry.parentPath, entry.name)))
        .sort(),
  };
  /** A GET as alice, the caller of every row below but the permission ones. */
  const aliceGets = (url: string): Pick<Scenario<'alice'>, 'as' | 'method' | 'url'> => ({
    as: 'alice',
    method: 'GET',
    url,
  });

  it('streams a file as an attachment with safe headers', async () => {
    const response = await server.request('GET', '/api/raw/pub/a.txt', { token: alice });
    assert.equal(response.status, 200);
    assert.equal(response.text, 'hello a');
    assert.equal(response.headers['content-type'], 'application/octet-stream');
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="a.txt"; filename\*=UTF-8''a\.txt$/,
    );
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.match(String(response.headers['content-security-policy']), /sandbox/);
    assert.equal(response.headers['accept-ranges'], 'bytes');
  });

  it('encodes non-ASCII names in Content-Disposition', async () => {
    const response = await server.request('GET', `/api/raw/${encodeURIComponent('café ñ.txt')}`, {
      token: alice,
    });
    assert.equal(response.status, 200);
    assert.match(
      String(response.headers['content-disposition']),
      /filename\*=UTF-8''caf%C3%A9%20%C3%B1\.txt/,
    );
  });

  it('reaches a file whose name is stored decomposed (NFD) on disk', async () => {
    const response = await server.request('GET', '/api/raw/decomposed-cafe%CC%81.txt', {
      token: alice,
    });
    assert.equal(response.status, 200);
    assert.equal(response.text, 'stored in NFD');
  });

  it('serves byte ranges, 416 outside the file, and the whole file for several ranges', async () => {
    const partial = await server.request('GET', '/api/raw/big.bin', {
      token: alice,
      headers: { range: 'bytes=100-199' },
    });
    assert.equal(partial.status, 206);
    assert.equal(partial.headers['content-range'], `bytes 100-199/${bigFile.length}`);
    assert.deepEqual(partial.body, bigFile.subarray(100, 200));
    const suffix = await server.request('GET', '/api/raw/big.bin', {
      token: alice,
      headers: { range: 'bytes=-10' },
    });
    assert.deepEqual(suffix.body, bigFile.subarray(bigFile.length - 10));
    const outside = await server.request('GET', '/api/raw/big.bin', {
      token: alice,
      headers: { range: `bytes=${bigFile.length + 5}-` },
    });
    assert.equal(outside.status, 416);
    assert.equal(outside.headers['content-range'], `bytes */${bigFile.length}`);
    const several = await server.request('GET', '/api/raw/big.bin', {
      token: alice,
      headers: { range: 'bytes=0-0,5-5,10-10' },
    });
    assert.equal(several.status, 200);
    assert.equal(several.body.length, bigFile.length);
  });

  it('answers 304 to a matching ETag and ignores a stale If-Range', async () => {
    const first = await server.request('GET', '/api/raw/pub/a.txt', { token: alice });
    const etag = String(first.headers.etag);
    assert.ok(etag.startsWith('"'));
    const again = await server.request('GET', '/api/raw/pub/a.txt', {
      token: alice,
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.status, 304);
    const stale = await server.request('GET', '/api/raw/big.bin', {
      token: alice,
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    });
    assert.equal(stale.status, 200);
  });

  it('never serves HTML inline as HTML', async () => {
    const response = await server.request('GET', '/api/raw/page.html?inline=true', {
      token: alice,
    });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.match(String(response.headers['content-disposition']), /^inline/);
    assert.match(String(response.headers['content-security-policy']), /sandbox/);
  });

  scenarios('serves SubRip subtitles as WebVTT', {
    context,
    each: (response) => assert.match(String(response.headers['content-type']), /^text\/vtt/),
    rows: [
      { name: 'inline raw', url: '/api/raw/movie.srt?inline=true' },
      { name: 'the subtitle route', url: '/api/subtitle/movie.srt' },
    ].map(({ name, url }) => ({
      ...aliceGets(url),
      name,
      status: 200,
      contains: /^WEBVTT\n\n1\n00:00:01\.000 --> 00:00:02\.500\nHello/,
    })),
  });

  scenarios('refuses downloads without the download permission, ranges included', {
    context,
    invariant: servedTree,
    rows: [
      { name: 'a file', url: '/api/raw/pub/a.txt' },
      { name: 'a range of a file', url: '/api/raw/pub/a.txt', headers: { range: 'bytes=0-1' } },
      { name: 'a folder as a zip', url: '/api/raw/pub?algo=zip' },
      { name: 'a subtitle', url: '/api/subtitle/movie.srt' },
    ].map((row): Scenario<'eve'> => ({
      ...row,
      as: 'eve',
      method: 'GET',
      status: 403,
      notContains: /hello a/,
    })),
  });

  // An escaping link may be refused or not found: either way nothing of its target is served.
  scenarios('refuses traversal, escaping symlinks and rule-hidden files', {
    context,
    invariant: servedTree,
    each: (response) => assert.doesNotMatch(response.text, /CANARY/),
    rows: [
      { ...aliceGets('/api/raw/../secret-root.txt'), name: '".." as is', status: 404 },
      { ...aliceGets('/api/raw/%2e%2e/%2e%2e/secret-root.txt'), name: '".." encoded', status: 404 },
      {
        ...aliceGets('/api/raw/..%2fsecret-root.txt'),
        name: 'an encoded slash after ".."',
        status: 404,
      },
      {
        ...aliceGets('/api/raw/%252e%252e%252fsecret-root.txt'),
        name: '".." encoded twice',
        status: 404,
      },
      {
        ...aliceGets('/api/raw/ln-file'),
        name: 'a link to a file out of the scope',
        status: [403, 404],
      },
      {
        ...aliceGets('/api/raw/pub/ln-dir/b.txt'),
        name: 'a file through a link to a folder out of the scope',
        status: [403, 404],
      },
      { ...aliceGets('/api/raw/pub/private-sub/x.txt'), name: 'a rule-hidden file', status: 403 },
      {
        ...aliceGets('/api/raw//pub//private-sub/x.txt'),
        name: 'a rule-hidden file, doubled slashes',
        status: 403,
      },
      {
        ...aliceGets('/api/raw/pub/./sub/../private-sub/x.txt'),
        name: 'a rule-hidden file, "." and ".." inside the scope',
        status: 403,
      },
      { ...aliceGets('/api/raw/pub/a.txt%00.png'), name: 'a NUL byte', status: 400 },
      { ...aliceGets('/api/raw/pub/%zz'), name: 'an invalid percent-encoding', status: 400 },
      {
        ...aliceGets('/api/raw/pub/a.txt/../../secret-root.txt'),
        name: '".." after a file',
        status: 404,
      },
      {
        ...aliceGets('/api/raw/pub/ok-link'),
        name: 'a link inside the scope is served',
        status: 200,
        check: (response) => assert.equal(response.text, 'hello a'),
      },
      { ...aliceGets('/api/raw/Uploads/u.txt'), name: 'a file of closed Uploads', status: 403 },
      {
        ...aliceGets('/api/raw/Uploads_backup/u.txt'),
        name: 'a file of Uploads_backup, which only shares the closed prefix, is served',
        status: 200,
        check: (response) => assert.equal(response.text, 'allowed'),
      },
    ],
  });

  it('downloads a folder as a zip named after it, without hidden or escaping entries', async () => {
    const response = await server.request('GET', '/api/raw/pub?algo=zip', { token: alice });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-disposition']), /filename="pub\.zip"/);
    const file = path.join(server.dir, 'pub.zip');
    fs.writeFileSync(file, response.body);
    execFileSync('unzip', ['-tq', file]);
    const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n').sort();
    assert.deepEqual(names, ['a.txt', 'empty/', 'ok-link', 'sub/', 'sub/deep.txt']);
  });

  it('downloads a selection with files=, named after the common folder', async () => {
    const files = encodeURIComponent(
      ['/pub/a.txt', '/pub/sub'].map((item) => encodeURI(item)).join(','),
    );
    const response = await server.request('GET', `/api/raw/?files=${files}&algo=tar`, {
      token: alice,
    });
    assert.equal(response.status, 200, response.text);
    assert.match(String(response.headers['content-disposition']), /filename="_pub\.tar"/);
    const file = path.join(server.dir, 'selection.tar');
    fs.writeFileSync(file, response.body);
    const names = execFileSync('tar', ['-tf', file]).toString().trim().split('\n').sort();
    assert.deepEqual(names, ['a.txt', 'sub/', 'sub/deep.txt']);
  });

  scenarios('refuses a selection naming a hidden or outside item', {
    context,
    invariant: servedTree,
    rows: [
      { name: 'a rule-hidden folder', item: '/pub/private-sub' },
      { name: 'a folder above the scope', item: '/../bob' },
      { name: 'a link out of the scope', item: '/ln-file' },
    ].map(({ name, item }) => ({
      ...aliceGets(`/api/raw/?files=${encodeURIComponent(encodeURI(item))}`),
      name,
      status: [403, 404],
      notContains: /CANARY/,
    })),
  });

  it('produces every archive format so that the standard tools open it', async () => {
    const tools: Record<string, string[]> = {
      tar: ['tar', '-xf'],
      targz: ['tar', '-xzf'],
      tarbz2: ['tar', '-xjf'],
      tarxz: ['tar', '-xJf'],
      tarlz4: ['tar', '-I', 'lz4 -d', '-xf'],
    };
    for (const [algo, command] of Object.entries(tools)) {
      const response = await server.request('GET', `/api/raw/pub?algo=${algo}`, { token: alice });
      assert.equal(response.status, 200, algo);
      const out = path.join(server.dir, `out-${algo}`);
      fs.mkdirSync(out);
      const file = path.join(server.dir, `pub.${algo}`);
      fs.writeFileSync(file, response.body);
      execFileSync(command[0] as string, [...command.slice(1), file, '-C', out]);
      assert.equal(fs.readFileSync(path.join(out, 'sub', 'deep.txt'), 'utf8'), 'deep', algo);
      assert.equal(fs.existsSync(path.join(out, 'private-sub')), false, algo);
    }
    const snappy = await server.request('GET', '/api/raw/pub?algo=tarsz', { token: alice });
    assert.equal(snappy.status, 200);
    assert.deepEqual(
      [...snappy.body.subarray(0, 10)],
      [0xff, 0x06, 0x00, 0x00, ...Buffer.from('sNaPpY')],
    );
    const unknown = await server.request('GET', '/api/raw/pub?algo=rar', { token: alice });
    assert.equal(unknown.status, 400);
  });

  it('downloads the scope root as an archive named after the scope folder', async () => {
    const response = await server.request('GET', '/api/raw/?algo=zip', { token: alice });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-disposition']), /filename="alice\.zip"/);
    const file = path.join(server.dir, 'root.zip');
    fs.writeFileSync(file, response.body);
    const names = execFileSync('unzip', ['-Z1', file]).toString();
    assert.doesNotMatch(names, /ln-file|private-sub|CANARY/);
    assert.match(names, /big\.bin/);
  });
});
