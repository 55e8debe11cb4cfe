// Listing details: long names cut with an ellipsis and shown whole on hover, the folder's item count
// (plural and number formatted per language, as are other counts), and an empty folder that invites
// an upload.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { addUser, assertNoErrors, startUi, userPassword } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';

const longFolder = `reports-${'quarterly-figures-and-notes-'.repeat(4)}2026`;
const longFile = `${'a-very-long-file-name-that-cannot-fit-'.repeat(4)}end.txt`;

describe('listing details', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.mkdirSync(`${root}/${longFolder}/inner`, { recursive: true });
        fs.writeFileSync(`${root}/${longFolder}/${longFile}`, 'x');
        fs.mkdirSync(`${root}/one`);
        fs.writeFileSync(`${root}/one/only.txt`, 'x');
        fs.mkdirSync(`${root}/many`);
        for (let index = 0; index < 1200; index++) fs.writeFileSync(`${root}/many/f${index}`, '');
        fs.mkdirSync(`${root}/empty`);
      },
    });
    await addUser(ui.server, 'reader', { perm: { create: false } });
    await addUser(ui.server, 'gerda', { locale: 'de' });
  });
  after(() => ui.close());

  /** Whether the element's text overflows it and is cut with an ellipsis rather than clipped. */
  const cutWithEllipsis = (element: Element) => {
    const style = getComputedStyle(element);
    // text-overflow does nothing in a flex container: the text must sit in a block box.
    return (
      element.scrollWidth > element.clientWidth &&
      style.textOverflow === 'ellipsis' &&
      !style.display.includes('flex')
    );
  };

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`cuts long names in the listing and the breadcrumb at ${viewport.width} px, whole on hover`, async () => {
      const tab = await ui.newPage({ viewport });
      await tab.open(`/files/${longFolder}/`);
      const name = tab.page.locator('.item-name', { hasText: longFile });
      await name.waitFor();
      assert.equal(await name.getAttribute('title'), longFile);
      assert.equal(await name.evaluate(cutWithEllipsis), true);
      const crumb = tab.page.locator('.breadcrumbs .crumb[aria-current="page"]');
      assert.equal(await crumb.textContent(), longFolder);
      assert.equal(await crumb.getAttribute('title'), longFolder);
      assert.equal(await crumb.evaluate(cutWithEllipsis), true);
      assert.equal(await tab.page.locator('.listing-count').textContent(), '2 items');
      await tab.shot(`listing-long-names-${viewport.width}`);
      assertNoErrors(tab);
      await tab.close();
    });

  it('counts the items with the language’s plural and number format', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/one/');
    await tab.page.locator('.listing-count', { hasText: '1 item' }).waitFor();
    await tab.open('/files/many/');
    await tab.page.locator('.listing-count', { hasText: '1,200 items' }).waitFor();
    await tab.close();
    const german = await ui.newPage({ as: { username: 'gerda', password: userPassword } });
    await german.open('/files/many/');
    await german.page.locator('.listing-count', { hasText: '1.200 Elemente' }).waitFor();
    await german.open('/files/one/');
    await german.page.locator('.listing-count', { hasText: '1 Element' }).waitFor();
    assertNoErrors(german);
    await german.close();
  });

  it('formats the counts in other texts for the language too', async () => {
    for (const [as, results] of [
      [undefined, 'Results: 1,200'],
      [{ username: 'gerda', password: userPassword }, 'Ergebnisse: 1.200'],
    ] as const) {
      const tab = await ui.newPage({ as });
      await tab.open('/files/many/');
      await tab.page.keyboard.press('Control+f');
      const panel = tab.page.getByRole('dialog');
      await panel.getByRole('textbox').fill('f');
      await panel.getByRole('textbox').press('Enter');
      await panel.getByText(results, { exact: true }).waitFor();
      assertNoErrors(tab);
      await tab.close();
    }
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`invites an upload in an empty folder at ${viewport.width} px`, async () => {
      const tab = await ui.newPage({ viewport });
      await tab.open('/files/empty/');
      const empty = tab.page.locator('.lonely');
      await empty.getByText('Drop files here, or choose some to upload.').waitFor();
      assert.equal(await empty.locator('svg.icon').count(), 1);
      assert.equal(await tab.page.locator('.listing-count').count(), 0);
      await tab.shot(`listing-empty-${viewport.width}`);
      const [chooser] = await Promise.all([
        tab.page.waitForEvent('filechooser'),
        empty.getByRole('button', { name: 'Upload files' }).click(),
      ]);
      assert.equal(chooser.isMultiple(), true);
      await chooser.setFiles({
        name: 'hello.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hi'),
      });
      await tab.page.locator('.item-name', { hasText: 'hello.txt' }).waitFor();
      fs.rmSync(`${ui.server.root}/empty/hello.txt`);
      assertNoErrors(tab);
      await tab.close();
    });

  it('only says the folder is empty to a user who may not upload', async () => {
    const tab = await ui.newPage({ as: { username: 'reader', password: userPassword } });
    await tab.open('/files/empty/');
    await tab.page.getByText('Here feels lonely...').waitFor();
    assert.equal(await tab.page.getByText('Drop files here, or choose some to upload.').count(), 0);
    assert.equal(await tab.page.getByRole('button', { name: 'Upload files' }).count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });
});
