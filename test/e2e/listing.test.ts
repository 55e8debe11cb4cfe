// The listing: sections, sizes and times, sorting and view stored on the user, selection, breadcrumbs,
// opening, the empty message, pagination by 50 and mosaic columns.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  appPath,
  assertNoErrors,
  doubleClick,
  installClock,
  listedNames,
  pauseClock,
  setPreferences,
  startUi,
} from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

const day = 24 * 60 * 60 * 1000;

describe('listing', () => {
  let ui: UiHarness;
  let tab: UiPage;
  let token: string;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        for (const folder of ['alpha', 'beta', 'empty', 'd1/d2/d3/d4/d5'])
          fs.mkdirSync(`${root}/${folder}`, { recursive: true });
        const files: [string, number, number][] = [
          ['a.txt', 10, 3],
          ['b.txt', 3000, 1],
          ['c.md', 200, 2],
        ];
        for (const [name, size, daysAgo] of files) {
          fs.writeFileSync(`${root}/${name}`, 'x'.repeat(size));
          const time = new Date(Date.now() - daysAgo * day);
          fs.utimesSync(`${root}/${name}`, time, time);
        }
        fs.mkdirSync(`${root}/many`);
        for (let index = 0; index < 120; index++)
          fs.writeFileSync(`${root}/many/f${String(index).padStart(3, '0')}.txt`, '');
      },
    });
    token = await ui.server.adminToken();
    tab = await ui.newPage();
    // The page's own clock, so that the 300 ms of a double click is counted in the page's time.
    await installClock(tab.page);
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  async function openFresh(path: string, prefs: Record<string, unknown>) {
    await setPreferences(ui.server, token, 1, prefs);
    await tab.open(path);
    await tab.page.locator('.listing').waitFor();
  }

  it('shows Folders then Files, with icons, a dash for folder sizes and relative times', async () => {
    await openFresh('/files/', { viewMode: 'list', sorting: { by: 'name', asc: true } });
    assert.deepEqual(await listedNames(tab.page), [
      'alpha',
      'beta',
      'd1',
      'empty',
      'many',
      'a.txt',
      'b.txt',
      'c.md',
    ]);
    assert.deepEqual(
      await tab.page.$$eval('.listing-heading', (headings) => headings.map((h) => h.textContent)),
      ['Folders', 'Files'],
    );
    const folder = tab.page.locator('.item[data-path="/alpha"]');
    assert.equal(await folder.locator('.item-size').textContent(), '—');
    assert.equal(await folder.locator('.file-icon-folder').count(), 1);
    const file = tab.page.locator('.item[data-path="/b.txt"]');
    assert.equal(await file.locator('.item-size').textContent(), '2.9 KiB');
    assert.equal(await file.locator('.item-modified').textContent(), 'yesterday');
    assert.equal(
      await tab.page.locator('.item[data-path="/c.md"] .item-modified').textContent(),
      '2 days ago',
    );
    assert.equal(await tab.page.title(), 'My files - Drawer');
    await tab.shot('listing-list');
  });

  it('sorts by a column header, with the arrow rule, and stores the choice on the user', async () => {
    await openFresh('/files/', { viewMode: 'list', sorting: { by: 'name', asc: true } });
    const byName = tab.page.getByRole('button', { name: 'Sort by Name' });
    const bySize = tab.page.getByRole('button', { name: 'Sort by Size' });
    /** The arrow drawn: the sprite symbol the column's icon uses. */
    const drawn = (button: typeof byName) =>
      button.locator('use').evaluate((use) => use.getAttribute('href')?.split('#')[1]);
    // The arrow shows the direction in use: A→Z points up; other columns show a faint up arrow.
    assert.equal(await byName.getAttribute('data-arrow'), 'up');
    assert.equal(await drawn(byName), 'arrowUp');
    assert.equal(await bySize.getAttribute('data-arrow'), 'up');
    // Choosing another column sorts it ascending.
    const files = () =>
      tab.page.$$eval('.item:not([data-dir]) .item-name', (names) =>
        names.map((name) => name.textContent).join(),
      );
    await bySize.click();
    await tab.page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Sort by Size"]')?.getAttribute('data-arrow') === 'up',
    );
    await tab.page.waitForFunction(
      () =>
        [...document.querySelectorAll('.item:not([data-dir]) .item-name')]
          .map((name) => name.textContent)
          .join() === 'a.txt,c.md,b.txt',
    );
    const stored = await ui.server.request('GET', '/api/users/1', { token });
    assert.deepEqual(stored.json<{ sorting: unknown }>().sorting, { by: 'size', asc: true });
    // Choosing the active column again sorts descending, and the arrow turns down.
    await bySize.click();
    await tab.page.waitForFunction(
      () =>
        [...document.querySelectorAll('.item:not([data-dir]) .item-name')]
          .map((name) => name.textContent)
          .join() === 'b.txt,c.md,a.txt',
    );
    assert.equal(await files(), 'b.txt,c.md,a.txt');
    assert.equal(await bySize.getAttribute('data-arrow'), 'down');
    assert.equal(await drawn(bySize), 'arrowDown');
    // The mosaic's sort bar draws the same arrows.
    await openFresh('/files/', { viewMode: 'mosaic', sorting: { by: 'size', asc: false } });
    await tab.page.locator('.listing.mosaic').waitFor();
    assert.equal(await drawn(bySize), 'arrowDown');
    assert.equal(await drawn(byName), 'arrowUp');
    await openFresh('/files/', { viewMode: 'mosaic', sorting: { by: 'size', asc: true } });
    assert.equal(await drawn(bySize), 'arrowUp');
    await openFresh('/files/', { viewMode: 'list', sorting: { by: 'size', asc: false } });
    await tab.page.getByRole('button', { name: 'Sort by Name' }).click();
    await tab.page.waitForFunction(
      () => document.querySelectorAll('.item .item-name')[0]?.textContent === 'alpha',
    );
    assert.deepEqual(await listedNames(tab.page), [
      'alpha',
      'beta',
      'd1',
      'empty',
      'many',
      'a.txt',
      'b.txt',
      'c.md',
    ]);
    const again = await ui.server.request('GET', '/api/users/1', { token });
    assert.deepEqual(again.json<{ sorting: unknown }>().sorting, { by: 'name', asc: true });
  });

  it('cycles list, mosaic and gallery, stores each, and sizes tile columns by width', async () => {
    await openFresh('/files/', { viewMode: 'list' });
    const tileColumns = () =>
      tab.page
        .locator('.listing-row.tiles')
        .first()
        .evaluate((row) => getComputedStyle(row).gridTemplateColumns.split(' ').length);
    const width = () =>
      tab.page.locator('.listing-body').evaluate((element) => element.clientWidth);
    // File Browser's cycle: list → mosaic → mosaic gallery → list.
    for (const [viewMode, selector] of [
      ['mosaic', '.listing.mosaic:not(.gallery)'],
      ['mosaic gallery', '.listing.mosaic.gallery'],
      ['list', '.listing.list'],
    ] as const) {
      // The view switches at once; the server has it once its write is on disk and answered.
      const saved = tab.page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' && /\/api\/users\/1$/.test(response.url()),
      );
      await tab.page.getByRole('button', { name: 'Switch view' }).click();
      await tab.page.locator(selector).waitFor();
      await saved;
      const stored = await ui.server.request('GET', '/api/users/1', { token });
      assert.equal(stored.json<{ viewMode: string }>().viewMode, viewMode);
      if (viewMode === 'list') break;
      // Square tiles: mosaic columns by 180 px, the gallery's by File Browser's 300 px, two at least.
      const target = viewMode === 'mosaic' ? 180 : 300;
      assert.equal(await tileColumns(), Math.max(2, Math.floor((await width()) / target)));
      const tile = await tab.page.locator('.tiles .item').first().boundingBox();
      assert.ok(tile && Math.abs(tile.width - tile.height) < 1.5, 'a square tile');
      await tab.shot(viewMode === 'mosaic' ? 'listing-mosaic' : 'listing-gallery');
    }
    await setPreferences(ui.server, token, 1, { viewMode: 'mosaic' });
    await tab.page.reload();
    await tab.page.locator('.listing.mosaic').waitFor();
    await tab.page.setViewportSize({ width: 280, height: 700 });
    await tab.page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('.listing-row.tiles')!).gridTemplateColumns.split(
          ' ',
        ).length === 2,
    );
    await tab.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('selects by click, Ctrl-click, Shift-click range, deselects, and clears with Esc', async () => {
    await openFresh('/files/', { viewMode: 'list', sorting: { by: 'name', asc: true } });
    const item = (path: string) => tab.page.locator(`.item[data-path="${path}"]`);
    const selected = () =>
      tab.page.$$eval('.item[aria-selected="true"]', (items) =>
        items.map((i) => i.getAttribute('data-path')),
      );
    await item('/beta').click();
    assert.deepEqual(await selected(), ['/beta']);
    await item('/a.txt').click({ modifiers: ['Control'] });
    assert.deepEqual(await selected(), ['/beta', '/a.txt']);
    await tab.page.clock.fastForward(320);
    await item('/beta').click();
    assert.deepEqual(await selected(), ['/a.txt']);
    await tab.page.clock.fastForward(320);
    await item('/beta').click();
    await item('/empty').click({ modifiers: ['Shift'] });
    assert.deepEqual(await selected(), ['/beta', '/d1', '/empty']);
    // The screen's keys act once their code has loaded, which the first key press starts.
    await tab.page.keyboard.press('Escape');
    await eventually(async () => (await selected()).length === 0, 'Esc clears the selection');
  });

  it('multi-select mode shows a banner, adds with plain clicks, and Clear turns it off', async () => {
    await openFresh('/files/', { viewMode: 'list' });
    await tab.page.getByRole('button', { name: 'Select multiple' }).click();
    await tab.page.getByText('Multiple selection enabled').waitFor();
    await tab.page.locator('.item[data-path="/alpha"]').click();
    await tab.page.locator('.item[data-path="/c.md"]').click();
    assert.equal(await tab.page.locator('.item[aria-selected="true"]').count(), 2);
    await tab.shot('listing-multiple');
    // Exact: the selection bar has its own 'Clear selection'.
    await tab.page.getByRole('button', { name: 'Clear', exact: true }).click();
    assert.equal(await tab.page.getByText('Multiple selection enabled').count(), 0);
    assert.equal(await tab.page.locator('.item[aria-selected="true"]').count(), 0);
  });

  it('opens a folder by double-click and by a double tap within 300 ms, but not by two slow clicks', async () => {
    await openFresh('/files/', { viewMode: 'list' });
    await doubleClick(tab.page.locator('.item[data-path="/alpha"]'));
    await tab.page.waitForURL(/\/files\/alpha\/$/);
    await tab.page.waitForFunction(() => document.title === 'alpha - Drawer');
    await tab.page.goBack();
    const beta = tab.page.locator('.item[data-path="/beta"]');
    await beta.click();
    await beta.and(tab.page.locator('[aria-selected="true"]')).waitFor();
    await tab.page.clock.fastForward(350);
    await beta.click();
    // The second click was taken as a click (it deselected), not as the second half of a double click.
    await beta.and(tab.page.locator('[aria-selected="false"]')).waitFor();
    assert.equal(appPath(tab.page, ui.server), '/files/');
    const touch = await ui.newPage({ hasTouch: true });
    await installClock(touch.page);
    await touch.open('/files/');
    const touchedBeta = touch.page.locator('.item[data-path="/beta"]');
    await touchedBeta.waitFor();
    await pauseClock(touch.page);
    await touchedBeta.tap();
    await touchedBeta.tap();
    await touch.page.clock.resume();
    await touch.page.waitForURL(/\/files\/beta\/$/);
    await touch.close();
  });

  it('shows home plus the last 3 crumbs after "..." and navigates with them', async () => {
    await openFresh('/files/d1/d2/d3/d4/d5/', { viewMode: 'list' });
    const crumbs = tab.page.getByRole('navigation', { name: 'Location' });
    assert.deepEqual(await crumbs.locator('.crumb').allTextContents(), [
      '',
      '...',
      'd3',
      'd4',
      'd5',
    ]);
    await crumbs.getByRole('link', { name: 'd3' }).click();
    await tab.page.waitForURL(/\/files\/d1\/d2\/d3\/$/);
    assert.deepEqual(await crumbs.locator('.crumb').allTextContents(), ['', 'd1', 'd2', 'd3']);
    await crumbs.getByRole('link', { name: 'My files' }).click();
    await tab.page.waitForURL(/\/files\/$/);
  });

  it('says "Here feels lonely..." in an empty folder', async () => {
    await openFresh('/files/empty/', { viewMode: 'list' });
    await tab.page.getByText('Here feels lonely...').waitFor();
    await tab.shot('listing-empty');
  });

  it('shows 50 items, then 50 more each time the bottom is reached', async () => {
    await openFresh('/files/many/', { viewMode: 'list', sorting: { by: 'name', asc: true } });
    const height = () =>
      tab.page
        .locator('.listing-body')
        .evaluate((element) => element.getBoundingClientRect().height);
    const rowsShown = async () => Math.round(((await height()) - 44) / 52);
    assert.equal(await rowsShown(), 50);
    assert.equal(await tab.page.locator('.item[data-path="/many/f050.txt"]').count(), 0);
    for (const expected of [100, 120]) {
      await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await tab.page.waitForFunction(
        (rows) =>
          Math.round(
            (document.querySelector('.listing-body')!.getBoundingClientRect().height - 44) / 52,
          ) === rows,
        expected,
      );
    }
    await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tab.page.locator('.item[data-path="/many/f119.txt"]').waitFor();
    assert.equal(await rowsShown(), 120);
  });
});
