// Folders of many small files as archives: byte-exact against the files, the gate still in charge, the loop free.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

/** Sizes around the whole-file read limit (256 KiB) and tar's 512-byte blocks. */
const sizes = [0, 1, 511, 512, 513, 4096, 11_000, 65_536, 262_143, 262_144, 262_145, 700_000];

/**
 * 1,500 small files in nested folders, a few past the whole-file limit among them (streamed
 * instead), UTF-8 and long names (ustar's prefix, a pax header), a folder a rule hides, a link
 * out of the scope and one inside it.
 */
function buildTree(root: string): Map<string, Buffer> {
  const expected = new Map<string, Buffer>();
  const files: Record<string, Buffer> = {};
  for (let index = 0; index < 1500; index += 1) {
    const size = index % 50 === 7 ? (sizes[index % sizes.length] ?? 0) : (index * 7919) % 24_000;
    const name = `d${index % 15}/e${index % 4}/file-${index}.bin`;
    files[name] = crypto.randomBytes(size);
  }
  for (const size of sizes) files[`edges/size-${size}.bin`] = crypto.randomBytes(size);
  const longFolder = `${'long-folder-name-'.repeat(5)}x`;
  files[`${longFolder}/${'n'.repeat(90)}.txt`] = Buffer.from('ustar prefix');
  files[`${'p'.repeat(120)}/${'q'.repeat(120)}.txt`] = Buffer.from('pax path');
  files['ünïcödé/naïve café.txt'] = Buffer.from('utf-8 names');
  for (const [name, bytes] of Object.entries(files)) expected.set(name, bytes);
  writeTree(path.join(root, 'alice', 'many'), {
    ...files,
    'hidden/CANARY-RULE.txt': 'CANARY-RULE',
    'empty folder/': '',
  });
  writeTree(root, { 'bob/secret.txt': 'CANARY-OUTSIDE' });
  fs.symlinkSync('../../bob', path.join(root, 'alice', 'many', 'out-link'));
  fs.symlinkSync('edges/size-4096.bin', path.join(root, 'alice', 'many', 'in-link.bin'));
  expected.set('in-link.bin', files['edges/size-4096.bin'] as Buffer);
  return expected;
}

function filesUnder(folder: string, prefix = ''): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const dirent of fs.readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) {
      for (const [name, bytes] of filesUnder(folder, relative)) found.set(name, bytes);
    } else found.set(relative, fs.readFileSync(path.join(folder, relative)));
  }
  return found;
}

function assertSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [name, bytes] of expected)
    assert.ok(actual.get(name)?.equals(bytes), `${name}: content differs`);
}

describe('archives of many small files', () => {
  let server: TestServer;
  let alice: string;
  let expected: Map<string, Buffer>;
  before(async () => {
    server = await startServer({
      setup: (root) => {
        expected = buildTree(root);
      },
    });
    await createUser(server, {
      username: 'alice',
      perm: { download: true },
      rules: [{ allow: false, path: '/many/hidden' }],
    });
    alice = await server.login('alice', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const extractors: Record<string, (file: string, target: string) => void> = {
    zip: (file, target) => {
      execFileSync('unzip', ['-tq', file]);
      execFileSync('unzip', ['-q', file, '-d', target], {
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      });
    },
    tar: (file, target) => execFileSync('tar', ['-xf', file, '-C', target]),
    targz: (file, target) => execFileSync('tar', ['-xzf', file, '-C', target]),
    tarxz: (file, target) => execFileSync('tar', ['-xJf', file, '-C', target]),
  };

  for (const [algo, extract] of Object.entries(extractors)) {
    it(`${algo}: every file byte for byte, and nothing the gate hides`, async () => {
      const response = await server.request('GET', `/api/raw/many?algo=${algo}`, {
        token: alice,
      });
      assert.equal(response.status, 200, response.text);
      assert.ok(!response.body.includes('CANARY'), 'a hidden or outside file was archived');
      const file = path.join(server.dir, `many-${algo}`);
      fs.writeFileSync(file, response.body);
      const target = path.join(server.dir, `out-${algo}`);
      fs.mkdirSync(target);
      extract(file, target);
      assertSameFiles(filesUnder(target), expected);
      assert.ok(fs.statSync(path.join(target, 'empty folder')).isDirectory());
    });
  }

  for (const algo of ['tar', 'zip']) {
    it(`${algo} read slowly: every file byte for byte, though its buffers are filled again once written`, async () => {
      // Back-pressure keeps chunks waiting in the response; one reused too early would show here.
      const origin = new URL(server.url).origin;
      const body = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(
            `${origin}/api/raw/many?algo=${algo}`,
            { headers: { 'x-auth': alice } },
            (response) => {
              const parts: Buffer[] = [];
              response.on('data', (chunk: Buffer) => {
                parts.push(chunk);
                response.pause();
                setTimeout(() => response.resume(), 1);
              });
              response.on('end', () => resolve(Buffer.concat(parts)));
              response.on('error', reject);
            },
          )
          .on('error', reject);
      });
      const file = path.join(server.dir, `many-slow-${algo}`);
      fs.writeFileSync(file, body);
      const target = path.join(server.dir, `out-slow-${algo}`);
      fs.mkdirSync(target);
      extractors[algo]?.(file, target);
      assertSameFiles(filesUnder(target), expected);
    });
  }

  it('answers /health while an xz archive is being compressed', async () => {
    const origin = new URL(server.url).origin;
    let archiveEnded = false;
    let healthAnswered = false;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${origin}/api/raw/many?algo=tarxz`,
        { headers: { 'x-auth': alice } },
        (response) => {
          let asked = false;
          response.on('data', () => {
            if (asked) return;
            asked = true;
            // Asked once compression has begun; answered before the archive is complete.
            http
              .get(`${origin}/health`, (health) => {
                health.resume();
                health.on('end', () => {
                  healthAnswered = !archiveEnded && health.statusCode === 200;
                });
              })
              .on('error', reject);
          });
          response.on('end', () => {
            archiveEnded = true;
            resolve();
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    assert.ok(healthAnswered, '/health waited for the archive');
  });
});
