// The single executable, copied alone into an empty folder and run with no node on PATH: page, UI, API, codecs.
import { runtimeFlags } from '../../src/runtime-flags';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { lockedRuntime } from '../../scripts/node-runtime';
import { packageSea } from '../../scripts/package-sea';
import { contentTypeOf, isWorthCompressing } from '../../src/http/ui-assets';
import { installAlone, launch, runTool } from '../helpers/executable';
import type { Running } from '../helpers/executable';
import { describeImage, fixtureImage } from '../helpers/images';
import { bundle, rawRequest, removeDir } from '../helpers/server';
import type { RequestOptions, TestResponse } from '../helpers/server';

const packageVersion = (
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

/** The UI beside the bundle, as main.ts finds it: build/ui for build/drawer.cjs. */
const uiFolder = path.join(path.dirname(bundle), 'ui');
const executable = path.join(path.dirname(bundle), 'drawer');

function modifiedAt(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** npm test has just run npm run build, so build/drawer is reused unless its inputs are newer. */
async function freshExecutable(): Promise<string> {
  const inputs = Math.max(modifiedAt(bundle), modifiedAt(path.join(uiFolder, 'index.html')));
  if (fs.existsSync(executable) && modifiedAt(executable) >= inputs) return executable;
  return (await packageSea({ bundle, uiFolder, output: executable })).output;
}

/** The biggest file under assets/ that the build precompresses, when the UI has any. */
function compressibleAsset(): string | undefined {
  const folder = path.join(uiFolder, 'assets');
  if (!fs.existsSync(folder)) return undefined;
  return fs
    .readdirSync(folder)
    .map((name) => ({ name, size: fs.statSync(path.join(folder, name)).size }))
    .filter((file) => isWorthCompressing(contentTypeOf(file.name), file.size))
    .sort((a, b) => b.size - a.size)[0]?.name;
}

describe('single executable', { timeout: 90_000 }, () => {
  let dir: string;
  let app: string;
  let root: string;
  let env: NodeJS.ProcessEnv;
  let server: Running;
  let password: string;
  let token: string;
  const request = (method: string, url: string, options?: RequestOptions): Promise<TestResponse> =>
    rawRequest(server.origin, method, url, options);

  before(async () => {
    const binary = await freshExecutable();
    const install = installAlone(binary, 'drawer-sea-test-');
    ({ dir, root, env } = install);
    app = path.dirname(install.executable);
    fs.writeFileSync(path.join(root, 'photo.jpg'), fixtureImage('photo.jpg'));
    server = await launch(path.join(app, 'drawer'), ['--root', root], env);
    password = /created with the password: (\S+)/.exec(server.output())?.[1] ?? '';
  });

  after(async () => {
    await server?.stop();
    if (dir) removeDir(dir);
  });

  it('runs where no node exists, from a folder holding only itself', () => {
    const lookup = spawnSync('/bin/sh', ['-c', 'command -v node'], { env });
    assert.notEqual(lookup.status, 0, 'node is not reachable through the PATH the binary gets');
    // The first run writes its database beside the working folder; nothing else was there.
    assert.deepEqual(
      fs.readdirSync(app).filter((name) => !name.startsWith('drawer.json')),
      ['drawer'],
    );
    const version = spawnSync(path.join(app, 'drawer'), ['version'], {
      env,
      encoding: 'utf8',
    });
    assert.equal(version.status, 0, version.stderr);
    // The embedded runtime is the one pinned in package-lock.json, which also runs these tests.
    const node = lockedRuntime(process.arch === 'arm64' ? 'arm64' : 'x64').version;
    assert.match(
      version.stdout,
      new RegExp(
        `^Drawer ${packageVersion} \\([0-9a-z]+\\) on Node v${node.replaceAll('.', '\\.')} with ${runtimeFlags.join(' ')}\\n$`,
      ),
    );
  });

  it('serves the page with its inlined config, for deep links too', async () => {
    for (const route of ['/', '/files/docs/inner/']) {
      const page = await request('GET', route);
      assert.equal(page.status, 200, route);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.match(page.text, /<script type="application\/json" id="drawer-config">/);
    }
    const missing = await request('GET', '/assets/missing-0000.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.json<{ code: string }>().code, 'route.notFound');
  });

  const asset = compressibleAsset();
  it(
    'serves a hashed asset from memory: brotli or gzip, an ETag, immutable, 304',
    { skip: asset ? false : 'the UI build has no compressible file under assets/' },
    async () => {
      const expected = fs.readFileSync(path.join(uiFolder, 'assets', String(asset)));
      const url = `/assets/${asset}`;
      const br = await request('GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(br.status, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(br.headers.vary, 'Accept-Encoding');
      assert.ok(zlib.brotliDecompressSync(br.body).equals(expected));
      const etag = String(br.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);

      const gzip = await request('GET', url, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.ok(zlib.gunzipSync(gzip.body).equals(expected));
      const plain = await request('GET', url);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.body.equals(expected));
      assert.equal(plain.headers.etag, etag, 'one validator for every encoding of the file');

      const again = await request('GET', url, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    },
  );

  it('logs in with the password printed on the first run, lists and downloads', async () => {
    assert.match(password, /^\S{12,}$/, 'the first run prints the generated password');
    const login = await request('POST', '/api/login', {
      body: { username: 'admin', password },
    });
    assert.equal(login.status, 200, login.text);
    token = login.text;
    const listing = await request('GET', '/api/resources/', { token });
    assert.equal(listing.status, 200, listing.text);
    const names = listing.json<{ items: { name: string }[] }>().items.map((item) => item.name);
    assert.deepEqual(names.sort(), ['docs', 'hello.txt', 'photo.jpg']);
    const download = await request('GET', '/api/raw/hello.txt', { token });
    assert.equal(download.status, 200);
    assert.equal(download.text, 'hello from the served root\n');
  });

  it("draws a thumbnail with ImageMagick's WebAssembly and the worker embedded in it", async () => {
    const thumb = await request('GET', '/api/preview/thumb/photo.jpg', { token });
    assert.equal(thumb.status, 200, thumb.text);
    assert.equal(thumb.headers['content-type'], 'image/jpeg');
    const facts = await describeImage(thumb.body);
    assert.deepEqual([facts.width, facts.height, facts.centre], [256, 192, 'blue']);
    const again = await request('GET', '/api/preview/thumb/photo.jpg', {
      token,
      headers: { 'if-none-match': String(thumb.headers.etag) },
    });
    assert.equal(again.status, 304);
  });

  it('downloads a folder as zip, tar.xz and tar.lz4 (the WebAssembly codecs inside)', async () => {
    const expectedNames = ['a.txt', 'inner/', 'inner/b.txt'];
    for (const [algo, check] of [
      ['zip', (file: string) => runTool('unzip', ['-tq', file])],
      ['tarxz', (file: string) => runTool('xz', ['-t', file])],
      ['tarlz4', (file: string) => runTool('lz4', ['-t', file])],
    ] as const) {
      const response = await request('GET', `/api/raw/docs?algo=${algo}`, { token });
      assert.equal(response.status, 200, `${algo}: ${response.text}`);
      const file = path.join(dir, `docs.${algo}`);
      fs.writeFileSync(file, response.body);
      check(file);
    }
    const zipNames = runTool('unzip', ['-Z1', path.join(dir, 'docs.zip')])
      .trim()
      .split('\n');
    assert.deepEqual(zipNames.sort(), expectedNames);
    const xzNames = runTool('tar', ['-tJf', path.join(dir, 'docs.tarxz')])
      .trim()
      .split('\n');
    assert.deepEqual(xzNames.map((name) => name.replace(/^\.\//, '')).sort(), expectedNames);
  });

  it('stops cleanly on SIGTERM, and serves the same UI under a base URL', async () => {
    assert.equal(await server.stop('SIGTERM'), 0, server.output());
    server = await launch(path.join(app, 'drawer'), ['--root', root, '--baseurl', '/fm'], env);
    const page = await request('GET', '/fm/files/docs/');
    assert.equal(page.status, 200);
    assert.match(page.text, /<base href="\/fm\/">/);
    assert.match(page.text, /id="drawer-config">\{[^<]*"BaseURL":"\/fm"/);
    if (asset) {
      const file = await request('GET', `/fm/assets/${asset}`);
      assert.equal(file.status, 200);
      assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
    const unknownApi = await request('GET', '/fm/api/nothing-here');
    assert.equal(unknownApi.status, 404);
    assert.equal((await request('GET', '/fm/health')).status, 200);
  });
});
