// The editor: language mode by file name, at least 20 lines, Ctrl/Cmd+S and the save button, errors
// (a persistent toast with Close, and Report issue where a tracker is set), and read-only text for users without modify.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  addUser,
  assertNoErrors,
  doubleClick,
  setPreferences,
  startUi,
  userPassword,
} from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

const allButModify = {
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: false,
  delete: true,
  share: true,
  download: true,
};

describe('editor', () => {
  let ui: UiHarness;
  let tab: UiPage;
  let root: string;
  before(async () => {
    ui = await startUi({
      setup: (folder) => {
        fs.writeFileSync(path.join(folder, 'script.js'), 'const answer = 42;\n');
        fs.writeFileSync(path.join(folder, 'plain.txt'), 'just text\n');
      },
    });
    root = ui.server.root;
    const token = await ui.server.adminToken();
    await setPreferences(ui.server, token, 1, { viewMode: 'list' });
    // Report issue shows only where the admin has named a tracker (docs/UI.md, Errors).
    const tracker = await ui.server.request('PUT', '/api/settings', {
      token,
      body: { branding: { reportIssueUrl: 'https://tracker.example/issues/new' } },
    });
    assert.equal(tracker.status, 200, tracker.text);
    tab = await ui.newPage();
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  async function openFile(name: string, page = tab) {
    await page.open('/files/');
    await doubleClick(page.page.locator(`.item[data-path="/${name}"]`));
    await page.page.locator('.cm-editor').waitFor();
  }

  it('highlights by the mode of the file name, shows at least 20 lines, and saves with Ctrl+S', async () => {
    await openFile('script.js');
    await tab.page.waitForFunction(() => document.querySelectorAll('.cm-line span').length > 0);
    const { height, line } = await tab.page.evaluate(() => ({
      height: document.querySelector('.cm-content')!.getBoundingClientRect().height,
      line: document.querySelector('.cm-line')!.getBoundingClientRect().height,
    }));
    assert.ok(height >= 20 * line, `${height} px holds 20 lines of ${line} px`);
    assert.equal(await tab.page.title(), 'script.js - Drawer');
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+End');
    await tab.page.keyboard.type('// saved by keyboard');
    await tab.page.keyboard.press('Control+s');
    const save = tab.page.getByRole('button', { name: 'Save' });
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Save"]')?.getAttribute('data-state') === 'success',
    );
    assert.equal(
      fs.readFileSync(path.join(root, 'script.js'), 'utf8'),
      'const answer = 42;\n// saved by keyboard',
    );
    await tab.shot('editor');
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Save"]')?.getAttribute('data-state') === 'idle',
    );
    assert.equal(await save.isEnabled(), true);
  });

  it('saves with the header button, and grows with its content', async () => {
    await openFile('plain.txt');
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+End');
    for (let line = 0; line < 30; line++) await tab.page.keyboard.press('Enter');
    const height = await tab.page
      .locator('.cm-content')
      .evaluate((element) => element.getBoundingClientRect().height);
    const line = await tab.page
      .locator('.cm-line')
      .first()
      .evaluate((element) => element.getBoundingClientRect().height);
    assert.ok(height >= 31 * line);
    await tab.page.getByRole('button', { name: 'Save' }).click();
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Save"]')?.getAttribute('data-state') === 'success',
    );
    assert.equal(
      fs.readFileSync(path.join(root, 'plain.txt'), 'utf8'),
      `just text\n${'\n'.repeat(30)}`,
    );
  });

  it('shows a failed save as a persistent error with Close and Report issue, and the button is back to normal', async () => {
    fs.writeFileSync(path.join(root, 'doomed.txt'), 'soon gone');
    await openFile('doomed.txt');
    fs.rmSync(path.join(root, 'doomed.txt'));
    await tab.page.keyboard.press('Control+s');
    const toast = tab.page
      .getByRole('alert')
      .filter({ hasText: "This location can't be reached." });
    await toast.waitFor();
    const report = toast.getByRole('link', { name: 'Report issue' });
    assert.equal(await report.count(), 1);
    // The words show; the status and code are under Details, and go into the report.
    assert.equal(await toast.getByText(/HTTP 404/).isVisible(), false);
    await toast.getByText('Details').click();
    await toast.getByText(/^HTTP 404 · fs\.notFound/).waitFor();
    const reported = new URL(String(await report.getAttribute('href')));
    assert.equal(reported.origin + reported.pathname, 'https://tracker.example/issues/new');
    assert.match(
      reported.searchParams.get('body') ?? '',
      /This location can't be reached\.\s+HTTP 404 · fs\.notFound/,
    );
    assert.equal(
      await tab.page.getByRole('button', { name: 'Save' }).getAttribute('data-state'),
      'idle',
    );
    await tab.shot('toast-error');
    // Past a success toast's lifetime on the page's clock (installed by doubleClick before the toast).
    await tab.page.clock.fastForward(1200);
    assert.equal(await toast.count(), 1, 'errors stay until closed');
    await toast.getByRole('button', { name: 'Close' }).click();
    assert.equal(await toast.count(), 0);
  });

  it('offers no Report issue while no tracker address is set', async () => {
    const token = await ui.server.adminToken();
    const setTracker = (reportIssueUrl: string) =>
      ui.server.request('PUT', '/api/settings', { token, body: { branding: { reportIssueUrl } } });
    assert.equal((await setTracker('')).status, 200);
    fs.writeFileSync(path.join(root, 'doomed.txt'), 'soon gone');
    const fresh = await ui.newPage();
    await openFile('doomed.txt', fresh);
    fs.rmSync(path.join(root, 'doomed.txt'));
    await fresh.page.getByRole('button', { name: 'Save' }).click();
    const toast = fresh.page
      .getByRole('alert')
      .filter({ hasText: "This location can't be reached." });
    await toast.waitFor();
    assert.equal(await toast.getByRole('link', { name: 'Report issue' }).count(), 0);
    await fresh.close();
    assert.equal((await setTracker('https://tracker.example/issues/new')).status, 200);
  });

  it('is read-only, without a save button, for a user who may not modify', async () => {
    await addUser(ui.server, 'reader', { perm: allButModify, viewMode: 'list' });
    const reader = await ui.newPage({ as: { username: 'reader', password: userPassword } });
    await openFile('script.js', reader);
    await reader.page.getByText('Read only').waitFor();
    assert.equal(await reader.page.locator('.cm-content').getAttribute('contenteditable'), 'false');
    assert.equal(await reader.page.getByRole('button', { name: 'Save' }).count(), 0);
    await reader.page.keyboard.press('Control+s');
    assert.equal(
      fs.readFileSync(path.join(root, 'script.js'), 'utf8'),
      'const answer = 42;\n// saved by keyboard',
    );
    assertNoErrors(reader);
    await reader.close();
  });
});
