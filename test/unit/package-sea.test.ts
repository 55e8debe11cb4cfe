// The executable's UI assets as the build embeds them: manifest, precompressed variants, and their cache.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { embedUi } from '../../scripts/package-sea';
import type { UiManifest } from '../../src/http/ui-assets';
import { bodyEtagOf } from '../../src/files/etags';
import { uiManifestKey } from '../../src/http/ui-assets';

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
    const manifestFile = assets[uiManifestKey];
    assert.ok(manifestFile);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as UiManifest;
    assert.deepEqual(
      manifest.files.map((file) => [file.path, file.contentType, file.encodings]),
      [
        ['assets/app-1a2b.js', 'text/javascript; charset=utf-8', ['br', 'gzip']],
        ['assets/logo-3c4d.png', 'image/png', []],
        ['index.html', 'text/html; charset=utf-8', []],
        ['tiny.css', 'text/css; charset=utf-8', []],
      ],
    );
    assert.equal(manifest.files[0]?.etag, bodyEtagOf(script));
    assert.ok(fs.readFileSync(String(assets['ui/assets/logo-3c4d.png'])).equals(image));
    assert.ok(fs.readFileSync(String(assets['ui/assets/app-1a2b.js'])).equals(script));
    assert.equal(assets['ui/assets/logo-3c4d.png.br'], undefined);

    const br = fs.readFileSync(String(assets['ui/assets/app-1a2b.js.br']));
    const gz = fs.readFileSync(String(assets['ui/assets/app-1a2b.js.gz']));
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
    const first = await embedUi(ui, cache, fs.mkdtempSync(path.join(dir, 'work-')));
    const variant = String(first['ui/assets/app-1a2b.js.br']);
    fs.utimesSync(variant, dayAgo, dayAgo);
    fs.writeFileSync(variant, 'a cached file is trusted, not recompressed');
    fs.utimesSync(variant, dayAgo, dayAgo);

    const second = await embedUi(ui, cache, fs.mkdtempSync(path.join(dir, 'work-')));
    assert.equal(second['ui/assets/app-1a2b.js.br'], variant);
    assert.equal(fs.readFileSync(variant, 'utf8'), 'a cached file is trusted, not recompressed');
    assert.ok(fs.statSync(variant).mtimeMs > dayAgo.getTime(), 'a used entry is kept fresh');
    assert.equal(fs.existsSync(stale), false, 'an old unused entry is pruned');
    assert.equal(fs.existsSync(recent), true, 'a recent one may belong to a concurrent build');
  });
});
