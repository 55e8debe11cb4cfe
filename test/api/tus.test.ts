// Resumable uploads (tus 1.0 at /api/tus) against a real server: tus-js-client, then the protocol header by header.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import {
  offsetStream,
  openPatch,
  patterned,
  statusOfError,
  tusRequest,
  tusUpload,
} from '../helpers/tus';

const full = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

describe('tus uploads', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let noModify: string;
  const home = () => path.join(server.root, 'alice');
  const hiddenIn = (folder: string) =>
    fs.readdirSync(folder).filter((name) => name.startsWith('.drawer-'));

  /** POST as File Browser's client does; the Location answered. */
  const create = async (url: string, length: number, token = alice, headers = {}) => {
    const response = await tusRequest(server, 'POST', url, {
      token,
      headers: { 'Upload-Length': String(length), ...headers },
    });
    assert.equal(response.status, 201, response.text);
    return String(response.headers.location);
  };
  const patch = (url: string, offset: number, body: Buffer | string, token = alice, headers = {}) =>
    tusRequest(server, 'PATCH', url, {
      token,
      rawBody: body,
      headers: { ...offsetStream, 'Upload-Offset': String(offset), ...headers },
    });
  const head = (url: string, token = alice) => tusRequest(server, 'HEAD', url, { token });

  before(async () => {
    server = await startServer({
      args: ['--tus-max-size', '40M'],
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'alice', 'docs'), { recursive: true });
        fs.writeFileSync(path.join(root, 'alice', 'docs', 'old.txt'), 'old content');
      },
    });
    await createUser(server, { username: 'alice', perm: full });
    await createUser(server, { username: 'bob', scope: '/alice', perm: full });
    await createUser(server, {
      username: 'nomodify',
      scope: '/alice',
      perm: { ...full, modify: false },
    });
    alice = await server.login('alice', userPassword);
    bob = await server.login('bob', userPassword);
    noModify = await server.login('nomodify', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('OPTIONS announces the version, extensions, checksums and size limit, without a login', async () => {
    for (const url of ['/api/tus', '/api/tus/any/file.bin']) {
      const response = await server.request('OPTIONS', url);
      assert.equal(response.status, 204);
      assert.equal(response.headers['tus-resumable'], '1.0.0');
      assert.equal(response.headers['tus-version'], '1.0.0');
      assert.deepEqual(String(response.headers['tus-extension']).split(','), [
        'creation',
        'termination',
        'checksum',
        'expiration',
      ]);
      const algorithms = String(response.headers['tus-checksum-algorithm']).split(',');
      for (const algorithm of ['md5', 'sha1', 'sha256']) assert.ok(algorithms.includes(algorithm));
      assert.equal(response.headers['tus-max-size'], String(40 * 1024 * 1024));
    }
  });

  it('tus-js-client uploads 30 MiB in three chunks of the default size, byte-exact, leaving nothing hidden', async () => {
    const chunk = 10 * 1024 * 1024;
    const data = patterned(3 * chunk - 12_345);
    const chunks: number[] = [];
    await tusUpload(server, alice, '/api/tus/docs/three.bin?override=false', data, {
      chunkSize: chunk,
      onChunkComplete: (size) => chunks.push(size),
    });
    assert.deepEqual(chunks, [chunk, chunk, chunk - 12_345]);
    assert.ok(fs.readFileSync(path.join(home(), 'docs', 'three.bin')).equals(data));
    assert.deepEqual(hiddenIn(path.join(home(), 'docs')), []);
  });

  it('answers every request with Tus-Resumable, and a missing or other version with 412', async () => {
    const denied = await server.request('HEAD', '/api/tus/x.bin');
    assert.equal(denied.status, 401);
    assert.equal(denied.headers['tus-resumable'], '1.0.0');
    for (const headers of [{}, { 'Tus-Resumable': '0.2.2' }] as Record<string, string>[]) {
      const response = await server.request('POST', '/api/tus/v.bin', {
        token: alice,
        headers: { 'Upload-Length': '3', ...headers },
      });
      assert.equal(response.status, 412);
      assert.equal(response.headers['tus-version'], '1.0.0');
      assert.equal(response.headers['tus-resumable'], '1.0.0');
      assert.equal(response.json<{ code: string }>().code, 'upload.unsupportedVersion');
    }
    assert.deepEqual(hiddenIn(home()), []);
  });

  it('POST needs a whole Upload-Length (400) and does not take Upload-Defer-Length', async () => {
    for (const headers of [
      {},
      { 'Upload-Length': '-1' },
      { 'Upload-Length': '1.5' },
      { 'Upload-Length': 'ten' },
      { 'Upload-Defer-Length': '1' },
    ] as Record<string, string>[]) {
      const response = await tusRequest(server, 'POST', '/api/tus/len.bin', {
        token: alice,
        headers,
      });
      assert.equal(response.status, 400, JSON.stringify(headers));
    }
  });

  it('tolerates Upload-Metadata and answers 201 with a Location under /api/tus and an expiry', async () => {
    const response = await tusRequest(server, 'POST', '/api/tus/docs/new%20name.txt', {
      token: alice,
      headers: {
        'Upload-Length': '5',
        'Upload-Metadata': 'filename bmV3IG5hbWUudHh0,filetype dGV4dC9wbGFpbg==,empty',
      },
    });
    assert.equal(response.status, 201);
    assert.match(
      String(response.headers.location),
      /^\/api\/tus\/docs\/new%20name\.txt\?id=[0-9a-f]{24}$/,
    );
    const expires = Date.parse(String(response.headers['upload-expires']));
    assert.ok(Math.abs(expires - Date.now() - 24 * 3600 * 1000) < 60_000);
    const done = await patch(String(response.headers.location), 0, 'hello');
    assert.equal(done.status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'new name.txt'), 'utf8'), 'hello');
  });

  it('?override=false on an existing file is 409 before any byte; nothing is created', async () => {
    const response = await tusRequest(server, 'POST', '/api/tus/docs/old.txt?override=false', {
      token: alice,
      headers: { 'Upload-Length': '3' },
    });
    assert.equal(response.status, 409);
    assert.equal(response.json<{ code: string }>().code, 'fs.exists');
    assert.deepEqual(hiddenIn(path.join(home(), 'docs')), []);
    const folder = await tusRequest(server, 'POST', '/api/tus/docs?override=true', {
      token: alice,
      headers: { 'Upload-Length': '3' },
    });
    assert.equal(folder.status, 409, 'a folder is never replaced');
  });

  it('?override=true replaces a file on the last byte only, and needs the modify permission', async () => {
    const refused = await tusRequest(server, 'POST', '/api/tus/docs/old.txt?override=true', {
      token: noModify,
      headers: { 'Upload-Length': '3' },
    });
    assert.equal(refused.status, 403);
    const location = await create('/api/tus/docs/old.txt?override=true', 11);
    assert.equal((await patch(location, 0, 'new ')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'old.txt'), 'utf8'), 'old content');
    assert.equal((await patch(location, 4, 'content')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'old.txt'), 'utf8'), 'new content');
  });

  it('an upload into missing folders makes them, as File Browser does', async () => {
    const location = await create('/api/tus/made/for/it.txt', 2);
    assert.ok(fs.statSync(path.join(home(), 'made', 'for')).isDirectory());
    assert.equal((await patch(location, 0, 'ok')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'made', 'for', 'it.txt'), 'utf8'), 'ok');
  });

  it('HEAD reports offset and length uncached; a PATCH at another offset is 409', async () => {
    const location = await create('/api/tus/docs/offsets.txt', 10);
    const first = await head(location);
    assert.equal(first.status, 200);
    assert.equal(first.headers['upload-offset'], '0');
    assert.equal(first.headers['upload-length'], '10');
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.ok(first.headers['upload-expires']);
    const written = await patch(location, 0, 'abcd');
    assert.equal(written.status, 204);
    assert.equal(written.headers['upload-offset'], '4');
    assert.ok(written.headers['upload-expires']);
    assert.equal((await head(location)).headers['upload-offset'], '4');
    for (const offset of [0, 3, 5, 10]) {
      const wrong = await patch(location, offset, 'zz');
      assert.equal(wrong.status, 409, `offset ${offset}`);
      assert.equal(wrong.json<{ code: string }>().code, 'upload.offsetMismatch');
    }
    assert.equal((await patch(location, 4, 'efghij')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'offsets.txt'), 'utf8'), 'abcdefghij');
    assert.equal((await head(location)).headers['upload-offset'], '10', 'complete, said by id');
    const byPath = await head('/api/tus/docs/offsets.txt');
    assert.equal(byPath.status, 404, 'no upload in progress there any more');
  });

  it('a chunk past Upload-Length is 413 and the offset stays', async () => {
    const location = await create('/api/tus/docs/bounded.txt', 6);
    assert.equal((await patch(location, 0, 'abc')).status, 204);
    const declared = await patch(location, 3, 'defg');
    assert.equal(declared.status, 413);
    // A chunked body says no length up front: it is read, and cut back once it passes the end.
    const chunked = openPatch(server, alice, location, { 'Upload-Offset': '3' });
    await chunked.write(Buffer.from('de'));
    const answer = await chunked.finish(Buffer.from('fgh'));
    assert.equal(answer.status, 413);
    assert.equal((await head(location)).headers['upload-offset'], '3');
    assert.equal((await patch(location, 3, 'def')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'bounded.txt'), 'utf8'), 'abcdef');
  });

  it('PATCH needs the offset stream type (415) and a whole Upload-Offset (400)', async () => {
    const location = await create('/api/tus/docs/typed.txt', 3);
    const typed = await tusRequest(server, 'PATCH', location, {
      token: alice,
      rawBody: 'abc',
      headers: { 'Content-Type': 'application/octet-stream', 'Upload-Offset': '0' },
    });
    assert.equal(typed.status, 415);
    const noOffset = await tusRequest(server, 'PATCH', location, {
      token: alice,
      rawBody: 'abc',
      headers: offsetStream,
    });
    assert.equal(noOffset.status, 400);
    assert.equal((await head(location)).headers['upload-offset'], '0');
    assert.equal((await tusRequest(server, 'DELETE', location, { token: alice })).status, 204);
  });

  it('checks Upload-Checksum (md5, sha1, sha256): a mismatch is 460 and the chunk is not kept', async () => {
    const location = await create('/api/tus/docs/summed.txt', 12);
    const digest = (algorithm: string, text: string) =>
      createHash(algorithm).update(text).digest('base64');
    const good = await patch(location, 0, 'abcd', alice, {
      'Upload-Checksum': `sha1 ${digest('sha1', 'abcd')}`,
    });
    assert.equal(good.status, 204);
    const bad = await patch(location, 4, 'efgh', alice, {
      'Upload-Checksum': `md5 ${digest('md5', 'EFGH')}`,
    });
    assert.equal(bad.status, 460);
    assert.equal(bad.json<{ code: string }>().code, 'upload.checksumMismatch');
    assert.equal((await head(location)).headers['upload-offset'], '4');
    const unknown = await patch(location, 4, 'efgh', alice, { 'Upload-Checksum': 'crc32 AAAA' });
    assert.equal(unknown.status, 400);
    assert.equal(
      (
        await patch(location, 4, 'efgh', alice, {
          'Upload-Checksum': `md5 ${digest('md5', 'efgh')}`,
        })
      ).status,
      204,
    );
    assert.equal(
      (
        await patch(location, 8, 'ijkl', alice, {
          'Upload-Checksum': `sha256 ${digest('sha256', 'ijkl')}`,
        })
      ).status,
      204,
    );
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'summed.txt'), 'utf8'), 'abcdefghijkl');
  });

  it('refuses a second PATCH while one is writing (423): bodies are never interleaved', async () => {
    const location = await create('/api/tus/docs/locked.txt', 8);
    const first = openPatch(server, alice, location, {
      'Upload-Offset': '0',
      'Content-Length': '8',
    });
    await first.write(Buffer.from('AAAA'));
    // HEAD reports the bytes on disk, so 4 means the first PATCH holds the upload and is writing.
    await eventually(
      async () => String((await head(location)).headers['upload-offset']) === '4',
      'the first PATCH to be writing',
    );
    const second = await patch(location, 0, 'BBBBBBBB');
    assert.equal(second.status, 423);
    assert.equal(second.json<{ code: string }>().code, 'upload.locked');
    const deleted = await tusRequest(server, 'DELETE', location, { token: alice });
    assert.equal(deleted.status, 423);
    assert.equal((await first.finish(Buffer.from('AAAA'))).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'locked.txt'), 'utf8'), 'AAAAAAAA');
  });

  it('a client cut off mid-PATCH keeps the bytes that arrived; the upload resumes from there', async () => {
    const data = patterned(300_000, 5);
    const location = await create('/api/tus/docs/cut.bin', data.length);
    const cut = openPatch(server, alice, location, {
      'Upload-Offset': '0',
      'Content-Length': String(data.length),
    });
    await cut.write(data.subarray(0, 100_000));
    await eventually(
      async () => String((await head(location)).headers['upload-offset']) === '100000',
      'the first 100,000 bytes on disk',
    );
    cut.cut();
    await eventually(
      async () => String((await head(location)).headers['upload-offset']) === '100000',
      'the offset to stop at the bytes that arrived',
    );
    assert.equal((await patch(location, 100_000, data.subarray(100_000))).status, 204);
    assert.ok(fs.readFileSync(path.join(home(), 'docs', 'cut.bin')).equals(data));
  });

  it('DELETE ends an upload and removes its files; then it is 404', async () => {
    const location = await create('/api/tus/docs/ended.txt', 10);
    assert.equal((await patch(location, 0, 'abc')).status, 204);
    assert.equal(hiddenIn(path.join(home(), 'docs')).length, 2);
    const ended = await tusRequest(server, 'DELETE', location, { token: alice });
    assert.equal(ended.status, 204);
    assert.equal(ended.headers['tus-resumable'], '1.0.0');
    assert.deepEqual(hiddenIn(path.join(home(), 'docs')), []);
    assert.equal((await head(location)).status, 404);
    assert.equal((await patch(location, 3, 'def')).status, 404);
    assert.equal((await tusRequest(server, 'DELETE', location, { token: alice })).status, 404);
    assert.equal(fs.existsSync(path.join(home(), 'docs', 'ended.txt')), false);
  });

  it('only its creator finds an upload: another user of the same folder gets 404, and an upload of their own', async () => {
    const location = await create('/api/tus/docs/mine.txt', 6);
    assert.equal((await patch(location, 0, 'abc')).status, 204);
    assert.equal((await head(location, bob)).status, 404);
    assert.equal((await patch(location, 3, 'xyz', bob)).status, 404);
    assert.equal((await tusRequest(server, 'DELETE', location, { token: bob })).status, 404);
    const theirs = await create('/api/tus/docs/mine.txt', 2, bob);
    assert.notEqual(theirs, location);
    assert.equal((await head(location)).headers['upload-offset'], '3', 'untouched by bob');
    assert.equal((await patch(theirs, 0, 'bo', bob)).status, 204);
    assert.equal((await patch(location, 3, 'def')).status, 409, 'the file exists now');
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'mine.txt'), 'utf8'), 'bo');
    assert.equal((await head(location)).status, 404, 'an upload that cannot complete is removed');
  });

  it('a new POST replaces the user’s unfinished upload of that file: the old URL is 404', async () => {
    const older = await create('/api/tus/docs/again.txt', 4);
    assert.equal((await patch(older, 0, 'ab')).status, 204);
    const newer = await create('/api/tus/docs/again.txt', 4);
    assert.equal((await head(older)).status, 404);
    assert.equal((await patch(older, 2, 'cd')).status, 404);
    assert.equal((await head(newer)).headers['upload-offset'], '0');
    // A client that kept only the path (File Browser's server answered with it) finds the newer one.
    assert.equal((await patch('/api/tus/docs/again.txt', 0, 'wxyz')).status, 204);
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'again.txt'), 'utf8'), 'wxyz');
  });

  it('an upload in progress is invisible to listings, search, archives and reads', async () => {
    const location = await create('/api/tus/docs/secret-upload.txt', 100);
    assert.equal((await patch(location, 0, 'part of the upload')).status, 204);
    const hidden = hiddenIn(path.join(home(), 'docs'));
    assert.equal(hidden.length, 2);
    const listing = await server.request('GET', '/api/resources/docs/', { token: alice });
    assert.equal(listing.status, 200);
    assert.ok(!listing.text.includes('drawer-upload'), listing.text);
    assert.ok(!listing.text.includes('secret-upload'));
    const search = await server.request('GET', '/api/search/?query=drawer', { token: alice });
    assert.ok(!search.text.includes('drawer-upload'), search.text);
    const archive = await server.request('GET', '/api/raw/docs/?algo=tar', { token: alice });
    assert.equal(archive.status, 200);
    assert.ok(!archive.body.includes('drawer-upload'));
    assert.ok(!archive.body.includes('part of the upload'));
    for (const name of hidden) {
      for (const url of [`/api/resources/docs/${name}`, `/api/raw/docs/${name}`]) {
        const response = await server.request('GET', url, { token: alice });
        assert.equal(response.status, 404, url);
      }
      const planted = await tusRequest(server, 'POST', `/api/tus/docs/${name}`, {
        token: alice,
        headers: { 'Upload-Length': '1' },
      });
      assert.equal(planted.status, 404, 'no upload may target an upload’s own files');
    }
    assert.equal((await tusRequest(server, 'DELETE', location, { token: alice })).status, 204);
  });

  it('an empty upload is complete at once (tus clients send no PATCH for it)', async () => {
    await tusUpload(server, alice, '/api/tus/docs/empty.txt?override=false', Buffer.alloc(0));
    assert.equal(fs.readFileSync(path.join(home(), 'docs', 'empty.txt'), 'utf8'), '');
    assert.deepEqual(hiddenIn(path.join(home(), 'docs')), []);
  });

  it('an Upload-Length past --tus-max-size is 413 up front', async () => {
    const response = await tusRequest(server, 'POST', '/api/tus/docs/huge.bin', {
      token: alice,
      headers: { 'Upload-Length': String(40 * 1024 * 1024 + 1) },
    });
    assert.equal(response.status, 413);
    assert.deepEqual(hiddenIn(path.join(home(), 'docs')), []);
  });

  it('takes PATCH as POST with X-HTTP-Method-Override (tus-js-client’s overridePatchMethod)', async () => {
    const data = patterned(70_000, 9);
    await tusUpload(server, alice, '/api/tus/docs/overridden.bin', data, {
      overridePatchMethod: true,
    });
    assert.ok(fs.readFileSync(path.join(home(), 'docs', 'overridden.bin')).equals(data));
  });

  it('tus-js-client reports a conflict as 409 and does not retry it', async () => {
    const error = await tusUpload(
      server,
      alice,
      '/api/tus/docs/old.txt?override=false',
      Buffer.from('x'),
      { retryDelays: [0, 10, 10], onShouldRetry: (err) => statusOfError(err) !== 409 },
    ).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    assert.equal(statusOfError(error), 409);
  });

  it('refuses cross-site uploads', async () => {
    const response = await tusRequest(server, 'POST', '/api/tus/docs/csrf.txt', {
      token: alice,
      headers: { 'Upload-Length': '1', Origin: 'https://evil.example' },
    });
    assert.equal(response.status, 403);
    assert.equal(response.json<{ code: string }>().code, 'request.badOrigin');
  });

  it('GET and PUT are 405', async () => {
    for (const method of ['GET', 'PUT'])
      assert.equal(
        (await tusRequest(server, method, '/api/tus/docs/x', { token: alice })).status,
        405,
      );
  });
});

