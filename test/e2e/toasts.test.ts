// Notifications: a success toast shows at the bottom right with a draining bar for 1000 ms, then goes;
// an error toast offers 'Report issue' only once the admin has set a tracker's address.
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
    // The language card's Update, found by its card's name: the profile has several Update buttons.
    await tab.page
      .getByRole('form', { name: 'Profile Settings' })
      .getByRole('button', { name: 'Update' })
      .click();
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

  it('offers no Report issue by default; with a tracker set, an error links to it in a new tab', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    const global = tab.page.getByRole('form', { name: 'Global Settings' });
    const address = global.getByLabel('Issue tracker address');
    const saveRefused = async () => {
      await address.fill('ftp://tracker.example/');
      await global.getByRole('button', { name: 'Save global settings' }).click();
      const toast = tab.page.getByRole('alert').filter({
        hasText: 'The address must start with http:// or https://.',
      });
      await toast.waitFor();
      return toast;
    };
    const first = await saveRefused();
    await first.getByRole('button', { name: 'Close' }).waitFor();
    assert.equal(await first.getByRole('link').count(), 0, 'no Report issue without a tracker');
    await first.getByRole('button', { name: 'Close' }).click();
    await first.waitFor({ state: 'detached' });

    const tracker = 'https://tracker.example/issues/new?labels=drawer';
    const token = await ui.server.adminToken();
    const saved = await ui.server.request('PUT', '/api/settings', {
      token,
      body: { branding: { reportIssueUrl: tracker } },
    });
    assert.equal(saved.status, 200, saved.text);
    // The page reads its configuration once, at start.
    await tab.open('/settings/global');
    assert.equal(await address.inputValue(), tracker);
    const second = await saveRefused();
    const report = second.getByRole('link', { name: 'Report issue' });
    const href = new URL((await report.getAttribute('href')) ?? '');
    assert.equal(href.origin + href.pathname, 'https://tracker.example/issues/new');
    assert.equal(href.searchParams.get('labels'), 'drawer', 'the address keeps its own query');
    assert.match(href.searchParams.get('body') ?? '', /must start with http/);
    assert.equal(await report.getAttribute('target'), '_blank');
    assert.match((await report.getAttribute('rel')) ?? '', /\bnoopener\b/);
    await tab.shot('toast-error-report');
    assertNoErrors(tab);
    await tab.close();
  });
});
