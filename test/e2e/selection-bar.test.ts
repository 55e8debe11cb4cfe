// The listing's selection bar at both sizes (docs/UI.md, Screens): '{n} selected' with a proper
// plural, ✕ clearing it, the selection's actions working from it; checkboxes that show on hover
// (always on a touch screen) and add to the selection; the multiple-selection banner in view.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { addUser, assertNoErrors, setPreferences, startUi, userPassword } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

describe('selection bar', () => {
  let ui: UiHarness;
  let root: string;
  before(async () => {
    ui = await startUi({
      setup: (folder) => {
        root = folder;
        for (const size of sizes) {
          fs.mkdirSync(`${folder}/${size.name}`);
          for (let index = 0; index < 40; index++)
            fs.writeFileSync(`${folder}/${size.name}/f${String(index).padStart(2, '0')}.txt`, 'x');
        }
      },
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
    await addUser(ui.server, 'amal', { locale: 'ar', viewMode: 'list' });
  });
  after(() => ui.close());

  const item = (tab: UiPage, name: string) => tab.page.locator(`.item[data-path$="/${name}"]`);
  const bar = (tab: UiPage) => tab.page.getByRole('toolbar', { name: 'Actions on the selection' });
  const selected = (tab: UiPage) =>
    tab.page.$$eval('.item[aria-selected="true"]', (items) =>
      items.map((element) => element.getAttribute('data-path')),
    );

  for (const size of sizes)
    it(`counts the selection, clears it with ✕ and deletes from the bar (${size.name})`, async () => {
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: size.hasTouch });
      await tab.open(`/files/${size.name}/`);
      await item(tab, 'f00.txt').waitFor();
      assert.equal(await bar(tab).count(), 0);
      // A mouse adds with Ctrl; a finger with the item's checkbox, always shown on a touch screen.
      if (size.hasTouch) {
        for (const name of ['f01.txt', 'f02.txt']) {
          assert.equal(await item(tab, name).locator('.item-check').isVisible(), true);
          await item(tab, name).locator('.item-check').tap();
        }
      } else {
        await item(tab, 'f01.txt').click();
        await item(tab, 'f02.txt').click({ modifiers: ['Control'] });
      }
      await bar(tab).getByText('2 selected').waitFor();
      assert.deepEqual(await selected(tab), [`/${size.name}/f01.txt`, `/${size.name}/f02.txt`]);
      for (const name of ['Copy', 'Move', 'Delete', 'Download', 'Info'])
        assert.equal(await bar(tab).getByRole('button', { name }).isVisible(), true, name);
      // One item has its own actions too.
      await tab.shot(`selection-bar-two-${size.name}`);

      // The bar lies over the count and sort bar: the rows did not move.
      const before = await item(tab, 'f03.txt').boundingBox();
      await bar(tab).getByRole('button', { name: 'Clear selection' }).click();
      await tab.page.waitForFunction(() => !document.querySelector('.selection-bar'));
      assert.deepEqual(await selected(tab), []);
      assert.deepEqual(await item(tab, 'f03.txt').boundingBox(), before);

      await (size.hasTouch
        ? item(tab, 'f03.txt').locator('.item-check').tap()
        : item(tab, 'f03.txt').click());
      await bar(tab).getByText('1 selected').waitFor();
      for (const name of ['Share', 'Rename'])
        assert.equal(await bar(tab).getByRole('button', { name }).isVisible(), true, name);
      await bar(tab).getByRole('button', { name: 'Delete' }).click();
      const dialog = tab.page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await item(tab, 'f03.txt').waitFor({ state: 'detached' });
      assert.equal(fs.existsSync(path.join(root, size.name, 'f03.txt')), false);
      await tab.page.waitForFunction(() => !document.querySelector('.selection-bar'));
      assertNoErrors(tab);
      await tab.close();
    });

  it('shows checkboxes on hover only with a mouse, and a checkbox adds to the selection', async () => {
    const tab = await ui.newPage({ viewport: { width: 1366, height: 800 } });
    await tab.open('/files/desktop/');
    const check = (name: string) => item(tab, name).locator('.item-check');
    await check('f10.txt').waitFor({ state: 'attached' });
    assert.equal(await check('f10.txt').isVisible(), false);
    await item(tab, 'f10.txt').hover();
    assert.equal(await check('f10.txt').isVisible(), true);
    await check('f10.txt').click();
    await check('f11.txt').click({ force: true });
    await bar(tab).getByText('2 selected').waitFor();
    // Once something is selected, every item shows its box; a click on a ticked one takes it out.
    assert.equal(await check('f20.txt').isVisible(), true);
    await check('f10.txt').click();
    await bar(tab).getByText('1 selected').waitFor();
    assert.deepEqual(await selected(tab), ['/desktop/f11.txt']);
    await tab.shot('selection-checkboxes-desktop');
    assertNoErrors(tab);
    await tab.close();
  });

  it('says "{n} selected" with the plural forms of the language', async () => {
    const tab = await ui.newPage({
      as: { username: 'amal', password: userPassword },
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await tab.open('/files/phone/');
    const arabicBar = tab.page.locator('.selection-bar');
    const checks = tab.page.locator('.item .item-check');
    await checks.first().waitFor();
    // Arabic has a dual and a form for 3 to 10 (files.itemsSelected_two, _few).
    await checks.nth(0).tap();
    await arabicBar.getByText('عنصر واحد محدد').waitFor();
    await checks.nth(1).tap();
    await arabicBar.getByText('عنصران محددان').waitFor();
    await checks.nth(2).tap();
    await arabicBar.getByText('3 عناصر محددة').waitFor();
    await tab.shot('selection-bar-arabic-phone');
    assertNoErrors(tab);
    await tab.close();
  });

  for (const size of sizes)
    it(`keeps the multiple-selection banner and the bar in view down a long folder (${size.name})`, async () => {
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: size.hasTouch });
      await tab.open(`/files/${size.name}/`);
      await item(tab, 'f00.txt').waitFor();
      if (size.hasTouch) {
        await tab.page.getByRole('button', { name: 'More' }).click();
        await tab.page.getByRole('group', { name: 'More' }).getByText('Select multiple').click();
      } else await tab.page.getByRole('button', { name: 'Select multiple' }).click();
      const banner = tab.page.getByText('Multiple selection enabled');
      await banner.waitFor();
      // Rows are drawn as they scroll into view.
      await tab.page.mouse.wheel(0, 1400);
      await item(tab, 'f30.txt').click();
      await item(tab, 'f31.txt').click();
      await bar(tab).getByText('2 selected').waitFor();
      assert.ok((await tab.page.evaluate(() => window.scrollY)) > 200, 'the page scrolled');
      const header = await tab.page.locator('header').boundingBox();
      for (const part of [banner, bar(tab)]) {
        const box = await part.boundingBox();
        assert.ok(header && box, 'both drawn');
        assert.ok(box.y >= header.y + header.height - 1, 'below the header');
        assert.ok(box.y + box.height <= size.viewport.height / 2, 'in the top half of the window');
      }
      await tab.shot(`selection-multiple-scrolled-${size.name}`);
      assertNoErrors(tab);
      await tab.close();
    });
});
