// The branding folder through real HTTP: custom.css and img/ under /static, as File Browser serves
// them, and nothing else of the disk.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const css = 'body { --brand: #c0ffee; }\n';
const logo = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe('branding files', () => {
  let server: TestServer;
  let branding: string;

  async function setBrandingFolder(folder: string): Promise<void> {
    const token = await server.adminToken();
    const current = await server.request('GET', '/api/settings', { token });
    const settings = current.json<{ branding: Record<string, unknown> }>();
    const saved = await server.request('PUT', '/api/settings', {
      token,
      body: { ...settings, branding: { ...settings.branding, files: folder } },
    });
    assert.equal(saved.status, 200, saved.text);
  }

  function pageConfig(html: string): Record<string, unknown> {
    const json = /id="drawer-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
    return JSON.parse(json) as Record<string, unknown>;
  }

  before(async () => {
    server = await startServer({
      setup: (root) => fs.writeFileSync(path.join(root, 'secret.txt'), 'user data'),
    });
    branding = path.join(server.dir, 'branding');
    fs.mkdirSync(path.join(branding, 'img', 'icons'), { recursive: true });
    fs.writeFileSync(path.join(branding, 'custom.css'), css);
    fs.writeFileSync(path.join(branding, 'img', 'logo.svg'), logo);
    fs.writeFileSync(path.join(branding, 'img', 'icons', 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    fs.writeFileSync(path.join(branding, 'notes.txt'), 'not branding');
    fs.symlinkSync(server.root, path.join(branding, 'img', 'escape'));
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('serves nothing and links nothing while no folder is set', async () => {
    assert.equal((await server.request('GET', '/static/custom.css')).status, 404);
    const page = await server.request('GET', '/files/');
    assert.equal(pageConfig(page.text).CSS, false);
    assert.doesNotMatch(page.text, /custom\.css/);
  });

  it("serves the folder's custom.css and links it last, after Drawer's own styles", async () => {
    await setBrandingFolder(branding);
    const response = await server.request('GET', '/static/custom.css');
    assert.equal(response.status, 200);
    assert.equal(response.text, css);
    assert.match(String(response.headers['content-type']), /^text\/css/);
    const cached = await server.request('GET', '/static/custom.css', {
      headers: { 'If-None-Match': String(response.headers.etag) },
    });
    assert.equal(cached.status, 304);
    const page = await server.request('GET', '/files/');
    assert.equal(pageConfig(page.text).CSS, true);
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    assert.match(
      head,
      /<link rel="stylesheet" href="\/static\/custom\.css"><\/head>|custom\.css">$/,
    );
    assert.ok(
      head.lastIndexOf('custom.css') > head.lastIndexOf('assets/main-'),
      "the admin's rules come after Drawer's",
    );
  });

  it('serves img/ with a policy that keeps an SVG from running anything', async () => {
    const svg = await server.request('GET', '/static/img/logo.svg');
    assert.equal(svg.status, 200);
    assert.match(String(svg.headers['content-type']), /^image\/svg\+xml/);
    assert.match(String(svg.headers['content-security-policy']), /^sandbox; default-src 'none'/);
    assert.equal(svg.headers['x-content-type-options'], 'nosniff');
    const icon = await server.request('GET', '/static/img/icons/favicon.ico');
    assert.equal(icon.status, 200);
    assert.deepEqual([...icon.body], [0, 0, 1, 0]);
  });

  it('serves nothing else of the disk: other names, "..", encodings, links out', async () => {
    for (const url of [
      '/static/notes.txt',
      '/static/img/../notes.txt',
      '/static/img/%2e%2e/notes.txt',
      '/static/img/..%2fnotes.txt',
      '/static/img/escape/secret.txt',
      '/static/img/',
      '/static/img/icons',
      '/static/img//logo.svg',
      '/static/img/logo.svg%00.png',
    ]) {
      const response = await server.request('GET', url);
      assert.equal(response.status, 404, url);
      assert.doesNotMatch(response.text, /user data|not branding/, url);
    }
  });
});
