// Server modes seen from the browser: a base URL, --noauth (no login, no logout), and the reCAPTCHA widget.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, doubleClick, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { adminPassword } from '../helpers/server';

describe('under a base URL', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      args: ['--baseurl', '/drawer'],
      setup: (root) => fs.mkdirSync(`${root}/docs`),
    });
  });
  after(() => ui.close());

  it('logs in, browses and links everything under the base URL', async () => {
    assert.match(ui.server.url, /\/drawer$/);
    const tab = await ui.newPage({ as: null });
    await tab.open('/files/docs/');
    await tab.page.waitForURL(/\/drawer\/login\?redirect=/);
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password').fill(adminPassword);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(/\/drawer\/files\/docs\/$/);
    await tab.page.getByRole('link', { name: 'My files' }).first().click();
    await tab.page.waitForURL(/\/drawer\/files\/$/);
    assert.equal(
      await tab.page.locator('.breadcrumbs a').first().getAttribute('href'),
      '/drawer/files/',
    );
    await doubleClick(tab.page.locator('.item[data-path="/docs"]'));
    await tab.page.waitForURL(/\/drawer\/files\/docs\/$/);
    assertNoErrors(tab);
    await tab.close();
  });
});

describe('with --noauth', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ args: ['--noauth'] });
  });
  after(() => ui.close());

  it('needs no login and hides Logout', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open('/files/');
    await tab.page.locator('.lonely, .listing').first().waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Logout' }).count(), 0);
    await tab.open('/login');
    await tab.page.waitForURL((url) => url.pathname === '/files/');
    assertNoErrors(tab);
    await tab.close();
  });
});

describe('with reCAPTCHA', () => {
  let ui: UiHarness;
  let captcha: http.Server;
  const verified: string[] = [];
  before(async () => {
    // A stand-in for the captcha service: its script renders a button that "solves" the captcha.
    captcha = http.createServer((request, response) => {
      if (request.url?.startsWith('/recaptcha/api.js')) {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(`window.grecaptcha = {
          render(element) { const b = document.createElement('button'); b.type = 'button'; b.id = 'solve';
            b.textContent = 'solve'; b.onclick = () => { window.solved = 'token-ok'; }; element.append(b); return 0; },
          getResponse() { return window.solved || ''; },
          reset() { window.solved = ''; } };`);
        return;
      }
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const answer = new URLSearchParams(body).get('response') ?? '';
        verified.push(answer);
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ success: answer === 'token-ok' }));
      });
    });
    await new Promise<void>((resolve) => captcha.listen(0, '127.0.0.1', resolve));
    ui = await startUi();
    const host = `http://127.0.0.1:${(captcha.address() as AddressInfo).port}`;
    const put = await ui.server.request('PUT', '/api/settings', {
      token: await ui.server.adminToken(),
      body: { recaptcha: { host, key: 'site-key', secret: 'site-secret' } },
    });
    assert.equal(put.status, 200, put.text);
  });
  after(async () => {
    await ui.close();
    captcha.close();
  });

  it('refuses an unsolved captcha without asking the server, then logs in once solved', async () => {
    const tab = await ui.newPage({ as: null });
    let loginCalls = 0;
    tab.page.on('request', (request) => request.url().endsWith('/api/login') && loginCalls++);
    await tab.open('/login');
    await tab.page.locator('#solve').waitFor();
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password').fill(adminPassword);
    await tab.page.getByRole('button', { name: 'Login' }).click();
    await tab.page.getByRole('alert').getByText('Wrong credentials').waitFor();
    assert.equal(loginCalls, 0);
    await tab.page.locator('#solve').click();
    await tab.page.getByRole('button', { name: 'Login' }).click();
    await tab.page.waitForURL(/\/files\/$/);
    assert.deepEqual(verified, ['token-ok']);
    assert.equal(appPath(tab.page, ui.server), '/files/');
    await tab.close();
  });
});
