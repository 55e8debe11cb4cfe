// The first listing after login: while the folder loads, the listing's skeleton shows at once (rows or
// tiles as the user's view), shimmering unless the system asks for reduced motion, then the items.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Route } from 'playwright-core';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

describe('the first listing', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(`${root}/photos`);
        fs.writeFileSync(`${root}/readme.txt`, 'hello');
      },
    });
  });
  after(() => ui.close());

  /** Holds the listing of / until released, so the page shows what it shows while it waits. */
  async function holdListing(tab: UiPage): Promise<() => Promise<void>> {
    const held: Route[] = [];
    let release = false;
    await tab.page.route(/\/api\/resources\/(\?.*)?$/, async (route) => {
      if (release) return route.continue();
      held.push(route);
    });
    return async () => {
      release = true;
      await Promise.all(held.map((route) => route.continue()));
    };
  }

  for (const [viewMode, viewport, colorScheme] of [
    ['list', { width: 1366, height: 800 }, 'light'],
    ['mosaic', { width: 390, height: 844 }, 'dark'],
  ] as const)
    it(`shows the skeleton of a ${viewMode} at once, at ${viewport.width} px, then the items`, async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode });
      const tab = await ui.newPage({ viewport, colorScheme });
      const release = await holdListing(tab);
      await tab.open('/files/');
      const skeleton = tab.page.getByRole('status').filter({ hasText: 'Loading...' });
      await skeleton.waitFor();
      assert.ok((await skeleton.locator('.skeleton-item').count()) >= 6, 'placeholder items');
      assert.equal(
        await tab.page
          .locator(`.listing-skeleton.${viewMode === 'list' ? 'rows' : 'tiles'}`)
          .count(),
        1,
      );
      const animation = await skeleton
        .locator('.skeleton-block')
        .first()
        .evaluate((element) => getComputedStyle(element).animationName);
      assert.notEqual(animation, 'none', 'it shimmers');
      await tab.shot(`first-listing-skeleton-${viewport.width}-${colorScheme}`);
      await release();
      await tab.page.locator('.item[data-path="/readme.txt"]').waitFor();
      assert.equal(await tab.page.locator('.listing-skeleton').count(), 0);
      assertNoErrors(tab);
      await tab.close();
    });

  it('keeps still when the system asks for reduced motion', async () => {
    const tab = await ui.newPage();
    await tab.page.emulateMedia({ reducedMotion: 'reduce' });
    const release = await holdListing(tab);
    await tab.open('/files/');
    const block = tab.page.locator('.listing-skeleton .skeleton-block').first();
    await block.waitFor();
    assert.equal(
      await block.evaluate((element) => getComputedStyle(element).animationName),
      'none',
    );
    await release();
    await tab.page.locator('.item[data-path="/readme.txt"]').waitFor();
    await tab.close();
  });

  it('shows no listing skeleton while a file (not a folder) loads', async () => {
    const tab = await ui.newPage();
    const held: Route[] = [];
    await tab.page.route('**/api/resources/readme.txt', (route) => void held.push(route));
    await tab.open('/files/readme.txt');
    await tab.page.waitForFunction(() => document.querySelector('.files-loading') !== null);
    assert.equal(await tab.page.locator('.listing-skeleton').count(), 0);
    await Promise.all(held.map((route) => route.continue()));
    await tab.page.locator('.cm-editor').waitFor();
    await tab.close();
  });
});
