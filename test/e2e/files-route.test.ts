// The files route's data flow (docs/UI.md, Data flow): its loader fills the query cache, its pending
// view shows while a listing is on its way, its error view says what the error pages say, changes
// show in the listing without a reload, going back is served from the cache, and the layout acts on
// the folder the route shows. Slow answers are held with page.route, never waited for with sleeps.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Request, Route } from 'playwright-core';
import { afterFrames, appPath, assertNoErrors, doubleClick, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

/** Holds the answers to the requests `matches` accepts until released. */
async function hold(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  let holding = true;
  const handler = async (route: Route) => {
    if (!holding) return route.continue();
    held.push(route);
  };
  await page.route((url) => matches(url), handler);
  return {
    count: () => held.length,
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute((url) => matches(url), handler);
    },
  };
}

/** GET /api/resources requests for one folder (its whole listing or its pages). */
function listingRequests(page: Page, folder: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      url.pathname.replace(/\/$/, '').endsWith(`/api/resources${folder}`)
    )
      seen.push(request);
  });
  return seen;
}

/** Marks the page's window: the mark is gone after any full page load. */
async function markWindow(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { drawerTestMark: true }));
  return () => page.evaluate(() => 'drawerTestMark' in window);
}

describe('the files route', () => {
  let ui: UiHarness;
  let root: string;
  before(async () => {
    ui = await startUi({
      setup: (folder) => {
        for (const name of ['alpha', 'beta', 'desk', 'slow', 'work'])
          fs.mkdirSync(path.join(folder, name));
        fs.writeFileSync(path.join(folder, 'alpha', 'a1.txt'), 'a');
        fs.writeFileSync(path.join(folder, 'beta', 'b1.txt'), 'b');
        fs.writeFileSync(path.join(folder, 'slow', 's1.txt'), 's');
        fs.writeFileSync(path.join(folder, 'work', 'draft.txt'), 'draft');
        fs.writeFileSync(path.join(folder, 'desk', 'old.txt'), 'old');
        fs.writeFileSync(path.join(folder, 'desk', 'keep.txt'), 'keep');
      },
    });
    root = ui.server.root;
  });
  after(() => ui.close());

  const item = (tab: UiPage, itemPath: string) =>
    tab.page.locator(`.item[data-path="${itemPath}"]`);
  const heading = (tab: UiPage) => tab.page.getByRole('alert').getByRole('heading', { level: 1 });

  it('shows a missing path in its error view, in the 404 words, with the ways back', async () => {
    fs.mkdirSync(path.join(root, 'alpha', 'gone'));
    const tab = await ui.newPage();
    await tab.open('/files/alpha/');
    await item(tab, '/alpha/gone').waitFor();
    // The folder goes while its parent is on screen; opening it is then a 404.
    fs.rmSync(path.join(root, 'alpha', 'gone'), { recursive: true });
    await doubleClick(item(tab, '/alpha/gone'));
    await heading(tab).filter({ hasText: "This location can't be reached." }).waitFor();
    assert.equal(await tab.page.getByRole('heading', { level: 1 }).count(), 1, 'one title');
    // The error view is the route's: the breadcrumbs say where, and the ways back are there.
    await tab.page.locator('.files-error .breadcrumbs').getByText('gone').waitFor();
    assert.equal(appPath(tab.page, ui.server), '/files/alpha/gone/');
    await tab.page.getByRole('button', { name: 'Back' }).click();
    await item(tab, '/alpha/a1.txt').waitFor();
    // Opened afresh, a missing file offers the way home.
    await tab.open('/files/missing.txt');
    await heading(tab).filter({ hasText: "This location can't be reached." }).waitFor();
    await tab.page.getByRole('link', { name: 'Go to My files' }).click();
    await tab.page.waitForURL(/\/files\/$/);
    await item(tab, '/alpha').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('says what the error pages say for a refusal and a failure of the server', async () => {
    const tab = await ui.newPage();
    for (const [status, code, words] of [
      [403, 'fs.forbidden', "You don't have permissions to access this."],
      [500, 'internal', 'Something really went wrong.'],
      [502, 'http.502', 'Something really went wrong.'],
    ] as const) {
      const beta = /\/api\/resources\/beta\/?(\?.*)?$/;
      await tab.page.route(beta, (route) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code }) }),
      );
      await tab.open('/files/beta/');
      await heading(tab).filter({ hasText: words }).waitFor();
      assert.equal(await tab.page.locator('.listing').count(), 0);
      await tab.page.unroute(beta);
    }
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows its pending view at once while a folder loads, and the folder as soon as it comes', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    await item(tab, '/slow').waitFor();
    const held = await hold(tab.page, (url) => /\/api\/resources\/slow\/?$/.test(url.pathname));
    await item(tab, '/alpha').click();
    const selected = tab.page.locator('.item[aria-selected="true"]');
    assert.equal(await selected.count(), 1);
    await item(tab, '/slow').focus();
    await tab.page.keyboard.press('Enter');
    // The skeleton and the new place's breadcrumbs, while the answer is held.
    const pending = tab.page.locator('.files-loading');
    await pending.locator('.listing-skeleton').waitFor();
    await pending.locator('.breadcrumbs').getByText('slow').waitFor();
    // The folder left is hidden (React keeps it mounted behind the pending view), its selection
    // cleared as the route change started (docs/UI.md, Behaviour: Selection).
    assert.equal(await tab.page.locator('.listing:visible').count(), 0);
    assert.equal(await selected.count(), 0, 'the selection is cleared');
    assert.equal(appPath(tab.page, ui.server), '/files/slow/');
    await held.release();
    await item(tab, '/slow/s1.txt').waitFor();
    assert.equal(await tab.page.locator('.listing-skeleton').count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });

  it('keeps the loading screen until the layout and the pending view are drawn', async () => {
    const tab = await ui.newPage();
    const held = await hold(tab.page, (url) => /\/api\/resources\/?$/.test(url.pathname));
    await tab.open('/files/');
    // tab.open waits for the loading screen to go: what replaces it is the app, never a blank page.
    assert.equal(await tab.page.locator('header.header').count(), 1, 'the header');
    assert.equal(await tab.page.locator('.files-loading .listing-skeleton').count(), 1);
    await held.release();
    await item(tab, '/alpha').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('serves going back and forward between folders from the cache, then asks again behind it', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/alpha/');
    await item(tab, '/alpha/a1.txt').waitFor();
    await tab.page.locator('.breadcrumbs a').first().click();
    await doubleClick(item(tab, '/beta'));
    await item(tab, '/beta/b1.txt').waitFor();
    const isSame = await markWindow(tab.page);

    // Nothing the server says can arrive now: what shows comes from the cache, without a pending
    // view in any frame painted.
    const held = await hold(tab.page, (url) => url.pathname.includes('/api/resources/'));
    await tab.page.evaluate(() => {
      const seen = { pending: false };
      Object.assign(window, { drawerSeen: seen });
      // Sampled before each paint: what would be on screen, not a state that never reaches it.
      const sample = () => {
        if (document.querySelector('.files-loading')) seen.pending = true;
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await tab.page.goBack();
    await item(tab, '/alpha').waitFor();
    await tab.page.goBack();
    await item(tab, '/alpha/a1.txt').waitFor();
    await tab.page.goForward();
    await item(tab, '/beta').waitFor();
    await tab.page.goForward();
    await item(tab, '/beta/b1.txt').waitFor();
    const seen = await tab.page.evaluate(
      () => (window as unknown as { drawerSeen: object }).drawerSeen,
    );
    assert.deepEqual(seen, { pending: false }, 'no pending view');
    // Each folder shown was asked for again behind it.
    assert.ok(held.count() >= 2, `revalidated ${held.count()} times`);
    await held.release();
    assert.equal(await isSame(), true, 'no page load');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows a rename, an upload and a delete in the listing without a reload or a second fetch', async () => {
    const tab = await ui.newPage();
    const fetches = listingRequests(tab.page, '/work');
    await tab.open('/files/work/');
    await item(tab, '/work/draft.txt').waitFor();
    await afterFrames(tab.page);
    // The loader's two (the first page says the folder is small, then the whole listing); the
    // screen reads them from the cache and asks for nothing itself.
    assert.equal(fetches.length, 2, fetches.map((request) => request.url()).join(' '));
    const isSame = await markWindow(tab.page);
    const dialog = tab.page.getByRole('dialog');

    await item(tab, '/work/draft.txt').click();
    await tab.page.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByRole('textbox').fill('final.txt');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await item(tab, '/work/final.txt').waitFor();
    assert.equal(await item(tab, '/work/draft.txt').count(), 0);
    // The invalidation asked for the listing on screen once more: no second time, no page load.
    assert.equal(fetches.length, 3, fetches.map((request) => request.url()).join(' '));

    await tab.page.setInputFiles('#upload-input', [
      { name: 'sent.txt', mimeType: 'text/plain', buffer: Buffer.from('sent') },
    ]);
    await item(tab, '/work/sent.txt').waitFor();
    assert.equal(fs.readFileSync(path.join(root, 'work', 'sent.txt'), 'utf8'), 'sent');

    await item(tab, '/work/final.txt').click();
    await tab.page.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await item(tab, '/work/final.txt').waitFor({ state: 'detached' });
    assert.ok(!fs.existsSync(path.join(root, 'work', 'final.txt')));
    assert.equal(await isSame(), true, 'no page load');
    assert.equal(appPath(tab.page, ui.server), '/files/work/');
    assertNoErrors(tab);
    await tab.close();
  });

  it('goes to the folder of a deleted open file, which never lists it again', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/desk/');
    await doubleClick(item(tab, '/desk/old.txt'));
    await tab.page.locator('.cm-editor').waitFor();
    // The folder shown before is in the router's and the query's caches: it must not come back
    // from there with the file in it, not even for a frame.
    await tab.page.evaluate(() => {
      const seen = { gone: false };
      Object.assign(window, { drawerSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('.item[data-path="/desk/old.txt"]')) seen.gone = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await tab.page.getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await tab.page.waitForURL(/\/files\/desk\/$/);
    await item(tab, '/desk/keep.txt').waitFor();
    const seen = await tab.page.evaluate(
      () => (window as unknown as { drawerSeen: object }).drawerSeen,
    );
    assert.deepEqual(seen, { gone: false });
    assert.ok(!fs.existsSync(path.join(root, 'desk', 'old.txt')));
    assertNoErrors(tab);
    await tab.close();
  });

  it('closes a prompt with Esc without clearing the selection, whichever listener comes first', async () => {
    const tab = await ui.newPage();
    // The folder's answer held a moment: the screen mounts after the layout, as on a slow server.
    const held = await hold(tab.page, (url) => /\/api\/resources\/beta\/?$/.test(url.pathname));
    await tab.page.goto(`${ui.server.url}/files/beta/`);
    await tab.page.locator('.files-loading .listing-skeleton').waitFor();
    await held.release();
    await item(tab, '/beta/b1.txt').click();
    const selected = tab.page.locator('.item[aria-selected="true"]');
    for (const round of [1, 2]) {
      await tab.page.keyboard.press('F1');
      await tab.page.getByRole('dialog').waitFor();
      await tab.page.keyboard.press('Escape');
      await tab.page.getByRole('dialog').waitFor({ state: 'detached' });
      await afterFrames(tab.page);
      assert.equal(await selected.count(), 1, `still selected (${round})`);
    }
    // With no prompt open, Esc clears it (docs/UI.md, Behaviour: Selection).
    await tab.page.keyboard.press('Escape');
    await selected.waitFor({ state: 'detached' });
    assertNoErrors(tab);
    await tab.close();
  });

  it('puts the sidebar’s new items in the folder the route shows, or beside its open file', async () => {
    fs.writeFileSync(path.join(root, 'beta', 'open.txt'), 'open me');
    const tab = await ui.newPage();
    const dialog = tab.page.getByRole('dialog');
    const sidebar = tab.page.getByRole('navigation', { name: 'Main menu' });
    // A file open in the editor: its folder takes the new item.
    await tab.open('/files/beta/open.txt');
    await tab.page.locator('.cm-editor').waitFor();
    await sidebar.getByRole('button', { name: 'New folder' }).click();
    await dialog.getByRole('textbox').fill('made-beside');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await tab.page.waitForURL(/\/files\/beta\/made-beside\/$/);
    assert.ok(fs.statSync(path.join(root, 'beta', 'made-beside')).isDirectory());
    // A folder named without its slash: the cached answer says it is one.
    await tab.open('/files/alpha');
    await item(tab, '/alpha/a1.txt').waitFor();
    await sidebar.getByRole('button', { name: 'New folder' }).click();
    await dialog.getByRole('textbox').fill('made-inside');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await tab.page.waitForURL(/\/files\/alpha\/made-inside\/$/);
    assert.ok(fs.statSync(path.join(root, 'alpha', 'made-inside')).isDirectory());
    assertNoErrors(tab);
    await tab.close();
  });
});
