// Search through real HTTP: query syntax, rules and symlinks in the walk, NDJSON streaming, aborts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scenarios } from '../helpers/api-scenario';
import type { Scenario } from '../helpers/api-scenario';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const password = 'password-for-search-tests';
const perm = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const bulkFiles = 20_000;

/** The server process's CPU time so far (Linux), to see whether a walk is still running. */
function cpuMs(server: TestServer): number {
  const fields = fs
    .readFileSync(`/proc/${server.process.pid}/stat`, 'utf8')
    .split(') ')[1]
    ?.split(' ');
  const ticks = Number(fields?.[11]) + Number(fields?.[12]);
  return (ticks * 1000) / 100;
}

interface Result {
  dir: boolean;
  path: string;
}

describe('search', () => {
  let server: TestServer;
  let alice: string;
  let bulk: string;

  const createUser = async (username: string, scope: string, rules: unknown[] = []) => {
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
    return server.login(username, password);
  };

  const search = async (query: string, folder = '/', token = alice) => {
    const response = await server.request(
      'GET',
      `/api/search${folder}?query=${encodeURIComponent(query)}`,
      { token },
    );
    assert.equal(response.status, 200, `${query}: ${response.text}`);
    const lines = response.text.split('\n');
    assert.equal(lines.pop(), '', 'every line ends with a newline');
    return lines.map((line) => JSON.parse(line) as Result);
  };
  const paths = async (query: string, folder = '/') =>
    (await search(query, folder)).map((result) => result.path).sort();

  before(async () => {
    server = await startServer({
      // The walk's own behaviour (streaming, aborts); search-index.test.ts holds the index to it.
      args: ['--disable-search-index'],
      setup(root) {
        const outside = path.join(root, '..', 'outside');
        fs.mkdirSync(outside, { recursive: true });
        fs.writeFileSync(path.join(outside, 'cat-outside.txt'), 'x');
        const files = [
          'alice/docs/report.pdf',
          'alice/docs/Report Final.txt',
          'alice/docs/notes.md',
          'alice/photos/cat.jpg',
          'alice/photos/dog.PNG',
          'alice/photos/cat-video.mp4',
          'alice/music/song.mp3',
          'alice/private/cat-secret.txt',
          'alice/private/deeper/cat-deep.txt',
          'alice/data.csv',
          'alice/png',
          'alice/catalog/readme',
          'bob/cat-bob.txt',
        ];
        for (const file of files) {
          fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
          fs.writeFileSync(path.join(root, file), 'x');
        }
        fs.mkdirSync(path.join(root, 'alice/image.jpg'));
        fs.symlinkSync(outside, path.join(root, 'alice/cat-link-out'));
        fs.symlinkSync('../bob', path.join(root, 'alice/ln-bob'));
        fs.symlinkSync('photos', path.join(root, 'alice/cat-photos-link'));
        // Many folders, so most of the walk still lies ahead when the first line arrives.
        for (let index = 0; index < bulkFiles; index += 1) {
          const folder = path.join(root, 'bulk', `folder-${Math.floor(index / 100)}`);
          if (index % 100 === 0) fs.mkdirSync(folder, { recursive: true });
          fs.writeFileSync(path.join(folder, `file-${index}.txt`), '');
        }
      },
    });
    alice = await createUser('alice', '/alice', [
      { allow: false, path: '/private', regex: false, regexp: null },
    ]);
    bulk = await createUser('bulk', '/bulk');
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('streams NDJSON lines of {dir, path} relative to the searched folder', async () => {
    const response = await server.request('GET', '/api/search/?query=cat', { token: alice });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/x-ndjson/);
    const results = response.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Result);
    for (const result of results) assert.deepEqual(Object.keys(result), ['dir', 'path']);
    assert.deepEqual(results.map((result) => [result.path, result.dir]).sort(), [
      ['cat-photos-link', true],
      ['catalog', true],
      ['photos/cat-video.mp4', false],
      ['photos/cat.jpg', false],
    ]);
    assert.deepEqual(await paths('cat', '/photos'), ['cat-video.mp4', 'cat.jpg']);
    assert.deepEqual(await paths('cat', '/photos/'), ['cat-video.mp4', 'cat.jpg']);
  });

  it('never shows rule-hidden entries or anything under a hidden folder', async () => {
    const all = await paths('t');
    assert.equal(
      all.some((result) => result.startsWith('private')),
      false,
    );
    assert.deepEqual(await paths('deep'), []);
    assert.deepEqual(await paths('secret'), []);
  });

  it('does not follow symlinks out of the scope, nor walk into linked folders', async () => {
    assert.deepEqual(await paths('outside'), []);
    assert.deepEqual(await paths('bob'), []);
    const linkResults = await paths('link');
    assert.deepEqual(linkResults, ['cat-photos-link']);
    assert.equal((await paths('jpg')).includes('cat-photos-link/cat.jpg'), false);
  });

  it('matches case-insensitively unless asked, on the base name only', async () => {
    assert.deepEqual(await paths('REPORT'), ['docs/Report Final.txt', 'docs/report.pdf']);
    assert.deepEqual(await paths('case:sensitive Report'), ['docs/Report Final.txt']);
    assert.deepEqual(await paths('report case:sensitive'), ['docs/report.pdf']);
    assert.deepEqual(await paths('case:insensitive REPORT'), [
      'docs/Report Final.txt',
      'docs/report.pdf',
    ]);
    assert.deepEqual(await paths('docs'), ['docs'], 'folder names in the path do not match');
  });

  it('ORs several terms and keeps a quoted phrase whole', async () => {
    assert.deepEqual(await paths('dog song'), ['music/song.mp3', 'photos/dog.PNG']);
    assert.deepEqual(await paths('"report final"'), ['docs/Report Final.txt']);
    assert.deepEqual(await paths('"t final"'), ['docs/Report Final.txt']);
  });

  it('filters by type, OR-ed, files only, combined with terms', async () => {
    assert.deepEqual(await paths('type:image'), ['photos/cat.jpg', 'photos/dog.PNG']);
    assert.deepEqual(await paths('type:image cat'), ['photos/cat.jpg']);
    assert.deepEqual(await paths('cat type:video'), ['photos/cat-video.mp4']);
    assert.deepEqual(await paths('type:audio'), ['music/song.mp3']);
    assert.deepEqual(await paths('type:music'), ['music/song.mp3']);
    assert.deepEqual(await paths('type:pdf'), ['docs/report.pdf']);
    assert.deepEqual(await paths('type:csv'), ['data.csv']);
    assert.deepEqual(await paths('type:md type:csv'), ['data.csv', 'docs/notes.md']);
    assert.deepEqual(await paths('type:png'), [], 'extension filters are exact, case-sensitive');
    assert.deepEqual(await paths('type:PNG'), ['photos/dog.PNG']);
  });

  it('does not let blank space match everything', async () => {
    assert.deepEqual(await paths('dog  song'), ['music/song.mp3', 'photos/dog.PNG']);
    assert.deepEqual(await paths('dog type:audio  '), []);
    assert.deepEqual(await paths('  song   type:image   dog '), ['photos/dog.PNG']);
  });

  const context = () => ({ server, tokens: { alice } });

  scenarios('refuses empty, blank and overlong queries', {
    context,
    rows: [
      ...[
        { name: 'no query', url: '/api/search/' },
        { name: 'an empty query', url: '/api/search/?query=' },
        { name: 'a blank query', url: '/api/search/?query=%20%20' },
        { name: 'an option and no term', url: '/api/search/?query=case%3Asensitive' },
        { name: 'an empty phrase', url: '/api/search/?query=%22%22' },
        { name: 'a query of 1001 characters', url: `/api/search/?query=${'a'.repeat(1001)}` },
      ].map((row): Scenario<'alice'> => ({
        ...row,
        as: 'alice',
        method: 'GET',
        status: 400,
        expectJson: { code: 'search.invalid' },
      })),
      {
        name: 'a query of 1000 characters is taken',
        as: 'alice',
        method: 'GET',
        url: `/api/search/?query=${'a'.repeat(1000)}`,
        status: 200,
        check: (response) => assert.equal(response.text, ''),
      },
    ],
  });

  // ".." stops at the scope's root, as everywhere behind the gate: it never reaches bob's folder.
  scenarios('answers a file, a missing folder, a hidden folder and traversal sensibly', {
    context,
    each: (response) => assert.equal(response.text.includes(server.root), false),
    rows: [
      ...[
        { name: 'a file', url: '/api/search/data.csv?query=a', status: 400 },
        { name: 'a missing folder', url: '/api/search/missing?query=a', status: 404 },
        { name: 'a rule-hidden folder', url: '/api/search/private?query=cat', status: 403 },
        { name: 'a link out of the scope', url: '/api/search/ln-bob?query=cat', status: 403 },
        { name: 'an invalid percent-encoding', url: '/api/search/%zz?query=a', status: 400 },
        {
          name: '".." as is searches the scope',
          url: '/api/search/../?query=cat',
          status: 200,
          notContains: 'cat-bob',
        },
        {
          name: '".." encoded, to a sibling',
          url: '/api/search/%2e%2e/bob?query=cat',
          status: 404,
          notContains: 'cat-bob',
        },
      ].map((row): Scenario<'alice'> => ({ ...row, as: 'alice', method: 'GET' })),
      {
        name: 'no token',
        as: 'anonymous',
        method: 'GET',
        url: '/api/search/?query=a',
        status: 401,
      },
      {
        name: 'POST is not a method of search',
        as: 'alice',
        method: 'POST',
        url: '/api/search/?query=a',
        status: 405,
      },
    ],
  });

  it('streams every match of a big tree', async () => {
    const all = await server.request('GET', '/api/search/?query=file', { token: bulk });
    assert.equal(all.text.split('\n').length - 1, bulkFiles);
  });

  it('stops the walk when the client goes away', async () => {
    // "folder-0" is the first entry found and nothing after it matches: only the abort can stop
    // the walk early, as the stream never asks for another line.
    const started = Date.now();
    const cpuBefore = cpuMs(server);
    const full = await server.request('GET', '/api/search/?query=folder-0', { token: bulk });
    const fullCpu = cpuMs(server) - cpuBefore;
    const fullMs = Date.now() - started;
    assert.equal(full.text, '{"dir":true,"path":"folder-0"}\n');

    const url = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname.replace(/\/$/, '')}/api/search/?query=folder-0`,
          headers: { 'x-auth': bulk },
        },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    const afterAbort = Date.now();
    const cpuAtAbort = cpuMs(server);
    const health = await server.request('GET', '/health');
    assert.equal(health.status, 200);
    const answerMs = Date.now() - afterAbort;
    assert.ok(answerMs < Math.max(200, fullMs / 2), `${answerMs} ms after the abort`);
    // A walk left running would keep burning about as much CPU as the full search did.
    await new Promise((resolve) => setTimeout(resolve, fullMs + 200));
    const cpuAfter = cpuMs(server) - cpuAtAbort;
    assert.ok(cpuAfter < fullCpu / 3, `${cpuAfter} ms of CPU after the abort, ${fullCpu} for all`);
    const small = await server.request('GET', '/api/search/?query=file-1999', { token: bulk });
    assert.equal(small.status, 200);
  });
});
