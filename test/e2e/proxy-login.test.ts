// Proxy login in the browser: the page logs in by itself, explains a proxy that named nobody, and
// logging out leads to the proxy's logout page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, listedNames, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

describe('proxy login in the browser', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      args: [
        '--auth-method',
        'proxy',
        '--auth-header',
        'Remote-User',
        '--trusted-proxies',
        '127.0.0.1',
        '--logout-page',
        '/sso/logout',
      ],
      setup: async (root) => (await import('node:fs')).mkdirSync(`${root}/docs`),
    });
  });
  after(() => ui.close());

  it('logs in as the user the proxy names, with no login form, and logs out to the proxy', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.context.setExtraHTTPHeaders({ 'Remote-User': 'admin' });
    await tab.open('/files/');
    assert.equal(appPath(tab.page, ui.server), '/files/');
    await tab.page.locator('.listing .item').first().waitFor();
    assert.deepEqual(await listedNames(tab.page), ['docs']);
    await tab.page.getByRole('button', { name: 'Logout' }).click();
    await tab.page.waitForURL(/\/sso\/logout$/);
    assertNoErrors(tab);
    await tab.close();
  });

  it('explains a proxy that named nobody, and tries again once it does', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open('/files/docs/');
    assert.equal(
      appPath(tab.page, ui.server),
      `/login?redirect=${encodeURIComponent('/files/docs/')}`,
    );
    await tab.page
      .getByRole('alert')
      .getByText(/did not say who you are/)
      .waitFor();
    assert.equal(await tab.page.getByLabel('Password').count(), 0, 'no password form');
    await tab.context.setExtraHTTPHeaders({ 'Remote-User': 'admin' });
    await tab.page.getByRole('button', { name: 'Try again' }).click();
    await tab.page.waitForURL(/\/files\/docs\/$/);
    await tab.close();
  });
});
