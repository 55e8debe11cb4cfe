// Kinds of links in the browser: each made in the share dialog; the shares page lists, edits and
// deletes them, and lets an admin pick one user's; a view-only page offers no download; a used-up
// link says it has ended; a stranger uploads through a file request and sees nothing else.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';

interface Link {
  hash: string;
  path: string;
  expire: number;
  kind: string;
  maxDownloads: number;
  downloads: number;
  maxUploadBytes: number;
  userID: number;
}

async function adminRequest(ui: UiHarness, method: string, url: string, body?: unknown) {
  return ui.server.request(method, url, { token: await ui.server.adminToken(), body });
}

async function linksOf(ui: UiHarness, itemPath: string): Promise<Link[]> {
  const response = await adminRequest(ui, 'GET', `/api/share${itemPath}`);
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

describe('kinds of share links in the browser', () => {
  let ui: UiHarness;
  let bobId = 0;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'report.txt': 'the report\n',
          'photos/beach.txt': 'sand\n',
          'inbox/existing-secret.txt': 'not for visitors\n',
          'bob/notes.txt': 'bob notes\n',
        }),
    });
    bobId = await createUser(ui.server, {
      username: 'bob',
      scope: '/bob',
      perm: { share: true, download: true, create: true },
    });
  });
  after(() => ui.close());

  it('makes a download link with a limit, a view-only link and a file request in the dialog', async () => {
    const tab = await ui.newPage();
    let dialog = await openShareDialog(tab, '/files/', 'report.txt');
    // A file takes no uploads: no file request offered.
    assert.equal(await dialog.getByRole('radio', { name: 'File request' }).count(), 0);
    await dialog.getByLabel('Download limit (optional)').fill('3');
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await links.first().getByText('0 of 3 downloads').waitFor();
    await dialog.getByRole('radio', { name: 'View only' }).check();
    await dialog.getByPlaceholder('Time').fill('2');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await links.nth(1).waitFor();
    await links.locator('.share-link-kind', { hasText: 'View only' }).waitFor();
    const fileLinks = await linksOf(ui, '/report.txt');
    assert.deepEqual(
      fileLinks.map((link) => [link.kind, link.maxDownloads, link.expire === 0]).sort(),
      [
        ['download', 3, true],
        ['view', 0, false],
      ],
    );
    await tab.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    dialog = await openShareDialog(tab, '/files/', 'inbox');
    await dialog.getByRole('radio', { name: 'File request' }).check();
    // Two unit menus, each named for what it measures (a screen reader hears which is which).
    for (const name of ['Time unit', 'Size unit'])
      assert.equal(await dialog.getByRole('combobox', { name, exact: true }).count(), 1, name);
    await dialog.getByLabel('Upload limit in all (optional)').fill('2');
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    // The new link shows in the dialog's list at once, with its kind and its limit.
    const inboxLinks = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await inboxLinks.locator('.share-link-kind', { hasText: 'File request' }).waitFor();
    assert.equal(await inboxLinks.count(), 1);
    const all = await adminRequest(ui, 'GET', '/api/shares');
    const inbox = all.json<Link[]>().filter((link) => link.path.replace(/\/$/, '') === '/inbox');
    assert.equal(inbox.length, 1);
    assert.equal(inbox[0]?.kind, 'upload');
    assert.equal(inbox[0]?.maxUploadBytes, 2 * 1024 * 1024);
    await tab.shot('share-dialog-kinds');
    assertNoErrors(tab);
    await tab.close();
  });

  it('lists, edits and deletes links on the shares page, and filters them by user for an admin', async () => {
    const own = await adminRequest(ui, 'POST', '/api/share/photos', { kind: 'download' });
    assert.equal(own.status, 200, own.text);
    const ownHash = own.json<Link>().hash;
    const bobToken = await ui.server.login('bob', userPassword);
    const bobs = await ui.server.request('POST', '/api/share/notes.txt', {
      token: bobToken,
      body: { kind: 'view' },
    });
    assert.equal(bobs.status, 200, bobs.text);

    const tab = await ui.newPage();
    await tab.open('/settings/profile');
    await tab.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Share links' })
      .click();
    await tab.page.waitForURL(/\/settings\/shares$/);
    const table = tab.page.getByRole('table');
    await table.getByRole('cell', { name: '/photos', exact: true }).waitFor();
    await table.getByRole('cell', { name: '/notes.txt', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'bob', exact: true }).waitFor();

    await tab.page.getByRole('combobox', { name: /^User/ }).selectOption(String(bobId));
    await table.getByRole('cell', { name: '/photos', exact: true }).waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: '/notes.txt', exact: true }).waitFor();
    await tab.page.getByRole('combobox', { name: /^User/ }).selectOption('');
    await table.getByRole('cell', { name: '/photos', exact: true }).waitFor();

    const now = Date.now();
    await tab.page.getByRole('button', { name: 'Edit the link to /photos' }).click();
    const edit = tab.page.getByRole('dialog', { name: 'Edit link' });
    await edit.getByRole('radio', { name: 'New expiry from now' }).check();
    await edit.getByPlaceholder('Time').fill('2');
    await edit.getByRole('combobox').first().selectOption('days');
    await edit.getByLabel('Download limit (optional)').fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await table.getByText('0 of 5 downloads').waitFor();
    const edited = (await linksOf(ui, '/photos')).find((link) => link.hash === ownHash);
    assert.equal(edited?.maxDownloads, 5);
    const twoDays = (now + 2 * 86400 * 1000) / 1000;
    assert.ok(Math.abs((edited?.expire ?? 0) - twoDays) < 120, `expiry ${edited?.expire}`);

    await tab.page.getByRole('button', { name: 'Delete the link to /photos' }).click();
    await table.getByRole('cell', { name: '/photos', exact: true }).waitFor({ state: 'detached' });
    assert.equal((await linksOf(ui, '/photos')).length, 0);
    await tab.shot('settings-shares');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows bob only his own links, as cards on a phone', async () => {
    const tab = await ui.newPage({
      as: { username: 'bob', password: userPassword },
      viewport: { width: 390, height: 800 },
    });
    await tab.open('/settings/shares');
    // On a phone each cell starts with its column's name, so the text is looked for.
    await tab.page.getByRole('table').getByText('/notes.txt', { exact: true }).waitFor();
    assert.equal(await tab.page.getByRole('combobox', { name: /^User/ }).count(), 0);
    assert.equal(await tab.page.getByText('/report.txt', { exact: true }).count(), 0);
    await tab.shot('settings-shares-phone');
    await tab.close();
  });

  it('offers no download on a view-only page', async () => {
    const made = await adminRequest(ui, 'POST', '/api/share/photos', { kind: 'view' });
    const hash = made.json<Link>().hash;
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${hash}`);
    await tab.page.getByRole('heading', { name: 'photos' }).waitFor();
    await tab.page.getByRole('list', { name: 'Contents' }).getByText('beach.txt').waitFor();
    assert.equal(await tab.page.getByRole('link', { name: /Download/ }).count(), 0);
    const href = await tab.page.getByRole('link', { name: 'beach.txt' }).getAttribute('href');
    assert.match(String(href), /inline=true/);
    assertNoErrors(tab);
    await tab.close();
  });

  it('says a link past its download limit has ended', async () => {
    const made = await adminRequest(ui, 'POST', '/api/share/report.txt', { maxDownloads: 1 });
    const hash = made.json<Link>().hash;
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${hash}`);
    await tab.page.getByText('Downloads left: 1').waitFor();
    // Opening the page spends nothing: the text is shown only when the recipient asks, and says so.
    await tab.page.getByText("Showing this file here uses one of the link's downloads.").waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Show here' }).count(), 1);
    assert.equal(await tab.page.locator('.share-preview-text').count(), 0);
    const first = await ui.server.request('GET', `/api/public/dl/${hash}`);
    assert.equal(first.status, 200);
    await tab.open(`/share/${hash}`);
    await tab.page.getByRole('heading', { name: 'This link has ended' }).waitFor();
    assert.equal(await tab.page.getByText('This share does not exist or has expired.').count(), 0);
    await tab.shot('share-ended');
    await tab.close();
  });

  it("shows a limited link's file here when asked, spending one of its downloads", async () => {
    const made = await adminRequest(ui, 'POST', '/api/share/report.txt', { maxDownloads: 2 });
    const hash = made.json<Link>().hash;
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${hash}`);
    await tab.page.getByRole('button', { name: 'Show here' }).click();
    await tab.page.locator('.share-preview-text').waitFor();
    const link = (await linksOf(ui, '/report.txt')).find((other) => other.hash === hash);
    assert.equal(link?.downloads, 1);
    assertNoErrors(tab);
    await tab.close();
  });

  it('lets a stranger upload two files through a file request, and shows nothing else', async () => {
    const made = await adminRequest(ui, 'POST', '/api/share/inbox', { kind: 'upload' });
    assert.equal(made.status, 200, made.text);
    const hash = made.json<Link>().hash;
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${hash}`);
    await tab.page.getByRole('heading', { name: 'inbox' }).waitFor();
    await tab.page.getByText('Nothing uploaded in this visit yet.').waitFor();
    await tab.page.locator('input[type=file]:not([webkitdirectory])').setInputFiles([
      { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('first file\n') },
      { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('second file\n') },
    ]);
    const uploaded = tab.page.getByRole('list', { name: 'Uploaded in this visit' });
    await uploaded.getByText('one.txt').waitFor();
    await uploaded.getByText('two.txt').waitFor();
    const folder = path.join(ui.server.root, 'inbox');
    assert.equal(fs.readFileSync(path.join(folder, 'one.txt'), 'utf8'), 'first file\n');
    assert.equal(fs.readFileSync(path.join(folder, 'two.txt'), 'utf8'), 'second file\n');
    assert.equal(await tab.page.getByText('existing-secret.txt').count(), 0);

    // The same name again: refused, in words.
    await tab.page
      .locator('input[type=file]:not([webkitdirectory])')
      .setInputFiles([{ name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('again') }]);
    await tab.page.getByText('A file with this name is already there.').waitFor();
    assert.equal(fs.readFileSync(path.join(folder, 'one.txt'), 'utf8'), 'first file\n');

    // A reload keeps the visit: its files are still listed.
    await tab.page.reload();
    await tab.page
      .getByRole('list', { name: 'Uploaded in this visit' })
      .getByText('two.txt')
      .waitFor();
    await tab.shot('file-request');
    await tab.close();
  });
});
