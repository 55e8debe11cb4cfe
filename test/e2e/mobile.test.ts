// At 736 px or less: the selection's bar with '{n} selected', the rarely used buttons in the 'more' menu,
// and the sidebar as a drawer that the overlay closes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

describe('mobile layout', () => {
  let ui: UiHarness;
  let tab: UiPage;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.writeFileSync(`${root}/a.txt`, 'a');
        fs.writeFileSync(`${root}/b.txt`, 'b');
      },
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
    tab = await ui.newPage({ viewport: { width: 390, height: 800 } });
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  it('shows the selection in its bar under the header, the rarely used buttons in the more menu', async () => {
    await tab.open('/files/');
    const header = tab.page.locator('header');
    const bar = tab.page.getByRole('toolbar', { name: 'Actions on the selection' });
    await tab.page.locator('.item[data-path="/a.txt"]').click();
    await tab.page.locator('.item[data-path="/b.txt"]').click({ modifiers: ['Control'] });
    await bar.getByText('2 selected').waitFor();
    for (const name of ['Copy', 'Move', 'Delete', 'Download', 'Info'])
      assert.ok(await bar.getByRole('button', { name }).isVisible(), name);
    // The header keeps its everyday buttons; the selection's do not repeat there.
    for (const name of ['Switch view', 'Upload files'])
      assert.ok(await header.getByRole('button', { name }).isVisible(), name);
    assert.equal(await header.getByRole('button', { name: 'Delete' }).count(), 0);
    await header.getByRole('button', { name: 'More' }).click();
    const menu = tab.page.getByRole('group', { name: 'More' });
    for (const name of ['Upload folder', 'Select multiple'])
      assert.equal(await menu.getByRole('button', { name }).innerText(), name);
    await tab.shot('mobile-more');
    await tab.page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Info' }).click();
    await tab.page.getByRole('dialog').getByText('2 items selected').waitFor();
    await tab.page.keyboard.press('Escape');
  });

  it('opens the sidebar as a drawer; a click on the overlay closes it', async () => {
    await tab.open('/files/');
    const sidebar = tab.page.getByRole('navigation', { name: 'Main menu' });
    assert.equal(await sidebar.isVisible(), false);
    await tab.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('button', { name: 'New folder' }).waitFor();
    // shot() finishes the drawer's slide-in itself (animations disabled), so no wait for it.
    await tab.shot('mobile-sidebar');
    await tab.page.locator('.overlay').click({ position: { x: 370, y: 400 } });
    await tab.page.waitForFunction(() => !document.querySelector('.sidebar.open'));
  });

  it('moves focus into the drawer, keeps Tab inside, and Esc gives it back to the menu button', async () => {
    await tab.open('/files/');
    const toggle = tab.page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.focus();
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForFunction(() => document.activeElement?.closest('.sidebar.open'));
    const insideDrawer = () =>
      tab.page.evaluate(() => !!document.activeElement?.closest('.sidebar.open'));
    const stops = await tab.page.locator('.sidebar a[href], .sidebar button').count();
    for (let press = 0; press <= stops; press++) {
      await tab.page.keyboard.press('Tab');
      assert.ok(await insideDrawer(), `Tab ${press + 1} stays in the drawer`);
    }
    await tab.shot('mobile-sidebar-focus');
    for (let press = 0; press <= stops; press++) {
      await tab.page.keyboard.press('Shift+Tab');
      assert.ok(await insideDrawer(), `Shift+Tab ${press + 1} stays in the drawer`);
    }
    await tab.page.keyboard.press('Escape');
    await tab.page.waitForFunction(() => !document.querySelector('.sidebar.open'));
    await tab.page.waitForFunction(() =>
      document.activeElement?.matches('button[aria-label="Toggle sidebar"]'),
    );
  });
});
