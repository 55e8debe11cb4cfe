// A folder of 10,000 items: only the rows on screen are in the page, however far it is scrolled.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

describe('a 10,000-item folder', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'huge'));
        for (let index = 0; index < 10_000; index++)
          fs.writeFileSync(
            path.join(root, 'huge', `file-${String(index).padStart(5, '0')}.txt`),
            '',
          );
      },
    });
  });
  after(() => ui.close());

  for (const viewMode of ['list', 'mosaic'] as const)
    it(`renders only what is on screen while scrolling (${viewMode})`, async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, {
        viewMode,
        sorting: { by: 'name', asc: true },
      });
      const tab = await ui.newPage();
      await tab.open('/files/huge/');
      await tab.page.locator('.item').first().waitFor({ timeout: 60_000 });
      const rendered = () => tab.page.locator('.item').count();
      assert.ok((await rendered()) <= 120, `${await rendered()} items in the page at first`);
      // Scroll to the bottom 30 times: 1,550 items are then listed, still only a screenful in the page.
      const longest = await tab.page.evaluate(async () => {
        let worst = 0;
        let last = performance.now();
        let running = true;
        const frame = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
          if (running) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        for (let step = 0; step < 30; step++) {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        running = false;
        return worst;
      });
      await tab.page.waitForFunction(
        () =>
          document.querySelector('.listing-body')!.getBoundingClientRect().height >
          ((1500 * 52) / (document.querySelector('.mosaic') ? 3 : 1)) * 0.9,
      );
      assert.ok((await rendered()) <= 120, `${await rendered()} items in the page after scrolling`);
      assert.ok(longest < 500, `longest frame ${Math.round(longest)} ms`);
      // Items far down are reachable and render as they scroll in.
      await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await tab.page.waitForFunction(() => document.querySelectorAll('.item').length > 0);
      await tab.shot(`huge-${viewMode}`);
      assertNoErrors(tab);
      await tab.close();
    });
});
