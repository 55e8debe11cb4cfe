// Error pages keep the app around them for a logged-in user (docs/UI.md, Screens): /403, /404, /500
// and a files path that fails show the header and sidebar, one level-one heading, and the ways back;
// a visitor without a session gets the plain page. At a desktop's and a phone's size.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  addUser,
  appPath,
  assertNoErrors,
  doubleClick,
  startUi,
  userPassword,
} from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const pages = [
  ['/403', "You don't have permissions to access this."],
  ['/404', "This location can't be reached."],
  ['/500', 'Something really went wrong.'],
] as const;

describe('error pages', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'secret'));
        fs.writeFileSync(path.join(root, 'secret', 'plan.txt'), 'hidden');
      },
    });
    await addUser(ui.server, 'plain', {
      rules: [{ allow: false, path: '/secret', regex: false, regexp: null }],
    });
  });
  after(() => ui.close());

  /** The app's layout is there: the header, and the sidebar (behind the menu button on a phone). */
  async function assertLayout(tab: UiPage, phone: boolean): Promise<void> {
    await tab.page.locator('header.header').waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Toggle sidebar' }).isVisible(), true);
    const myFiles = tab.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: 'My files',
    });
    if (!phone) {
      assert.equal(await myFiles.isVisible(), true, 'the sidebar shows');
      return;
    }
    // A phone's sidebar is a drawer over the page: the menu button opens it, Esc closes it.
    await tab.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await myFiles.waitFor();
    await tab.page.keyboard.press('Escape');
    await myFiles.waitFor({ state: 'hidden' });
  }

  async function assertOneHeading(tab: UiPage, text: string): Promise<void> {
    const heading = tab.page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: text }).waitFor();
    assert.equal(await heading.count(), 1, 'one level-one heading');
  }

  for (const size of sizes) {
    const phone = size.name === 'phone';

    it(`shows /403, /404 and /500 inside the layout to a logged-in user (${size.name})`, async () => {
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: phone });
      for (const [route, text] of pages) {
        await tab.open(route);
        await assertOneHeading(tab, text);
        await assertLayout(tab, phone);
        assert.equal(appPath(tab.page, ui.server), route);
        // Opened afresh, there is nothing in the app to go back to: only the way home.
        assert.equal(await tab.page.getByRole('button', { name: 'Back' }).count(), 0);
        await tab.page.getByRole('link', { name: 'Go to My files' }).waitFor();
      }
      await tab.shot(`error-page-500-${size.name}`);
      await tab.page.getByRole('link', { name: 'Go to My files' }).click();
      await tab.page.waitForURL(/\/files\/$/);
      await tab.page.locator('.listing').waitFor();
      assertNoErrors(tab);
      await tab.close();
    });

    it(`shows a forbidden or missing files path inside the layout, with the ways back (${size.name})`, async () => {
      const tab = await ui.newPage({
        viewport: size.viewport,
        hasTouch: phone,
        as: { username: 'plain', password: userPassword },
      });
      await tab.open('/files/secret/');
      const forbidden = await tab.page
        .getByRole('alert')
        .getByRole('heading', { level: 1 })
        .textContent();
      assert.ok(
        forbidden === "You don't have permissions to access this." ||
          forbidden === "This location can't be reached.",
        String(forbidden),
      );
      await assertOneHeading(tab, forbidden ?? '');
      await assertLayout(tab, phone);
      await tab.page.getByRole('link', { name: 'Go to My files' }).waitFor();
      await tab.shot(`error-files-forbidden-${size.name}`);

      // A file that went away while its folder was on screen: Back returns to the folder.
      const name = `gone-${size.name}.txt`;
      fs.writeFileSync(path.join(ui.server.root, name), 'soon gone');
      await tab.open('/files/');
      const item = tab.page.locator('.item').filter({ hasText: name });
      await item.waitFor();
      fs.rmSync(path.join(ui.server.root, name));
      await doubleClick(item);
      await assertOneHeading(tab, "This location can't be reached.");
      assert.equal(appPath(tab.page, ui.server), `/files/${name}`);
      await assertLayout(tab, phone);
      await tab.shot(`error-files-gone-${size.name}`);
      await tab.page.getByRole('button', { name: 'Back' }).click();
      await tab.page.waitForURL(/\/files\/$/);
      await tab.page.locator('.listing').waitFor();
      assertNoErrors(tab);
      await tab.close();
    });

    it(`gives a visitor without a session the plain page (${size.name})`, async () => {
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: phone, as: null });
      for (const [route, text] of pages) {
        await tab.open(route);
        await assertOneHeading(tab, text);
        assert.equal(await tab.page.locator('header.header').count(), 0, 'no header');
        assert.equal(await tab.page.getByRole('navigation').count(), 0, 'no sidebar');
        await tab.page.getByRole('link', { name: 'Go to My files' }).waitFor();
      }
      await tab.shot(`error-page-plain-${size.name}`);
      assertNoErrors(tab);
      await tab.close();
    });
  }
});
