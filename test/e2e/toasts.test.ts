// Notifications: a success toast shows at the bottom right with a draining bar for 1000 ms, then goes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, installClock, pauseClock, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

describe('toasts', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi();
  });
  after(() => ui.close());

  it('shows a success toast bottom right with a progress bar, gone after about a second', async () => {
    const tab = await ui.newPage();
    await installClock(tab.page);
    await tab.open('/settings/profile');
    // The toast's lifetime is counted on the page's clock, paused so a slow machine cannot eat it.
    await pauseClock(tab.page);
    await tab.page.getByRole('button', { name: 'Update' }).first().click();
    const toast = tab.page.getByRole('status').filter({ hasText: 'Settings updated!' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    const viewport = tab.page.viewportSize();
    assert.ok(box && viewport);
    assert.ok(
      viewport.width - (box.x + box.width) < 40 && viewport.height - (box.y + box.height) < 40,
      'bottom right',
    );
    assert.equal(await toast.locator('.toast-progress').count(), 1);
    assert.equal(
      await toast
        .locator('.toast-progress')
        .evaluate((bar) => getComputedStyle(bar).animationDuration),
      '1s',
    );
    await tab.shot('toast-success');
    await tab.page.clock.runFor(990);
    assert.equal(await toast.count(), 1, 'still shown just before a second');
    await tab.page.clock.runFor(10);
    await toast.waitFor({ state: 'detached' });
    assertNoErrors(tab);
    await tab.close();
  });
});
