// The share dialog: timed and permanent links, sorting, copying to the clipboard and deleting.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';

interface Link {
  hash: string;
  expire: number;
}

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

describe('share dialog', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'docs/notes.txt': 'notes\n',
          'docs/plan.txt': 'plan\n',
          'docs/draft.txt': 'draft\n',
          'guest/readme.txt': 'hello\n',
        }),
    });
    await createUser(ui.server, { username: 'guest', perm: { download: true, share: false } });
  });
  after(() => ui.close());

  it('creates a 1-hour link and a permanent one, copies and deletes them', async () => {
    const tab = await ui.newPage();
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(ui.server.url).origin,
    });
    const dialog = await openShareDialog(tab, '/files/docs/', 'notes.txt');
    await dialog.getByText('No links yet.').waitFor();
    assert.equal(
      await dialog.getByRole('combobox', { name: 'Time unit', exact: true }).inputValue(),
      'hours',
    );

    // An empty time does nothing.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('No links yet.').waitFor();
    assert.deepEqual(await linksOf(ui, '/docs/notes.txt'), []);

    await dialog.getByRole('spinbutton', { name: 'Time' }).fill('1');
    const before = Math.floor(Date.now() / 1000);
    await dialog.getByRole('spinbutton', { name: 'Time' }).press('Enter');
    const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await links
      .first()
      .getByText(/^Expires in (1 hour|60 minutes)$/)
      .waitFor();
    const [timed] = await linksOf(ui, '/docs/notes.txt');
    assert.ok(timed && Math.abs(timed.expire - (before + 3600)) <= 5, `expiry ${timed?.expire}`);
    assert.equal(await dialog.getByRole('spinbutton', { name: 'Time' }).inputValue(), '');

    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await links.nth(1).waitFor();
    // The permanent link comes first, and the button is gone once it exists.
    await links.first().getByText('Permanent').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Get permanent link' }).count(), 0);
    const stored = await linksOf(ui, '/docs/notes.txt');
    const permanent = stored.find((link) => link.expire === 0);
    assert.ok(permanent, 'a permanent link is stored');
    const url = `${ui.server.url}/share/${permanent.hash}`;
    assert.equal(await links.first().getByRole('link').getAttribute('href'), url);
    await tab.shot('share-dialog-light');

    await links.first().getByRole('button', { name: 'Copy link' }).click();
    await tab.page.getByText('Link copied!').waitFor();
    assert.equal(await tab.page.evaluate(() => navigator.clipboard.readText()), url);

    await links.first().getByRole('button', { name: 'Delete link' }).click();
    await dialog.getByRole('button', { name: 'Get permanent link' }).waitFor();
    assert.equal(await links.count(), 1);
    assert.deepEqual(
      (await linksOf(ui, '/docs/notes.txt')).map((link) => link.hash),
      [timed.hash],
    );
    await links.first().getByRole('button', { name: 'Delete link' }).click();
    await dialog.getByText('No links yet.').waitFor();
    assert.deepEqual(await linksOf(ui, '/docs/notes.txt'), []);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assertNoErrors(tab);
    await tab.close();
  });

  it('lists existing links permanent first, then by expiry, with any unit', async () => {
    const tab = await ui.newPage({ colorScheme: 'dark' });
    const dialog = await openShareDialog(tab, '/files/docs/', 'plan.txt');
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Time' }).fill('2');
    await dialog.getByRole('combobox', { name: 'Time unit', exact: true }).selectOption('days');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await links.first().waitFor();
    await dialog.getByRole('spinbutton', { name: 'Time' }).fill('30');
    await dialog.getByRole('combobox', { name: 'Time unit', exact: true }).selectOption('minutes');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await links.nth(1).waitFor();
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await links.nth(2).waitFor();
    await tab.shot('share-dialog-dark');
    await tab.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Opened again, the links come from the server in the same order.
    await tab.page.getByRole('button', { name: 'Share', exact: true }).click();
    await links.nth(2).waitFor();
    const texts = await links.locator('.share-link-expiry').allTextContents();
    assert.equal(texts[0], 'Permanent');
    assert.match(texts[1] ?? '', /^Expires in (30 minutes|29 minutes)$/);
    assert.match(texts[2] ?? '', /^Expires in 2 days$/);
    const stored = await linksOf(ui, '/docs/plan.txt');
    assert.equal(stored.length, 3);
    assertNoErrors(tab);
    await tab.close();
  });

  it('shares a folder from the listing too', async () => {
    const tab = await ui.newPage();
    const dialog = await openShareDialog(tab, '/files/', 'docs');
    // Wait for the server's answer itself, so what it stored is read after it was stored.
    const [created] = await Promise.all([
      tab.page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().includes('/api/share/docs'),
      ),
      dialog.getByRole('button', { name: 'Get permanent link' }).click(),
    ]);
    assert.equal(created.status(), 200, await created.text());
    await dialog.getByText('Permanent').waitFor();
    const links = await linksOf(ui, '/docs');
    assert.equal(links.length, 1, JSON.stringify(links));
    assert.equal(links[0]?.expire, 0);
    await tab.close();
  });

  it('offers no share button without the share permission', async () => {
    const tab = await ui.newPage({ as: { username: 'guest', password: userPassword } });
    await tab.open('/files/');
    await tab.page.getByRole('option', { name: 'readme.txt' }).click();
    await tab.page.getByRole('button', { name: 'Info' }).waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Share', exact: true }).count(), 0);
    await tab.close();
  });

  it('fits the dialog on a phone', async () => {
    const tab = await ui.newPage({ viewport: { width: 375, height: 740 } });
    await tab.open('/files/docs/');
    await tab.page.getByRole('option', { name: 'draft.txt' }).click();
    await tab.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await dialog.getByText('Permanent').waitFor();
    const box = await dialog.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'the dialog fits');
    await tab.shot('share-dialog-mobile-light');
    await tab.close();
  });
});
