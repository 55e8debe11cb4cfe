// The UI's files are compressed at build time only: the server sends the build's own .br and .gz bytes,
// and sends a file without them as it is, never compressing on a request (scripts/ui-variants.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { contentTypeOf, isWorthCompressing } from '../../src/http/ui-assets';
import { injectApp } from '../helpers/inject';
import type { InjectedApp } from '../helpers/inject';
import { bundle, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const builtUi = path.join(path.dirname(bundle), 'ui');

/** Every file of the build that is worth compressing, but index.html (rendered per request). */
function compressibleFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter((name) => name !== 'index.html')
    .filter((name) =>
      isWorthCompressing(contentTypeOf(name), fs.statSync(path.join(folder, name)).size),
    );
}

describe('UI precompressed at build time', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('the build writes a brotli and a gzip variant beside each file worth compressing', () => {
    const files = compressibleFiles(builtUi);
    assert.ok(files.length > 10, `${files.length} compressible files in ${builtUi}`);
    for (const name of files) {
      const body = fs.readFileSync(path.join(builtUi, name));
      const br = fs.readFileSync(path.join(builtUi, `${name}.br`));
      const gz = fs.readFileSync(path.join(builtUi, `${name}.gz`));
      assert.ok(zlib.brotliDecompressSync(br).equals(body), `${name}.br`);
      assert.ok(zlib.gunzipSync(gz).equals(body), `${name}.gz`);
    }
  });

  it('sends the build folder’s variant byte for byte, and never the variant as a file', async () => {
    const [name] = compressibleFiles(path.join(builtUi, 'assets'))
      .map((file) => `assets/${file.split(path.sep).join('/')}`)
      .sort(
        (a, b) => fs.statSync(path.join(builtUi, b)).size - fs.statSync(path.join(builtUi, a)).size,
      );
    assert.ok(name);
    const body = fs.readFileSync(path.join(builtUi, name));
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await server.request('GET', `/${name}`, {
        headers: { 'accept-encoding': accept },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-encoding'], encoding);
      assert.equal(response.headers.vary, 'Accept-Encoding');
      assert.ok(response.body.equals(fs.readFileSync(path.join(builtUi, `${name}${suffix}`))));
      const decoded =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.body)
          : zlib.gunzipSync(response.body);
      assert.ok(decoded.equals(body));
    }
    const plain = await server.request('GET', `/${name}`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.equals(body));
    const variant = await server.request('GET', `/${name}.br`);
    assert.equal(variant.status, 404);
    assert.equal(variant.json<{ code: string }>().code, 'route.notFound');
  });
});

describe('UI folder without build-time variants (in process)', () => {
  let injected: InjectedApp;
  // Compressible text well over the 1 KiB threshold.
  const script = Buffer.from('export const greeting = "hello, drawer";\n'.repeat(200));
  // Brotli at quality 1: not what the server would make at quality 11, so its bytes tell them apart.
  const fastBrotli = zlib.brotliCompressSync(script, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
  });

  before(async () => {
    injected = await injectApp({
      ui: (folder) => {
        fs.mkdirSync(path.join(folder, 'assets'));
        fs.writeFileSync(path.join(folder, 'assets', 'half-1a2b.js'), script);
        fs.writeFileSync(path.join(folder, 'assets', 'half-1a2b.js.br'), fastBrotli);
        fs.writeFileSync(path.join(folder, 'assets', 'bare-3c4d.js'), script);
      },
    });
  });
  after(() => injected.close());

  it('sends the variant it was given, and the file as it is where none was made', async () => {
    const br = await injected.request('GET', '/assets/half-1a2b.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.body.equals(fastBrotli), 'the file beside it, not a fresh compression');
    for (const [url, accept] of [
      ['/assets/half-1a2b.js', 'gzip'],
      ['/assets/bare-3c4d.js', 'br, gzip'],
    ] as const) {
      const response = await injected.request('GET', url, {
        headers: { 'accept-encoding': accept },
      });
      assert.equal(response.status, 200, url);
      assert.equal(response.headers['content-encoding'], undefined, `${url} (${accept})`);
      assert.ok(response.body.equals(script), url);
    }
  });
});
