// Profile settings: the admin-only navigation and routes, the language selector, the password card.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { adminPassword, bundle } from '../helpers/server';

const carol = { username: 'carol', password: 'carol-first-password-42' };
const locked = { username: 'lockedlarry', password: 'larry-locked-password-42' };
const linguist = { username: 'linguist', password: 'linguist-password-4242' };

describe('profile settings', () => {
  let ui: UiHarness;

  async function createUser(data: Record<string, unknown>): Promise<number> {
    const token = await ui.server.adminToken();
    const response = await ui.server.request('POST', '/api/users', {
      token,
      body: { what: 'user', which: [], data, current_password: adminPassword },
    });
    assert.equal(response.status, 201, response.text);
    return response.json<{ id: number }>().id;
  }

  async function storedUser(id: number): Promise<{ locale: string }> {
    const token = await ui.server.adminToken();
    return (await ui.server.request('GET', `/api/users/${id}`, { token })).json();
  }

  before(async () => {
    ui = await startUi();
    await createUser({ ...carol });
    await createUser({ ...locked, lockPassword: true });
  });
  after(() => ui.close());

  it('sends /settings to /settings/profile and shows admins the settings navigation', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/');
    await tab.page.waitForURL(/\/settings\/profile$/);
    await tab.open('/settings');
    await tab.page.waitForURL(/\/settings\/profile$/);
    const nav = tab.page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'Global Settings' }).click();
    await tab.page.waitForURL(/\/settings\/global$/);
    await nav.getByRole('link', { name: 'User Management' }).click();
    await tab.page.waitForURL(/\/settings\/users$/);
    await nav.locator('[aria-current="page"]', { hasText: 'User Management' }).waitFor();
    assert.equal(await tab.page.title(), 'User Management - Drawer');
    assertNoErrors(tab);
    await tab.close();
  });

  it("hides the admin pages from other users' settings navigation and sends them from admin pages to /403", async () => {
    const tab = await ui.newPage({ as: carol });
    await tab.open('/settings/profile');
    await tab.page.getByRole('heading', { level: 2, name: 'Profile Settings' }).waitFor();
    // Other users' navigation has their own pages (profile, shares), never the admin ones.
    const nav = tab.page.getByRole('navigation', { name: 'Settings' });
    assert.equal(await nav.getByRole('link', { name: 'Global Settings' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'User Management' }).count(), 0);
    for (const adminPath of [
      '/settings/global',
      '/settings/users',
      '/settings/users/new',
      '/settings/users/1',
    ]) {
      await tab.open(adminPath);
      await tab.page.waitForURL(/\/403$/);
      assert.equal(appPath(tab.page, ui.server), '/403', adminPath);
    }
    assertNoErrors(tab);
    await tab.close();
  });

  it('stores the chosen language and switches the interface to it', async () => {
    const id = await createUser({ ...linguist, locale: 'en' });
    const tab = await ui.newPage({ as: linguist });
    await tab.open('/settings/profile');
    const select = tab.page.getByLabel('Language');
    const names = await select.locator('option').allTextContents();
    assert.equal(names.length, 18);
    assert.ok(
      names.includes('Deutsch') && names.includes('日本語') && names.includes('Português (Brasil)'),
    );
    assert.equal(await select.inputValue(), 'en');

    // Dutch when its translation is built in (the translations issue), English otherwise.
    const assets = path.join(path.dirname(bundle), 'ui', 'assets');
    const translated = fs.readdirSync(assets).some((file) => /^nl-be-.*\.js$/.test(file));
    await select.selectOption('nl-be');
    const put = tab.page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith(`/api/users/${id}`),
    );
    await tab.page
      .getByRole('form', { name: 'Profile Settings' })
      .getByRole('button', { name: 'Update' })
      .click();
    const body = (await put).postDataJSON() as { which: string[]; data: { locale: string } };
    assert.deepEqual(body.which, ['locale']);
    assert.equal(body.data.locale, 'nl-be');
    await tab.page.getByRole('status').first().waitFor();
    await tab.page.waitForFunction(() => document.documentElement.lang !== '');
    if (translated) {
      await tab.page.waitForFunction(() =>
        document.documentElement.lang.toLowerCase().startsWith('nl'),
      );
      // A visible label changes: the sidebar's 'My files' is no longer English.
      await tab.page.waitForFunction(() => !document.body.innerText.includes('My files'));
    }
    assert.equal((await storedUser(id)).locale, 'nl-be');
    // The choice survives a reload: the selector shows it and the session carries it.
    await tab.page.reload();
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    assert.equal(await tab.page.locator('select').first().inputValue(), 'nl-be');
    assertNoErrors(tab);
    await tab.close();
  });

  it('tints the password fields, sends only equal passwords, and keeps the session with the new one', async () => {
    const tab = await ui.newPage({ as: carol });
    await tab.open('/settings/profile');
    const first = tab.page.getByLabel('Your new password', { exact: true });
    const second = tab.page.getByLabel('Confirm your new password');
    const card = tab.page.getByRole('form', { name: 'Change Password' });
    const update = card.getByRole('button', { name: 'Update' });
    assert.equal(await update.isDisabled(), true);
    assert.doesNotMatch(String(await first.getAttribute('class')), /input-(equal|different)/);

    await first.fill('carol-second-password-42');
    assert.match(String(await first.getAttribute('class')), /\binput-different\b/);
    await second.fill('carol-second-password-4');
    assert.match(String(await second.getAttribute('class')), /\binput-different\b/);
    await card.getByText("Passwords don't match").waitFor();
    assert.equal(await update.isDisabled(), true);
    await tab.shot('profile-password-mismatch-light');

    await second.fill('carol-second-password-42');
    assert.match(String(await first.getAttribute('class')), /\binput-equal\b/);
    assert.match(String(await second.getAttribute('class')), /\binput-equal\b/);
    // The change is confirmed with the password it replaces.
    assert.equal(await update.isDisabled(), true);
    const current = tab.page.getByLabel('Your current password');
    await current.fill('not-carols-password');
    await update.click();
    await tab.page.getByRole('alert').getByText('The current password is wrong.').waitFor();
    await current.fill(carol.password);
    const before = await tab.page.evaluate(() => localStorage.getItem('jwt'));
    await update.click();
    await tab.page.getByRole('status').getByText('Password updated!').waitFor();
    assert.equal(await first.inputValue(), '');

    // The old token stopped working; the page carries on with the fresh one from X-Auth-Token.
    const after = await tab.page.evaluate(() => localStorage.getItem('jwt'));
    assert.notEqual(after, before);
    await tab.open('/files/');
    assert.equal(appPath(tab.page, ui.server), '/files/');
    await assert.rejects(ui.server.login(carol.username, carol.password));
    await ui.server.login(carol.username, 'carol-second-password-42');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows a server refusal of a too short password as an error', async () => {
    const tab = await ui.newPage({
      as: { username: carol.username, password: 'carol-second-password-42' },
    });
    await tab.open('/settings/profile');
    await tab.page.getByLabel('Your current password').fill('carol-second-password-42');
    await tab.page.getByLabel('Your new password', { exact: true }).fill('short');
    await tab.page.getByLabel('Confirm your new password').fill('short');
    await tab.page
      .getByRole('form', { name: 'Change Password' })
      .getByRole('button', { name: 'Update' })
      .click();
    await tab.page
      .getByRole('alert')
      .getByText(/password/i)
      .waitFor();
    await ui.server.login(carol.username, 'carol-second-password-42');
    await tab.close();
  });

  it('hides the password card from a user whose password is locked', async () => {
    const tab = await ui.newPage({ as: locked });
    await tab.open('/settings/profile');
    await tab.page.getByRole('heading', { level: 2, name: 'Profile Settings' }).waitFor();
    assert.equal(
      await tab.page.getByRole('heading', { level: 2, name: 'Change Password' }).count(),
      0,
    );
    assert.equal(await tab.page.getByLabel('Your new password', { exact: true }).count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });

  it('looks right in light and dark, wide and narrow', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['wide', { width: 1280, height: 800 }],
        ['narrow', { width: 390, height: 844 }],
      ] as const) {
        const tab = await ui.newPage({ colorScheme, viewport });
        await tab.open('/settings/profile');
        await tab.page.getByLabel('Your new password', { exact: true }).fill('one-password-here');
        await tab.page.getByLabel('Confirm your new password').fill('one-password-here');
        await tab.shot(`profile-${size}-${colorScheme}`);
        assertNoErrors(tab);
        await tab.close();
      }
    }
  });
});
