// The listing's frame at both sizes (docs/UI.md, Screens): the breadcrumbs and sort bar stay in view
// down a long folder, the sort labels sit over their columns (on a phone too, in both directions,
// with the date shown), and the header's buttons name themselves, a phone's rare ones in the menu.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { addUser, assertNoErrors, setPreferences, startUi, userPassword } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

/** Where a sort label's text starts and a row's cell starts, on the side the text starts from. */
async function startEdges(page: Page, column: 'name' | 'size' | 'modified') {
  return page.evaluate((which) => {
    const rtl = document.documentElement.dir === 'rtl';
    const edge = (element: Element | null) => {
      const box = element?.getBoundingClientRect();
      return box ? (rtl ? box.right : box.left) : NaN;
    };
    const row = document.querySelector('.listing .item:not([data-dir])');
    return {
      label: edge(document.querySelector(`.sort-${which} span`)),
      cell: edge(row?.querySelector(`.item-${which}`) ?? null),
      cellShown: (row?.querySelector(`.item-${which}`)?.getBoundingClientRect().width ?? 0) > 0,
    };
  }, column);
}

describe('listing top', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(`${root}/long/deeper`, { recursive: true });
        for (let index = 0; index < 120; index++)
          fs.writeFileSync(`${root}/long/deeper/f${String(index).padStart(3, '0')}.txt`, 'x');
      },
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
    await addUser(ui.server, 'amal', { locale: 'ar', viewMode: 'list' });
  });
  after(() => ui.close());

  for (const size of sizes)
    it(`keeps the breadcrumbs and the sort bar in view down a long folder (${size.name})`, async () => {
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: size.hasTouch });
      await tab.open('/files/long/deeper/');
      await tab.page.locator('.item').first().waitFor();
      await tab.page.mouse.wheel(0, 2000);
      await tab.page.locator('.item[data-path$="/f040.txt"]').waitFor();
      assert.ok((await tab.page.evaluate(() => window.scrollY)) > 1000, 'the page scrolled');
      const header = await tab.page.locator('header').boundingBox();
      const crumbs = tab.page.getByRole('navigation', { name: 'Location' });
      const sort = tab.page.getByRole('toolbar', { name: 'Sort' });
      for (const part of [crumbs, sort]) {
        const box = await part.boundingBox();
        assert.ok(header && box);
        assert.ok(box.y >= header.y + header.height - 1, 'below the header');
        assert.ok(box.y + box.height < 260, 'at the top of the window');
      }
      // Still working where they stuck: the sort bar sorts, the breadcrumb goes up.
      await sort.getByRole('button', { name: 'Sort by Name' }).click();
      await tab.page.waitForFunction(
        () => document.querySelector('.sort-name')?.getAttribute('data-arrow') === 'down',
      );
      await tab.shot(`listing-top-scrolled-${size.name}`);
      await crumbs.getByRole('link', { name: 'long' }).click();
      await tab.page.waitForURL(/\/files\/long\/$/);
      await setPreferences(ui.server, await ui.server.adminToken(), 1, {
        sorting: { by: 'name', asc: true },
      });
      assertNoErrors(tab);
      await tab.close();
    });

  for (const size of sizes)
    for (const language of ['en', 'ar'] as const)
      it(`puts each sort label over its column (${size.name}, ${language})`, async () => {
        const tab = await ui.newPage({
          viewport: size.viewport,
          hasTouch: size.hasTouch,
          ...(language === 'ar' ? { as: { username: 'amal', password: userPassword } } : {}),
        });
        await tab.open('/files/long/deeper/');
        await tab.page.locator('.item').first().waitFor();
        for (const column of ['name', 'size', 'modified'] as const) {
          const { label, cell, cellShown } = await startEdges(tab.page, column);
          assert.ok(cellShown, `the ${column} shows`);
          assert.ok(Math.abs(label - cell) <= 2, `${column}: label at ${label}, cell at ${cell}`);
        }
        await tab.shot(`listing-columns-${size.name}-${language}`);
        assertNoErrors(tab);
        await tab.close();
      });

  it('names the header buttons in tooltips on hover and keyboard focus (desktop)', async () => {
    const tab = await ui.newPage({ viewport: { width: 1366, height: 800 } });
    await tab.open('/files/long/');
    const actions = tab.page.locator('.header-actions');
    const names = ['Switch view', 'Download', 'Upload files', 'Upload folder', 'Info'];
    for (const name of [...names, 'Select multiple'])
      await actions.getByRole('button', { name }).waitFor();
    for (const name of names) {
      const button = actions.getByRole('button', { name });
      const tooltip = button.locator('.icon-button-label');
      assert.equal(await tooltip.isVisible(), false, `${name} hidden at rest`);
      await button.hover();
      assert.equal(await tooltip.isVisible(), true, `${name} on hover`);
      assert.equal(await tooltip.innerText(), name);
      // Inside the window, below the bar.
      const box = await tooltip.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 1366 && box.y >= 40);
    }
    await tab.shot('header-tooltip-desktop');
    await tab.page.mouse.move(600, 500);
    const last = actions.getByRole('button', { name: 'Select multiple' });
    await last.focus();
    await tab.page.keyboard.press('Shift+Tab');
    await tab.page.keyboard.press('Tab');
    const tooltip = last.locator('.icon-button-label');
    assert.equal(await tooltip.isVisible(), true, 'on keyboard focus');
    const box = await tooltip.boundingBox();
    assert.ok(box && box.x + box.width <= 1366, 'the last one stays inside the window');
    assertNoErrors(tab);
    await tab.close();
  });

  it('keeps view and upload in a phone header and the rarely used buttons in the menu', async () => {
    const tab = await ui.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await tab.open('/files/long/');
    const actions = tab.page.locator('.header-actions');
    await actions.getByRole('button', { name: 'Switch view' }).waitFor();
    assert.equal(await actions.getByRole('button', { name: 'Upload files' }).isVisible(), true);
    for (const name of ['Download', 'Upload folder', 'Info', 'Select multiple'])
      assert.equal(await actions.getByRole('button', { name }).count(), 0, `${name} waits`);
    await actions.getByRole('button', { name: 'More' }).click();
    const menu = tab.page.getByRole('group', { name: 'More' });
    for (const name of ['Download', 'Upload folder', 'Info', 'Select multiple'])
      assert.equal(await menu.getByRole('button', { name }).innerText(), name);
    await tab.shot('header-menu-phone');
    await menu.getByRole('button', { name: 'Info' }).click();
    await tab.page.getByRole('dialog').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });
});
