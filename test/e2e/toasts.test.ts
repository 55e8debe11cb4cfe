// Notifications: a success toast shows at the bottom right with a draining bar for 1000 ms, then goes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

describe('toasts', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi();
  });
  after(() => ui.close());

  it('shows a success toast bottom right with a progress bar, gone after about a second', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/profile');
    await tab.page.getByRole('button', { name: 'Update' }).first().click();
    const toast = tab.page.getByRole('status').filter({ hasText: 'Settings updated!' });
    await toast.waitFor();
    const shownAt = Date.now();
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
    await toast.waitFor({ state: 'detached' });
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor < 1500, `gone after ${shownFor} ms`);
    assertNoErrors(tab);
    await tab.close();
  });
});