describe('tus uploads: free space', () => {
  let server: TestServer;
  before(async () => {
    // A limit far past any disk here, so the free space decides.
    server = await startServer({ args: ['--tus-max-size', '999999999999999'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('an Upload-Length past the free space of the target’s disk is 507 up front', async () => {
    const response = await tusRequest(server, 'POST', '/api/tus/vast.bin', {
      token: await server.adminToken(),
      headers: { 'Upload-Length': '900000000000000' },
    });
    assert.equal(response.status, 507);
    assert.equal(response.json<{ code: string }>().code, 'fs.noSpace');
    assert.deepEqual(
      fs.readdirSync(server.root).filter((name) => name.startsWith('.drawer-')),
      [],
    );
  });
});

describe('tus uploads under a base URL', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--baseurl', '/files'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('answers with a Location under the base URL, which tus-js-client follows', async () => {
    const token = await server.adminToken();
    const created = await tusRequest(server, 'POST', '/api/tus/a%20b/c.txt?override=false', {
      token,
      headers: { 'Upload-Length': '1' },
    });
    assert.equal(created.status, 201);
    assert.match(String(created.headers.location), /^\/files\/api\/tus\/a%20b\/c\.txt\?id=/);
    const data = patterned(100_000, 4);
    await tusUpload(server, token, '/api/tus/d/e.bin', data, { chunkSize: 30_000 });
    assert.ok(fs.readFileSync(path.join(server.root, 'd', 'e.bin')).equals(data));
  });
});
