// Profile preferences (docs/UI.md, Screens and Behaviour): hide dotfiles, single click, exact dates,
// folder sizes and the theme, saved with one Update and applied without a reload.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, startUi } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import type { UiHarness } from '../helpers/browser';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';

const pat = { username: 'pat', password: userPassword };
const rana = { username: 'rana', password: userPassword };
const sam = { username: 'sam', password: userPassword };
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 800 };

describe('profile preferences', () => {
  let ui: UiHarness;
  let patId = 0;

  before(async () => {
    ui = await startUi({
      setup(root) {
        const home = path.join(root, 'pat');
        writeTree(home, {
          '.env': 'SECRET=1\n',
          'notes.txt': 'hello\n',
          'docs/readme.md': '# hi\n',
        });
        const old = new Date('2021-03-04T10:00:00Z');
        for (const name of ['.env', 'notes.txt', 'docs'])
          fs.utimesSync(path.join(home, name), old, old);
        // 2 KiB and 1 KiB below photos: a total of 3 KiB.
        writeTree(path.join(root, 'sam'), {
          'photos/a.jpg': 'x'.repeat(2048),
          'photos/trip/b.jpg': 'x'.repeat(1024),
          'notes.txt': 'hello\n',
        });
      },
    });
    patId = await createUser(ui.server, { username: 'pat', perm: { create: true } });
    // An Arabic-speaking user, for the right-to-left layout.
    const ranaId = await createUser(ui.server, { username: 'rana' });
    const response = await ui.server.request('PUT', `/api/users/${ranaId}`, {
      token: await ui.server.adminToken(),
      body: { what: 'user', which: ['locale'], data: { id: ranaId, locale: 'ar' } },
    });
    assert.equal(response.status, 200, response.text);
  });
  after(() => ui.close());

  it('saves hide dotfiles, single click and exact dates together and applies them at once', async () => {
    const tab = await ui.newPage({ as: pat, viewport: desktop });
    await tab.open('/files/');
    const listing = tab.page.getByRole('listbox');
    await listing.getByRole('option', { name: /notes\.txt/ }).waitFor();
    assert.equal(await listing.getByRole('option', { name: /\.env/ }).count(), 1);
    const modified = listing.getByRole('option', { name: /notes\.txt/ }).locator('time');
    assert.match(await modified.innerText(), /year/);

    await tab.page.getByRole('link', { name: 'Settings' }).click();
    const card = tab.page.getByRole('form', { name: 'Preferences' });
    await card.getByLabel('Hide dotfiles').check();
    await card.getByLabel('Use single clicks to open files and directories').check();
    await card.getByLabel('Show exact dates').check();
    await card.getByLabel('Dark').check();
    // Nothing changes before Update.
    assert.equal(await tab.page.locator('html').getAttribute('data-theme'), 'light');
    const put = tab.page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith(`/api/users/${patId}`),
    );
    await card.getByRole('button', { name: 'Update' }).click();
    const body = (await put).postDataJSON() as { which: string[]; data: Record<string, unknown> };
    assert.deepEqual(body.which.toSorted(), [
      'dateFormat',
      'folderSizes',
      'hideDotfiles',
      'singleClick',
    ]);
    await tab.page.getByRole('status').filter({ hasText: 'Settings updated!' }).waitFor();
    assert.equal(await tab.page.locator('html').getAttribute('data-theme'), 'dark');
    const background = await tab.page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    assert.notEqual(background, 'rgb(245, 246, 248)', 'the dark colours apply');
    await tab.shot('preferences-desktop-dark');

    const token = await ui.server.adminToken();
    const stored = (await ui.server.request('GET', `/api/users/${patId}`, { token })).json<
      Record<string, unknown>
    >();
    assert.deepEqual(
      [stored.hideDotfiles, stored.singleClick, stored.dateFormat],
      [true, true, true],
    );

    // Back to the files through the sidebar, with no reload: the listing follows the new choices.
    await tab.page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await tab.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My files' })
      .click();
    await listing.getByRole('option', { name: /notes\.txt/ }).waitFor();
    assert.equal(await listing.getByRole('option', { name: /\.env/ }).count(), 0);
    assert.match(await modified.innerText(), /2021/);
    assert.match((await modified.getAttribute('title')) ?? '', /year/);
    await tab.shot('preferences-listing-dark');
    // One click opens a folder.
    await listing.getByRole('option', { name: /docs/ }).click();
    await tab.page.waitForURL(/\/files\/docs\/$/);
    assert.equal(appPath(tab.page, ui.server), '/files/docs/');
    assert.equal(
      await tab.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      true,
      'no reload',
    );

    // The theme is this browser's: it survives a reload, and System gives the choice back.
    await tab.page.reload();
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    assert.equal(await tab.page.locator('html').getAttribute('data-theme'), 'dark');
    await tab.open('/settings/profile');
    const again = tab.page.getByRole('form', { name: 'Preferences' });
    assert.equal(await again.getByLabel('Hide dotfiles').isChecked(), true);
    assert.equal(await again.getByLabel('Dark').isChecked(), true);
    await again.getByLabel('System').check();
    await again.getByRole('button', { name: 'Update' }).click();
    await tab.page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assert.equal(await tab.page.evaluate(() => localStorage.getItem('drawer-theme')), null);
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows folders’ totals in the list and the mosaic with folder sizes on, the dash when off', async () => {
    const samId = await createUser(ui.server, { username: 'sam' });
    const admin = await ui.server.adminToken();
    // Totals come from the search index once it has read every file's size (docs/SEARCH.md).
    await eventually(
      async () =>
        (await ui.server.request('GET', '/api/size/', { token: admin })).headers['x-size-from'] ===
        'index',
      'the index has read the sizes',
    );
    const tab = await ui.newPage({ as: sam, viewport: desktop });
    await tab.open('/files/');
    const listing = tab.page.getByRole('listbox');
    const photosSize = listing.getByRole('option', { name: /photos/ }).locator('.item-size');
    await photosSize.waitFor();
    assert.equal(await photosSize.innerText(), '—');

    const setFolderSizes = async (on: boolean) => {
      await tab.page.getByRole('link', { name: 'Settings' }).click();
      const card = tab.page.getByRole('form', { name: 'Preferences' });
      await card.getByLabel('Show folder sizes in listings').setChecked(on);
      await card.getByRole('button', { name: 'Update' }).click();
      await tab.page.getByRole('status').filter({ hasText: 'Settings updated!' }).waitFor();
      await tab.page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'My files' })
        .click();
    };
    await setFolderSizes(true);
    await tab.page.waitForFunction(
      () => document.querySelector('.item[data-dir] .item-size')?.textContent !== '—',
    );
    assert.match(await photosSize.innerText(), /^3\sKiB$/);
    await tab.shot('folder-sizes-list');

    // The mosaic's folder cards show the total too (a file tile shows its size there).
    const response = await ui.server.request('PUT', `/api/users/${samId}`, {
      token: admin,
      body: { what: 'user', which: ['viewMode'], data: { id: samId, viewMode: 'mosaic' } },
    });
    assert.equal(response.status, 200, response.text);
    await tab.page.reload();
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    await listing.getByRole('option', { name: /photos/ }).waitFor();
    assert.equal(await tab.page.locator('.listing.mosaic').count(), 1);
    assert.equal(await photosSize.isVisible(), true);
    assert.match(await photosSize.innerText(), /^3\sKiB$/);
    await tab.shot('folder-sizes-mosaic');

    await setFolderSizes(false);
    await tab.page.waitForFunction(() =>
      [...document.querySelectorAll('.item[data-dir] .item-size')].every(
        (size) => size.textContent === '—',
      ),
    );
    assert.equal(await photosSize.isVisible(), false, 'a card shows no size without a total');
    assertNoErrors(tab);
    await tab.close();
  });

  it('follows a dark system when the choice is System', async () => {
    const tab = await ui.newPage({ as: pat, colorScheme: 'dark' });
    await tab.open('/settings/profile');
    assert.equal(await tab.page.locator('html').getAttribute('data-theme'), 'dark');
    const card = tab.page.getByRole('form', { name: 'Preferences' });
    await card.getByLabel('Light').check();
    await card.getByRole('button', { name: 'Update' }).click();
    await tab.page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assertNoErrors(tab);
    await tab.close();
  });

  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    for (const [language, as] of [
      ['en', pat],
      ['ar', rana],
    ] as const) {
      it(`lays the preferences out on a ${size} in ${language}`, async () => {
        const tab = await ui.newPage({ as, viewport });
        await tab.open('/settings/profile');
        const card = tab.page.locator('form.settings-card').nth(1);
        await card.waitFor();
        const box = await card.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= viewport.width + 1,
          'inside the screen',
        );
        await card.scrollIntoViewIfNeeded();
        if (language === 'ar')
          assert.equal(await tab.page.locator('html').getAttribute('dir'), 'rtl');
        await tab.shot(`preferences-${size}-${language}`);
        assertNoErrors(tab);
        await tab.close();
      });
    }
  }
});
