// The settings screens and the public share page get their data from their routes' loaders
// (docs/UI.md, Data flow): asked for once on entry, a failure in the error pages' words, an id that
// cannot be loaded sent to the new-user form, and a share's refusal shown by the page itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { afterFrames, appPath, assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

/** The GET requests whose path ends with `suffix`, as they are sent. */
function requestsTo(page: Page, suffix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith(suffix))
      seen.push(request.url());
  });
  return seen;
}

describe('route loaders', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ setup: (root) => fs.writeFileSync(`${root}/shared.txt`, 'shared') });
  });
  after(() => ui.close());

  async function makeShare(body?: object): Promise<string> {
    const response = await ui.server.request('POST', '/api/share/shared.txt', {
      token: await ui.server.adminToken(),
      body,
    });
    assert.equal(response.status, 200, response.text);
    return response.json<{ hash: string }>().hash;
  }

  it("asks once for a settings screen's data, and shows it when it is there", async () => {
    const tab = await ui.newPage();
    const settings = requestsTo(tab.page, '/api/settings');
    await tab.open('/settings/global');
    await tab.page.getByRole('button', { name: 'Save global settings' }).waitFor();
    await afterFrames(tab.page);
    assert.equal(settings.length, 1, settings.join(' '));
    const users = requestsTo(tab.page, '/api/users');
    await tab.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', {
        name: 'User Management',
      })
      .click();
    await tab.page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    await afterFrames(tab.page);
    assert.equal(users.length, 1, users.join(' '));
    assertNoErrors(tab);
    await tab.close();
  });

  it('says what the error pages say when a settings screen cannot load its data', async () => {
    const tab = await ui.newPage();
    await tab.page.route(/\/api\/users$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal', message: '' }),
      }),
    );
    await tab.open('/settings/users');
    await tab.page
      .getByRole('alert')
      .getByRole('heading', { level: 1, name: 'Something really went wrong.' })
      .waitFor();
    await tab.page.getByRole('link', { name: 'Go to My files' }).waitFor();
    assert.match(await tab.page.title(), /^Internal Error - /);
    assertNoErrors(tab);
    await tab.close();
  });

  it('sends a user id it cannot load to the new-user form', async () => {
    const tab = await ui.newPage();
    for (const id of ['999', 'abc']) {
      await tab.open(`/settings/users/${id}`);
      await tab.page.waitForURL(/\/settings\/users\/new$/);
      await tab.page.getByLabel('Username').waitFor();
      assert.equal(appPath(tab.page, ui.server), '/settings/users/new');
    }
    assertNoErrors(tab);
    await tab.close();
  });

  it('asks once for a public share, and lets the page ask for its password', async () => {
    for (const [body, shown] of [
      [undefined, 'Download File'],
      [{ password: 'open sesame' }, 'Password'],
    ] as const) {
      const hash = await makeShare(body);
      const tab = await ui.newPage({ as: null });
      const asked = requestsTo(tab.page, `/api/public/share/${hash}`);
      await tab.open(`/share/${hash}`);
      await tab.page.getByText(shown, { exact: true }).first().waitFor();
      await afterFrames(tab.page);
      assert.equal(asked.length, 1, asked.join(' '));
      assertNoErrors(tab);
      await tab.close();
    }
  });
});
