// The app shell: redirects and guards, error pages and titles, the loading screen, token renewal,
// accessible names on icon buttons, and the first-load JavaScript budget.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { addUser, appPath, assertNoErrors, startUi, userPassword } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

const budget = 150 * 1024;

describe('app shell', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ setup: (root) => fs.mkdirSync(`${root}/docs`) });
    await addUser(ui.server, 'plain', {
      perm: {
        admin: false,
        execute: false,
        create: true,
        rename: true,
        modify: true,
        delete: true,
        share: true,
        download: true,
      },
    });
  });
  after(() => ui.close());

  it('redirects / and unknown paths under /files, and /files to /files/', async () => {
    const tab = await ui.newPage();
    for (const [from, to] of [
      ['/', '/files/'],
      ['/docs/', '/files/docs/'],
      ['/files', '/files/'],
    ] as const) {
      await tab.open(from);
      await tab.page.waitForURL((url) => url.pathname === to);
    }
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows the 403, 404 and 500 pages to anyone, with titles', async () => {
    const tab = await ui.newPage({ as: null });
    for (const [route, text, title] of [
      ['/403', "You don't have permissions to access this.", 'Forbidden - Drawer'],
      ['/404', "This location can't be reached.", 'Not Found - Drawer'],
      ['/500', 'Something really went wrong.', 'Internal Error - Drawer'],
    ] as const) {
      await tab.open(route);
      await tab.page.getByRole('heading', { name: text }).waitFor();
      assert.equal(await tab.page.title(), title);
      assert.equal(appPath(tab.page, ui.server), route);
    }
    await tab.shot('page-403');
    await tab.close();
  });

  it('sends a non-admin on an admin route to /403, and shows missing or forbidden items in place', async () => {
    const tab = await ui.newPage({ as: { username: 'plain', password: userPassword } });
    await tab.open('/settings/global');
    await tab.page.waitForURL(/\/403$/);
    await tab.open('/files/no-such-folder/');
    await tab.page.getByRole('alert').getByText("This location can't be reached.").waitFor();
    await tab.close();
  });

  it('removes the loading screen after mount and renews the stored token on start', async () => {
    const tab = await ui.newPage();
    const renewed = tab.page.waitForRequest((request) => request.url().endsWith('/api/renew'));
    await tab.page.goto(`${ui.server.url}/files/`);
    await renewed;
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    await tab.close();
  });

  for (const [stored, system, expected] of [
    ['dark', 'light', 'dark'],
    ['light', 'dark', 'light'],
    ['system', 'dark', 'dark'],
  ] as const)
    it(`paints the loading screen ${expected} before the app runs (stored ${stored}, system ${system})`, async () => {
      for (const viewport of [
        { width: 1366, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const tab = await ui.newPage({ colorScheme: system, viewport });
        await tab.context.addInitScript((choice) => {
          localStorage.setItem('drawer-theme', choice);
        }, stored);
        // The app's code never arrives, so what shows is what the page paints before it.
        await tab.page.route(/\/assets\/main-[^/]+\.js$/, () => undefined);
        await tab.page.goto(`${ui.server.url}/files/`, { waitUntil: 'commit' });
        const loading = tab.page.locator('#loading');
        await loading.waitFor({ state: 'attached' });
        assert.equal(
          await tab.page.evaluate(() => document.documentElement.dataset.theme),
          expected,
        );
        assert.equal(
          await loading.evaluate((element) => getComputedStyle(element).backgroundColor),
          expected === 'dark' ? 'rgb(17, 20, 24)' : 'rgb(246, 247, 249)',
        );
        // The policy lets the page's own inline script run: nothing was refused.
        assertNoErrors(tab);
        await tab.shot(`loading-${stored}-on-${system}-${viewport.width}`);
        await tab.close();
      }
    });

  it('renews the token when a response says X-Renew-Token: true', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    await tab.page.locator('.listing').waitFor();
    const before = await tab.page.evaluate(() => localStorage.getItem('jwt'));
    const renewed = tab.page.waitForResponse((response) => response.url().endsWith('/api/renew'));
    // Changing a preference bumps the user's revision, so the next answers ask for a renewal.
    await tab.page.getByRole('button', { name: 'Switch view' }).click();
    await renewed;
    await tab.page.waitForFunction((old) => localStorage.getItem('jwt') !== old, before);
    const token = String(await tab.page.evaluate(() => localStorage.getItem('jwt')));
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      user: { viewMode: string };
    };
    const stored = await ui.server.request('GET', '/api/users/1', {
      token: await ui.server.adminToken(),
    });
    assert.equal(claims.user.viewMode, stored.json<{ viewMode: string }>().viewMode);
    await tab.close();
  });

  it("discards a response for another path than the route's", async () => {
    const tab = await ui.newPage();
    await tab.page.route('**/api/resources/docs', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          path: '/elsewhere',
          name: 'elsewhere',
          isDir: true,
          items: [],
          size: 0,
          modified: '',
          type: '',
          extension: '',
        }),
      }),
    );
    await tab.open('/files/docs/');
    await tab.page.getByText('Loading...').waitFor();
    assert.equal(await tab.page.locator('.listing').count(), 0);
    await tab.close();
  });

  it('gives every button and link an accessible name', async () => {
    const tab = await ui.newPage({ viewport: { width: 1280, height: 800 } });
    await tab.open('/files/');
    await tab.page.locator('.item').first().click();
    const unnamed = await tab.page.evaluate(() =>
      [...document.querySelectorAll('button, a[href], [role="option"]')]
        .filter((element) => !(element.getAttribute('aria-label') || element.textContent?.trim()))
        .map((element) => element.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(unnamed, []);
    await tab.close();
  });

  it('loads at most 150 KB of gzipped JavaScript for the first screen', async () => {
    for (const start of ['/files/', '/login']) {
      const tab = await ui.newPage({ as: start === '/login' ? null : undefined });
      const scripts: Promise<number>[] = [];
      tab.page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      await tab.open(start);
      await tab.page
        .locator(start === '/login' ? '.login' : '.listing, .lonely')
        .first()
        .waitFor();
      await tab.page.waitForLoadState('networkidle');
      const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      assert.ok(total <= budget, `${start}: ${total} bytes of gzipped JavaScript`);
      await tab.close();
    }
  });
});
