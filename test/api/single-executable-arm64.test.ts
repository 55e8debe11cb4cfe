// The arm64 executable, made on this machine, run under qemu from an empty folder with no node on PATH.
import { runtimeFlags } from '../../src/runtime-flags';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { lockedRuntime } from '../../scripts/node-runtime';
import { packageSea } from '../../scripts/package-sea';
import { installAlone, launch, runTool } from '../helpers/executable';
import type { Running } from '../helpers/executable';
import { bundle, rawRequest, removeDir } from '../helpers/server';
import type { RequestOptions, TestResponse } from '../helpers/server';

const uiFolder = path.join(path.dirname(bundle), 'ui');
const executable = path.join(path.dirname(bundle), 'drawer-linux-arm64');
const emulator = spawnSync('/bin/sh', ['-c', 'command -v qemu-aarch64-static'], {
  encoding: 'utf8',
}).stdout.trim();
const skip =
  process.arch === 'arm64'
    ? 'this machine is arm64: single-executable.test.ts runs the binary natively'
    : emulator === ''
      ? 'qemu-aarch64-static is missing (Debian: qemu-user-static, libc6:arm64, libstdc++6:arm64)'
      : false;

function modifiedAt(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** Reused when newer than the bundle and the UI, as npm run release leaves it. */
async function freshExecutable(): Promise<string> {
  const inputs = Math.max(modifiedAt(bundle), modifiedAt(path.join(uiFolder, 'index.html')));
  if (modifiedAt(executable) >= inputs) return executable;
  return (await packageSea({ bundle, uiFolder, output: executable, arch: 'arm64' })).output;
}

describe('arm64 single executable under qemu', { skip, timeout: 180_000 }, () => {
  let dir: string;
  let app: string;
  let root: string;
  let env: NodeJS.ProcessEnv;
  let server: Running;
  const request = (method: string, url: string, options?: RequestOptions): Promise<TestResponse> =>
    rawRequest(server.origin, method, url, options);

  before(async () => {
    const binary = await freshExecutable();
    const install = installAlone(binary, 'drawer-arm64-test-');
    ({ dir, root, env } = install);
    app = path.dirname(install.executable);
    server = await launch(path.join(app, 'drawer'), ['--root', root], env, {
      emulator,
      startMs: 60_000,
    });
  });

  after(async () => {
    await server?.stop();
    if (dir) removeDir(dir);
  });

  it('is an arm64 executable holding the pinned runtime, with no node on PATH', () => {
    // ELF e_machine, at offset 18: 183 is AArch64.
    const header = Buffer.alloc(20);
    const fd = fs.openSync(path.join(app, 'drawer'), 'r');
    fs.readSync(fd, header, 0, header.length, 0);
    fs.closeSync(fd);
    assert.equal(header.readUInt16LE(18), 183);
    const lookup = spawnSync('/bin/sh', ['-c', 'command -v node'], { env });
    assert.notEqual(lookup.status, 0, 'node is not reachable through the PATH the binary gets');
    const version = spawnSync(emulator, [path.join(app, 'drawer'), 'version'], {
      env,
      encoding: 'utf8',
    });
    assert.equal(version.status, 0, version.stderr);
    const node = lockedRuntime('arm64').version;
    assert.ok(
      version.stdout.endsWith(` on Node v${node} with ${runtimeFlags.join(' ')}\n`),
      version.stdout,
    );
  });

  it('logs in with the first-run password, lists, downloads a file and a folder as tar.xz', async () => {
    const password = /created with the password: (\S+)/.exec(server.output())?.[1] ?? '';
    assert.match(password, /^\S{12,}$/, 'the first run prints the generated password');
    const login = await request('POST', '/api/login', { body: { username: 'admin', password } });
    assert.equal(login.status, 200, login.text);
    const token = login.text;
    const listing = await request('GET', '/api/resources/', { token });
    assert.equal(listing.status, 200, listing.text);
    const names = listing.json<{ items: { name: string }[] }>().items.map((item) => item.name);
    assert.deepEqual(names.sort(), ['docs', 'hello.txt']);
    const download = await request('GET', '/api/raw/hello.txt', { token });
    assert.equal(download.status, 200);
    assert.equal(download.text, 'hello from the served root\n');
    // tar.xz: the codec worker and its WebAssembly, both embedded, running on the emulated CPU.
    const archive = await request('GET', '/api/raw/docs?algo=tarxz', { token });
    assert.equal(archive.status, 200, archive.text);
    const file = path.join(dir, 'docs.tar.xz');
    fs.writeFileSync(file, archive.body);
    const entries = runTool('tar', ['-tJf', file]).trim().split('\n');
    assert.deepEqual(entries.map((name) => name.replace(/^\.\//, '')).sort(), [
      'a.txt',
      'inner/',
      'inner/b.txt',
    ]);
  });

  it('stops cleanly on SIGTERM', async () => {
    assert.equal(await server.stop('SIGTERM'), 0, server.output());
  });
});
