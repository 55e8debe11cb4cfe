// Folders past the size at which their entries are stat'ed in a worker thread (src/fs/folder-stats.ts):
// the same entries, links, rules and order as a small folder gets, and the folder's own fields first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { workerThreshold } from '../../src/fs/folder-stats';
import { createUser, userPassword } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Item {
  name: string;
  isDir: boolean;
  isSymlink: boolean;
  type: string;
  size: number;
}

const files = workerThreshold + 300;

describe('listing a big folder', () => {
  let server: TestServer;
  let bob: string;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        const big = path.join(root, 'bob', 'big');
        fs.mkdirSync(big, { recursive: true });
        for (let index = 0; index < files; index += 1)
          fs.writeFileSync(path.join(big, `photo-${index}.txt`), 'x'.repeat(index % 7));
        for (let index = 0; index < 12; index += 1) fs.mkdirSync(path.join(big, `album-${index}`));
        fs.writeFileSync(path.join(big, 'secret.key'), 'private');
        fs.writeFileSync(path.join(root, 'outside.txt'), 'not bob’s');
        fs.symlinkSync('photo-1.txt', path.join(big, 'link-in'));
        fs.symlinkSync('missing.txt', path.join(big, 'link-dangling'));
        fs.symlinkSync('../../outside.txt', path.join(big, 'link-out'));
      },
    });
    await createUser(server, {
      username: 'bob',
      perm: { download: true },
      rules: [{ allow: false, path: '/big/secret.key' }],
    });
    bob = await server.login('bob', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('lists every visible entry with its stats, links resolved and rules applied', async () => {
    const response = await server.request('GET', '/api/resources/big/', { token: bob });
    assert.equal(response.status, 200, response.text);
    const body = response.json<{ items: Item[]; numDirs: number; numFiles: number }>();
    const byName = new Map(body.items.map((item) => [item.name, item]));
    assert.equal(body.numDirs, 12);
    assert.equal(body.numFiles, files + 2, 'the files, the link in and the dangling link');
    assert.equal(byName.get('photo-5.txt')?.size, 5);
    assert.equal(byName.get('link-in')?.isSymlink, true);
    assert.equal(byName.get('link-in')?.size, 1, 'a link shows its target');
    assert.equal(byName.get('link-dangling')?.type, 'invalid_link');
    assert.equal(byName.has('link-out'), false, 'a link leaving the scope is left out');
    assert.equal(byName.has('secret.key'), false, 'a rule-hidden file is left out');
    // Folders first, then natural order: photo-2 before photo-10.
    const names = body.items.map((item) => item.name);
    assert.deepEqual(names.slice(0, 3), ['album-0', 'album-1', 'album-2']);
    assert.ok(names.indexOf('photo-2.txt') < names.indexOf('photo-10.txt'));
  });

  it('sends the folder’s own fields first, and a whole document', async () => {
    const chunks: string[] = [];
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${server.url}/api/resources/big/`, { headers: { 'X-Auth': bob } }, (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => chunks.push(chunk));
          response.on('end', resolve);
        })
        .on('error', reject);
    });
    assert.match(chunks[0] ?? '', /^\{"path":"\/big","name":"big",/);
    const body = JSON.parse(chunks.join('')) as { items: Item[] };
    assert.equal(body.items.length, files + 14);
  });
});
