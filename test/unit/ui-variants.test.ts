// The UI build's variants: .br and .gz beside each file worth compressing, and the executable's
// manifest that leaves them out as files of their own.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { embedUi } from '../../scripts/package-sea';
import { listUiFiles, precompressUi } from '../../scripts/ui-variants';
import type { UiManifest } from '../../src/http/ui-assets';
import { uiManifestKey } from '../../src/http/ui-assets';

describe('UI variants at build time', () => {
  let dir: string;
  let ui: string;
  const script = Buffer.from('export const answer = 42;\n'.repeat(200));
  const page = Buffer.from(`<!doctype html>${'<p>page</p>'.repeat(200)}`);

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-ui-variants-'));
    ui = path.join(dir, 'ui');
    fs.mkdirSync(path.join(ui, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(ui, 'index.html'), page);
    fs.writeFileSync(path.join(ui, 'assets', 'app-1a2b.js'), script);
    fs.writeFileSync(path.join(ui, 'assets', 'logo-3c4d.png'), crypto.randomBytes(4000));
    fs.writeFileSync(path.join(ui, 'tiny.css'), 'body{margin:0}');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip beside what gains from it, not beside the page rendered per request', async () => {
    assert.equal(await precompressUi(ui, path.join(dir, 'cache')), 2);
    const br = fs.readFileSync(path.join(ui, 'assets', 'app-1a2b.js.br'));
    const gz = fs.readFileSync(path.join(ui, 'assets', 'app-1a2b.js.gz'));
    assert.ok(zlib.brotliDecompressSync(br).equals(script));
    assert.ok(zlib.gunzipSync(gz).equals(script));
    for (const name of ['index.html', 'assets/logo-3c4d.png', 'tiny.css'])
      for (const suffix of ['.br', '.gz'])
        assert.equal(fs.existsSync(path.join(ui, `${name}${suffix}`)), false, name + suffix);
  });

  it('lists the variants as no files of their own, for the build and for the executable', async () => {
    await precompressUi(ui, path.join(dir, 'cache'));
    const files = ['assets/app-1a2b.js', 'assets/logo-3c4d.png', 'index.html', 'tiny.css'];
    assert.deepEqual(listUiFiles(ui), files);
    const assets = await embedUi(ui, path.join(dir, 'cache'), fs.mkdtempSync(path.join(dir, 'w-')));
    const manifest = JSON.parse(
      fs.readFileSync(String(assets[uiManifestKey]), 'utf8'),
    ) as UiManifest;
    assert.deepEqual(
      manifest.files.map((file) => file.path),
      files,
    );
  });
});
