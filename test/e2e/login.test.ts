// Login screen: wrong credentials, the redirect query, sign-up, logout, guards and bad stored tokens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { adminPassword } from '../helpers/server';

describe('login', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: async (root) => (await import('node:fs')).mkdirSync(`${root}/docs`),
    });
  });
  after(() => ui.close());

  it('sends an anonymous visitor to /login with the full path, then back there after login', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open('/files/docs/?x=1');
    assert.equal(
      appPath(tab.page, ui.server),
      `/login?redirect=${encodeURIComponent('/files/docs/?x=1')}`,
    );
    assert.equal(await tab.page.title(), 'Login - Drawer');
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password').fill('wrong password');
    await tab.page.getByRole('button', { name: 'Login' }).click();
    await tab.page.getByRole('alert').getByText('Wrong credentials').waitFor();
    await tab.page.getByLabel('Password').fill(adminPassword);
    await tab.page.getByRole('button', { name: 'Login' }).click();
    await tab.page.waitForURL(/\/files\/docs\/\?x=1$/);
    assert.match(
      String(await tab.page.evaluate(() => localStorage.getItem('jwt'))),
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    assertNoErrors(tab);
    await tab.close();
  });

  it('goes to /files/ after login without a redirect, and /login then redirects a logged-in user', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open('/login');
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password').fill(adminPassword);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(/\/files\/$/);
    await tab.open('/login');
    await tab.page.waitForURL(/\/files\/$/);
    await tab.close();
  });

  it('ignores a redirect to another site', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open(`/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password').fill(adminPassword);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(/\/files\/$/);
    assert.equal(new URL(tab.page.url()).origin, new URL(ui.server.url).origin);
    await tab.close();
  });

  it('logs out from the sidebar: the session ends on the server and the login screen shows', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    const token = String(await tab.page.evaluate(() => localStorage.getItem('jwt')));
    assert.equal((await ui.server.request('GET', '/api/resources/', { token })).status, 200);
    await tab.page.getByRole('button', { name: 'Logout' }).click();
    await tab.page.waitForURL(/\/login$/);
    assert.equal(await tab.page.evaluate(() => localStorage.getItem('jwt')), null);
    // The files screen goes away without an error on the way out.
    assertNoErrors(tab);
    // A copy of the token (a stolen one) is worthless now.
    assert.equal((await ui.server.request('GET', '/api/resources/', { token })).status, 401);
    await tab.open('/files/');
    await tab.page.waitForURL(/\/login\?redirect=/);
    await tab.close();
  });

  it('drops a malformed or expired stored token with a warning and asks to log in', async () => {
    for (const [token, warning] of [
      ['not-a-token', 'token malformed'],
      [
        `e30.${Buffer.from(JSON.stringify({ exp: 1, user: { id: 1 } })).toString('base64url')}.sig`,
        'token expired',
      ],
    ] as const) {
      const tab = await ui.newPage({ as: null });
      const warnings: string[] = [];
      tab.page.on(
        'console',
        (message) => message.type() === 'warning' && warnings.push(message.text()),
      );
      await tab.context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
      await tab.open('/files/');
      await tab.page.waitForURL(/\/login\?redirect=/);
      assert.ok(
        warnings.some((text) => text.includes(warning)),
        `${warning} in ${warnings.join(' | ')}`,
      );
      assert.equal(await tab.page.evaluate(() => localStorage.getItem('jwt')), null);
      await tab.close();
    }
  });

  it('signs up when signup is on: mismatch, taken name, then success', async () => {
    const token = await ui.server.adminToken();
    const put = await ui.server.request('PUT', '/api/settings', { token, body: { signup: true } });
    assert.equal(put.status, 200, put.text);
    const tab = await ui.newPage({ as: null });
    await tab.open('/login');
    await tab.page.getByRole('button', { name: "Don't have an account?" }).click();
    await tab.page.getByLabel('Username').fill('admin');
    await tab.page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await tab.page.getByLabel('Password confirmation').fill('something else entirely');
    await tab.page.getByRole('button', { name: 'Signup' }).click();
    await tab.page.getByRole('alert').getByText("Passwords don't match").waitFor();
    await tab.page.getByLabel('Password confirmation').fill('a-long-enough-password');
    await tab.page.getByRole('button', { name: 'Signup' }).click();
    await tab.page.getByRole('alert').getByText('Username already taken').waitFor();
    await tab.page.getByLabel('Username').fill('newcomer');
    await tab.page.getByRole('button', { name: 'Signup' }).click();
    await tab.page.waitForURL(/\/files\/$/);
    await tab.close();
    await ui.server.request('PUT', '/api/settings', { token, body: { signup: false } });
  });
});
