// The page shell, /health, unknown routes, the base URL and --noauth, through real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rawRequest, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

function inlinedConfig(page: TestResponse): Record<string, unknown> {
  const match = /<script type="application\/json" id="drawer-config">(.*?)<\/script>/s.exec(
    page.text,
  );
  assert.ok(match?.[1], 'the page carries the drawer-config block');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('page shell', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('answers every UI route with index.html, its config inlined, a CSP and no-cache', async () => {
    for (const route of ['/', '/login', '/files/some/folder/', '/settings/users/2', '/share/abc']) {
      const page = await server.request('GET', route);
      assert.equal(page.status, 200, route);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal(page.headers['cache-control'], 'no-cache');
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /frame-ancestors 'none'/);
      const config = inlinedConfig(page);
      assert.equal(config.BaseURL, '');
      assert.equal(config.NoAuth, false);
      assert.equal(config.LoginPage, true);
      assert.equal(config.StaticURL, '/static');
    }
  });

  it("carries every runtime setting File Browser's client reads from window.FileBrowser", async () => {
    const config = inlinedConfig(await server.request('GET', '/'));
    const read = {
      AuthMethod: 'json',
      BaseURL: '',
      CSS: false,
      Color: '',
      DisableExternal: false,
      DisableUsedPercentage: false,
      EnableExec: false,
      EnableThumbs: true,
      HideLoginButton: true,
      LoginPage: true,
      LogoutPage: '/login',
      NoAuth: false,
      ReCaptcha: false,
      ReCaptchaKey: '',
      ResizePreview: true,
      Signup: false,
      StaticURL: '/static',
      Theme: '',
    };
    for (const [key, value] of Object.entries(read)) assert.deepEqual(config[key], value, key);
    for (const key of ['Name', 'Version', 'ReCaptchaHost'])
      assert.equal(typeof config[key], 'string', key);
    assert.deepEqual(Object.keys(config.TusSettings as object).sort(), ['chunkSize', 'retryCount']);
  });

  it('answers 304 to If-None-Match with the ETag', async () => {
    const page = await server.request('GET', '/');
    const etag = String(page.headers.etag);
    assert.match(etag, /^".+"$/);
    const again = await server.request('GET', '/', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const stale = await server.request('GET', '/', { headers: { 'if-none-match': '"other"' } });
    assert.equal(stale.status, 200);
  });

  it('inlines a branding name that tries to close the script without breaking out', async () => {
    const token = await server.adminToken();
    const name = '</script><script>alert(1)</script>';
    const put = await server.request('PUT', '/api/settings', {
      token,
      body: { branding: { name } },
    });
    assert.equal(put.status, 200, put.text);
    const page = await server.request('GET', '/files/');
    assert.equal(page.text.includes('</script><script>'), false);
    assert.equal(page.text.includes('<script>alert'), false);
    assert.equal(inlinedConfig(page).Name, name, 'the name survives as data');
    const restore = await server.request('PUT', '/api/settings', {
      token,
      body: { branding: { name: '' } },
    });
    assert.equal(restore.status, 200);
  });

  it('answers /health, and 404 JSON for unknown API routes and missing assets', async () => {
    const health = await server.request('GET', '/health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.json(), { status: 'OK' });
    for (const route of ['/api/unknown', '/api/unknown/deeper?x=1', '/api']) {
      const response = await server.request('GET', route);
      assert.equal(response.status, 404, route);
      const body = response.json<{ code: string; message: string }>();
      assert.equal(body.code, 'route.notFound');
      assert.equal(typeof body.message, 'string');
    }
    for (const asset of ['/assets/missing-abc123.js', '/favicon.ico', '/static/x.css']) {
      const response = await server.request('GET', asset);
      assert.equal(response.status, 404, asset);
      assert.match(String(response.headers['content-type']), /json/);
    }
    for (const page of ['/files/photos/a.png', '/share/abc/report.pdf']) {
      const response = await server.request('GET', page);
      assert.equal(response.status, 200, page);
      assert.match(String(response.headers['content-type']), /text\/html/, page);
    }
    const post = await server.request('POST', '/files/x');
    assert.equal(post.status, 404, 'only GET gets the page');
  });
});

describe('--baseurl', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--baseurl', '/fm/'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });
  const origin = () => new URL(server.url).origin;

  it('serves the API and the page under the prefix', async () => {
    assert.match(server.url, /\/fm$/);
    const login = await rawRequest(origin(), 'POST', '/fm/api/login', {
      body: { username: 'admin', password: 'admin-password-for-tests' },
    });
    assert.equal(login.status, 200);
    const page = await rawRequest(origin(), 'GET', '/fm/files/x');
    assert.equal(page.status, 200);
    const config = inlinedConfig(page);
    assert.equal(config.BaseURL, '/fm');
    assert.equal(config.StaticURL, '/fm/static');
    assert.match(page.text, /<base href="\/fm\/">/);
    const health = await rawRequest(origin(), 'GET', '/fm/health');
    assert.equal(health.status, 200);
  });

  it('redirects the bare prefix and refuses paths outside it', async () => {
    const bare = await rawRequest(origin(), 'GET', '/fm');
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.location, '/fm/');
    const unknown = await rawRequest(origin(), 'GET', '/fm/api/nope');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json<{ code: string }>().code, 'route.notFound');
    for (const [method, outside] of [
      ['POST', '/api/login'],
      ['GET', '/files/x'],
      ['GET', '/fmx/files'],
    ] as const) {
      const response = await rawRequest(origin(), method, outside, {
        body: method === 'POST' ? {} : undefined,
      });
      assert.equal(response.status, 404, `${method} ${outside}`);
    }
  });
});

describe('--noauth', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--noauth'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('acts as the admin without a token', async () => {
    const renew = await server.request('POST', '/api/renew');
    assert.equal(renew.status, 200);
    assert.equal(renew.text.split('.').length, 3);
    const users = await server.request('GET', '/api/users');
    assert.equal(users.status, 200);
    assert.equal(users.json<{ username: string }[]>()[0]?.username, 'admin');
  });

  it('tells the UI there is no login page', async () => {
    const config = inlinedConfig(await server.request('GET', '/'));
    assert.equal(config.NoAuth, true);
    assert.equal(config.LoginPage, false);
    assert.equal(config.AuthMethod, 'noauth');
  });
});
