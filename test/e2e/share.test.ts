// The share dialog: timed and permanent links, sorting, copying to the clipboard and deleting; at a
// desktop's and a phone's size, one primary action, what an empty time asks for, and links told apart.
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

    // An empty time makes no link and says what to enter.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^Enter how long the link lasts/)
      .waitFor();
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

  for (const size of [
    { name: 'desktop', viewport: { width: 1366, height: 800 } },
    { name: 'phone', viewport: { width: 390, height: 844 } },
  ] as const) {
    it(`has one primary action, asks for a time, and shows each link's own hash (${size.name})`, async () => {
      // A file of its own, so no earlier test's links are there.
      const name = `long-links-${size.name}.txt`;
      writeTree(ui.server.root, { [`docs/${name}`]: 'text\n' });
      const tab = await ui.newPage({ viewport: size.viewport, hasTouch: size.name === 'phone' });
      const dialog = await openShareDialog(tab, '/files/docs/', name);
      await dialog.getByText('No links yet.').waitFor();
      const primary = dialog.locator('.button-primary');
      assert.equal(await primary.count(), 1, 'one primary action');
      assert.equal((await primary.textContent())?.trim(), 'Create link');

      const time = dialog.getByRole('spinbutton', { name: 'Time' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const hint = dialog.getByRole('alert');
      await hint.getByText(/^Enter how long the link lasts/).waitFor();
      assert.equal(await time.getAttribute('aria-invalid'), 'true');
      assert.equal(
        await time.getAttribute('aria-describedby'),
        await hint.getAttribute('id'),
        'the hint describes the box',
      );
      await tab.shot(`share-time-missing-${size.name}`);
      await time.fill('3');
      assert.equal(await hint.count(), 0, 'typing clears the hint');
      assert.equal(await time.getAttribute('aria-invalid'), null);
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
      await links.first().waitFor();
      await dialog.getByRole('button', { name: 'Get permanent link' }).click();
      await links.nth(1).waitFor();
      await tab.shot(`share-links-${size.name}`);

      // Each link's hash shows from its start, inside its row, whatever gives way before it.
      const shown = await links.locator('.share-link-url').evaluateAll((anchors) =>
        anchors.map((anchor) => {
          const hash = anchor.querySelector('.share-link-hash');
          if (!hash) return { visible: '', whole: '' };
          const box = anchor.getBoundingClientRect();
          const hashBox = hash.getBoundingClientRect();
          const whole = hash.textContent ?? '';
          const charWidth = hash.scrollWidth / whole.length;
          const visibleWidth =
            Math.min(hashBox.right, box.right) - Math.max(hashBox.left, box.left);
          const visibleChars =
            hashBox.left >= box.left - 1 ? Math.floor(visibleWidth / charWidth) : 0;
          return { visible: whole.slice(0, visibleChars), whole };
        }),
      );
      assert.equal(shown.length, 2);
      for (const link of shown) assert.ok(link.visible.length >= 8, JSON.stringify(link));
      if (size.name === 'desktop')
        for (const link of shown) assert.equal(link.visible, link.whole, 'whole on a desktop');
      assert.notEqual(shown[0]?.visible, shown[1]?.visible, 'the links look different');
      const stored = await linksOf(ui, `/docs/${name}`);
      assert.deepEqual(
        shown.map((link) => link.whole).sort(),
        stored.map((link) => link.hash).sort(),
      );
      for (const link of stored)
        await links
          .first()
          .page()
          .getByRole('link', { name: new RegExp(`/share/${link.hash}$`) })
          .waitFor();

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      assertNoErrors(tab);
      await tab.close();
    });
  }
});
