// The executable's UI assets as the build embeds them: manifest, precompressed variants, and their cache.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { embedUi } from '../../scripts/package-sea';
import type { UiManifest, UiManifestEntry, UiSlice } from '../../src/http/ui-assets';
import { bodyEtagOf } from '../../src/files/etags';
import { uiFilesKey, uiManifestKey } from '../../src/http/ui-assets';

/** The manifest and the packed files embedUi wrote, and a way to read one file's bytes. */
function readEmbedded(assets: Record<string, string>) {
  const manifest = JSON.parse(fs.readFileSync(String(assets[uiManifestKey]), 'utf8')) as UiManifest;
  const files = fs.readFileSync(String(assets[uiFilesKey]));
  const entry = (name: string): UiManifestEntry => {
    const found = manifest.files.find((file) => file.path === name);
    assert.ok(found, name);
    return found;
  };
  const bytes = ([offset, length]: UiSlice) => files.subarray(offset, offset + length);
  return { manifest, files, entry, bytes };
}

describe('package-sea: embedded UI', () => {
  let dir: string;
  let ui: string;
  let cache: string;
  const script = Buffer.from('export const answer = 42;\n'.repeat(200));
  const image = crypto.randomBytes(4000);

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-package-sea-'));
    ui = path.join(dir, 'ui');
    cache = path.join(dir, 'cache');
    fs.mkdirSync(path.join(ui, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(ui, 'index.html'), `<!doctype html>${'<p>page</p>'.repeat(200)}`);
    fs.writeFileSync(path.join(ui, 'assets', 'app-1a2b.js'), script);
    fs.writeFileSync(path.join(ui, 'assets', 'logo-3c4d.png'), image);
    fs.writeFileSync(path.join(ui, 'tiny.css'), 'body{margin:0}');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists every file with its type and ETag, and compresses only what gains from it', async () => {
    const work = fs.mkdtempSync(path.join(dir, 'work-'));
    const assets = await embedUi(ui, cache, work);
    // Two assets, whatever the number of files: the runtime reads each asset's header at start.
    assert.deepEqual(Object.keys(assets).sort(), [uiFilesKey, uiManifestKey]);
    const { manifest, entry, bytes } = readEmbedded(assets);
    assert.deepEqual(
      manifest.files.map((file) => [file.path, file.contentType, Object.keys(file.variants)]),
      [
        ['assets/app-1a2b.js', 'text/javascript; charset=utf-8', ['br', 'gzip']],
        ['assets/logo-3c4d.png', 'image/png', []],
        ['index.html', 'text/html; charset=utf-8', []],
        ['tiny.css', 'text/css; charset=utf-8', []],
      ],
    );
    assert.equal(manifest.files[0]?.etag, bodyEtagOf(script));
    assert.ok(bytes(entry('assets/logo-3c4d.png').body).equals(image));
    assert.ok(bytes(entry('assets/app-1a2b.js').body).equals(script));
    assert.ok(bytes(entry('tiny.css').body).equals(Buffer.from('body{margin:0}')));

    const app = entry('assets/app-1a2b.js').variants;
    assert.ok(app.br && app.gzip);
    const br = bytes(app.br);
    const gz = bytes(app.gzip);
    assert.ok(zlib.brotliDecompressSync(br).equals(script));
    assert.ok(zlib.gunzipSync(gz).equals(script));
    assert.ok(br.length < script.length / 10);
  });

  it('reuses cached variants by content and prunes old unused ones', async () => {
    const stale = path.join(cache, `${'0'.repeat(64)}.br`);
    const recent = path.join(cache, `${'1'.repeat(64)}.br`);
    fs.writeFileSync(stale, 'old');
    fs.writeFileSync(recent, 'new');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    fs.utimesSync(stale, dayAgo, dayAgo);
    const first = readEmbedded(await embedUi(ui, cache, fs.mkdtempSync(path.join(dir, 'work-'))));
    const firstBr = first.entry('assets/app-1a2b.js').variants.br;
    assert.ok(firstBr);
    const variant = fs
      .readdirSync(cache)
      .map((name) => path.join(cache, name))
      .find((file) => fs.readFileSync(file).equals(first.bytes(firstBr)));
    assert.ok(variant, 'the brotli variant is in the cache');
    fs.utimesSync(variant, dayAgo, dayAgo);
    fs.writeFileSync(variant, 'a cached file is trusted, not recompressed');
    fs.utimesSync(variant, dayAgo, dayAgo);

    const second = readEmbedded(await embedUi(ui, cache, fs.mkdtempSync(path.join(dir, 'work-'))));
    const secondBr = second.entry('assets/app-1a2b.js').variants.br;
    assert.ok(secondBr);
    assert.equal(
      second.bytes(secondBr).toString('utf8'),
      'a cached file is trusted, not recompressed',
    );
    assert.ok(fs.statSync(variant).mtimeMs > dayAgo.getTime(), 'a used entry is kept fresh');
    assert.equal(fs.existsSync(stale), false, 'an old unused entry is pruned');
    assert.equal(fs.existsSync(recent), true, 'a recent one may belong to a concurrent build');
  });
});
