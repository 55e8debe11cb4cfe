// A folder of 5,000 files comes page by page: the first rows at once, the full count and height, End,
// Home and the middle of the folder showing the right names once their page has come.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, listedNames, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

const files = 5_000;
const nameOf = (index: number) => `file-${String(index).padStart(5, '0')}.txt`;

describe('a 5,000-file folder, paged', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'big'));
        for (let index = 0; index < files; index++)
          fs.writeFileSync(path.join(root, 'big', nameOf(index)), '');
      },
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, {
      viewMode: 'list',
      sorting: { by: 'name', asc: true },
    });
  });
  after(() => ui.close());

  it('shows the first rows and the count, then End, Home and the middle', async () => {
    const tab = await ui.newPage();
    const pages: string[] = [];
    tab.page.on('request', (request) => {
      if (request.url().includes('/api/resources/big')) pages.push(request.url());
    });
    await tab.open('/files/big/');
    const item = (name: string) => tab.page.locator('.item-name', { hasText: name });
    await item(nameOf(0)).waitFor({ timeout: 60_000 });
    const names = await listedNames(tab.page);
    assert.deepEqual(names.slice(0, 5), [0, 1, 2, 3, 4].map(nameOf));
    await tab.page.locator('.listing-count', { hasText: '5,000 items' }).waitFor();
    assert.ok(
      pages.every((url) => /[?&]limit=200\b/.test(url)),
      `only pages were asked for: ${pages.join(' ')}`,
    );
    const height = await tab.page.evaluate(
      () => document.querySelector('.listing-body')!.getBoundingClientRect().height,
    );
    assert.ok(height >= files * 48, `the whole folder's height from the start (${height} px)`);

    await tab.page.keyboard.press('End');
    await item(nameOf(files - 1)).waitFor({ timeout: 30_000 });
    await tab.page.keyboard.press('Home');
    await item(nameOf(0)).waitFor({ timeout: 30_000 });

    await tab.page.evaluate(() => {
      const body = document.querySelector('.listing-body')!;
      const top = body.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top + (body.getBoundingClientRect().height * 2_500) / 5_000);
    });
    await item(nameOf(2_500)).waitFor({ timeout: 30_000 });
    await tab.page.locator('.item-placeholder').first().waitFor({ state: 'detached' });
    const middle = await listedNames(tab.page);
    const first = middle.indexOf(nameOf(2_500));
    assert.ok(first >= 0, 'the middle item is listed');
    const start = Number(middle[0]?.slice(5, 10));
    assert.deepEqual(
      middle,
      middle.map((_name, index) => nameOf(start + index)),
      'the rows on screen are consecutive names',
    );
    assert.ok(middle.length <= 120, `${middle.length} items in the page`);
    // An item far from the first page can be selected, and the header's actions see it.
    await item(nameOf(2_500)).click();
    await tab.page.locator('.item[aria-selected="true"]', { hasText: nameOf(2_500) }).waitFor();
    await tab.page.getByRole('button', { name: 'Rename', exact: true }).waitFor();
    assertNoErrors(tab);
    await tab.close();
  });
});
