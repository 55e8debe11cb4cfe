// Password-protected links in the browser: made in the share dialog, opened through the password
// form of the public page, downloaded with the token the password earned.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';

interface Link {
  hash: string;
  expire: number;
  hasPassword: boolean;
}

const filePassword = 'Kennwort für 🗝 50%+';
const folderPassword = 'holiday-secret';

async function linksOf(ui: UiHarness, path: string): Promise<Link[]> {
  const response = await ui.server.request('GET', `/api/share${path}`, {
    token: await ui.server.adminToken(),
  });
  assert.equal(response.status, 200, response.text);
  return response.json<Link[]>();
}

async function openShareDialog(tab: UiPage, folder: string, name: string) {
  await tab.open(folder);
  await tab.page.getByRole('option', { name }).click();
  await tab.page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = tab.page.getByRole('dialog', { name: 'Share' });
  await dialog.waitFor();
  return dialog;
}

/** Clicks a link the page offers for download and reads what the browser saved. */
async function downloadBy(tab: UiPage, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([tab.page.waitForEvent('download'), click()]);
  const saved = await download.path();
  return fs.readFileSync(saved, 'utf8');
}

describe('password-protected share links in the browser', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'report.txt': 'the secret report\n',
          'photos/notes.txt': 'holiday notes\n',
          'photos/2024/summer.txt': 'summer notes\n',
        }),
    });
  });
  after(() => ui.close());

  it('makes a permanent password link beside the open one, marked as protected', async () => {
    const tab = await ui.newPage();
    const dialog = await openShareDialog(tab, '/files/', 'report.txt');
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await links.first().waitFor();
    // The open permanent link exists: the button comes back only with a password typed.
    await dialog.getByRole('button', { name: 'Get permanent link' }).waitFor({ state: 'detached' });
    await dialog.getByLabel('Password (optional)').fill(filePassword);
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await links.nth(1).waitFor();
    await dialog.getByText('Protected by a password').waitFor();
    assert.equal(await dialog.getByLabel('Password (optional)').inputValue(), '');
    const stored = await linksOf(ui, '/report.txt');
    assert.deepEqual(stored.map((link) => [link.expire, link.hasPassword]).sort(), [
      [0, false],
      [0, true],
    ]);
    await tab.shot('share-dialog-password');
    assertNoErrors(tab);
    await tab.close();
  });

  it('asks a visitor for the password, refuses a wrong one, then downloads with the token', async () => {
    const protectedLink = (await linksOf(ui, '/report.txt')).find((link) => link.hasPassword);
    assert.ok(protectedLink);
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${protectedLink.hash}`);
    await tab.page.getByRole('heading', { name: 'Password required' }).waitFor();
    assert.equal(await tab.page.getByRole('link', { name: /Download/ }).count(), 0);
    assert.equal(await tab.page.getByText('report.txt').count(), 0, 'nothing of the item shows');
    await tab.shot('public-share-password-form');

    const password = tab.page.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await tab.page.getByRole('button', { name: 'Open' }).click();
    await tab.page.getByRole('alert').getByText('Wrong password.').waitFor();

    await password.fill(filePassword);
    await password.press('Enter');
    await tab.page.getByRole('heading', { name: 'report.txt' }).waitFor();
    await tab.page
      .getByText('Anyone with this link and its password can download this file.')
      .waitFor();
    const download = tab.page.getByRole('link', { name: 'Download File' });
    const href = String(await download.getAttribute('href'));
    assert.match(
      href,
      new RegExp(`^/api/public/dl/${protectedLink.hash}/report\\.txt\\?token=[\\w.-]+$`),
    );
    assert.equal(await downloadBy(tab, () => download.click()), 'the secret report\n');
    // The QR code leads to this page, which asks for the password: it never carries the token.
    await tab.page.getByRole('img', { name: 'QR code of the share link' }).waitFor();
    await tab.page.getByText('Scan to open').waitFor();
    await tab.shot('public-share-password-opened');
    assertNoErrors(tab);
    await tab.close();
  });

  it('opens a protected folder once, then browses and downloads inside it with the token', async () => {
    const tab = await ui.newPage();
    const dialog = await openShareDialog(tab, '/files/', 'photos');
    await dialog.getByLabel('Password (optional)').fill(folderPassword);
    await dialog.getByRole('spinbutton', { name: 'Time' }).fill('1');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Protected by a password').waitFor();
    await tab.close();
    const [link] = await linksOf(ui, '/photos');
    assert.ok(link?.hasPassword && link.expire > 0);

    const visitor = await ui.newPage({ as: null });
    await visitor.open(`/share/${link.hash}`);
    await visitor.page.getByLabel('Password', { exact: true }).fill(folderPassword);
    await visitor.page.getByRole('button', { name: 'Open' }).click();
    const contents = visitor.page.getByRole('list', { name: 'Contents' });
    await contents.waitFor();
    assert.deepEqual(await contents.locator('.share-entry-name').allTextContents(), [
      '2024',
      'notes.txt',
    ]);
    const notes = visitor.page.getByRole('link', { name: 'Download notes.txt' });
    assert.equal(await downloadBy(visitor, () => notes.click()), 'holiday notes\n');

    // A sub-folder opens with the token: no second password prompt.
    await contents.getByRole('link', { name: '2024' }).click();
    await visitor.page.waitForURL(new RegExp(`/share/${link.hash}/2024$`));
    const summer = visitor.page.getByRole('link', { name: 'Download summer.txt' });
    await summer.waitFor();
    assert.equal(await visitor.page.getByRole('heading', { name: 'Password required' }).count(), 0);
    assert.equal(await downloadBy(visitor, () => summer.click()), 'summer notes\n');
    const archive = String(
      await visitor.page.getByRole('link', { name: 'Download Folder' }).getAttribute('href'),
    );
    assert.match(archive, /\?token=/);
    const status = await visitor.page.evaluate(async (url) => (await fetch(url)).status, archive);
    assert.equal(status, 200);
    assertNoErrors(visitor);
    await visitor.close();
  });
});
