// The search panel: hints, type boxes, streamed results as ./path links, paging, Esc and navigation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, doubleClick, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

async function openSearch(tab: UiPage) {
  await tab.page.keyboard.press('Control+f');
  const panel = tab.page.getByRole('dialog', { name: 'Search' });
  await panel.waitFor();
  return { panel, input: panel.getByRole('textbox', { name: 'Search in this folder' }) };
}

async function resultTexts(tab: UiPage): Promise<string[]> {
  const list = tab.page.getByRole('list', { name: 'Search results' });
  await list.waitFor();
  await tab.page.getByText(/^Results: \d+$/).waitFor();
  return (await list.getByRole('link').allTextContents()).sort();
}

describe('search panel', () => {
  let ui: UiHarness;
  before(async () => {
    const many: Record<string, string> = {};
    for (let index = 1; index <= 120; index++)
      many[`many/file-${String(index).padStart(3, '0')}.txt`] = 'x';
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'docs/report.txt': 'report\n',
          'docs/sub/report-2.md': '# report\n',
          'docs/sub/other.txt': 'other\n',
          'photos/beach.png': makePng(8, 8),
          'photos/notes.txt': 'not an image\n',
          'music/song.mp3': 'ID3',
          ...many,
        }),
    });
  });
  after(() => ui.close());

  it('opens with Ctrl+F, focused, locks scrolling, and searches on Enter', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    const { panel, input } = await openSearch(tab);
    assert.equal(await input.evaluate((element) => element === document.activeElement), true);
    assert.equal(await tab.page.evaluate(() => document.documentElement.style.overflow), 'hidden');
    await panel.getByText('Type to search...').waitFor();
    await tab.shot('search-hints-light');

    await input.fill('  report ');
    await panel.getByText('Press enter to search...').waitFor();
    await input.press('Enter');
    assert.deepEqual(await resultTexts(tab), ['./docs/report.txt', './docs/sub/report-2.md']);
    const link = panel.getByRole('link', { name: './docs/sub/report-2.md' });
    assert.equal(await link.getAttribute('href'), '/files/docs/sub/report-2.md');
    await tab.shot('search-results-light');

    // Editing the input clears the results.
    await input.press('Backspace');
    await panel.getByText('Press enter to search...').waitFor();
    assert.equal(await panel.getByRole('list', { name: 'Search results' }).count(), 0);

    await tab.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.equal(await tab.page.evaluate(() => document.documentElement.style.overflow), '');
    // Opened again, it starts empty.
    const again = await openSearch(tab);
    assert.equal(await again.input.inputValue(), '');
    assertNoErrors(tab);
    await tab.close();
  });

  it('ignores an empty search and fills the input from the type boxes', async () => {
    const tab = await ui.newPage({ colorScheme: 'dark' });
    await tab.open('/files/');
    const { panel, input } = await openSearch(tab);
    await input.fill('   ');
    await input.press('Enter');
    // The text is trimmed: blank is empty, and an empty search does nothing.
    await panel.getByText('Type to search...').waitFor();
    assert.equal(await panel.getByRole('list', { name: 'Search results' }).count(), 0);
    await tab.shot('search-hints-dark');
    await input.fill('');
    for (const [box, text] of [
      ['Images', 'type:image '],
      ['Music', 'type:audio '],
      ['Video', 'type:video '],
      ['PDF', 'type:pdf '],
    ] as const) {
      await panel.getByRole('button', { name: box }).click();
      assert.equal(await input.inputValue(), text);
      assert.equal(await input.evaluate((element) => element === document.activeElement), true);
      await input.fill('');
    }
    await panel.getByRole('button', { name: 'Images' }).click();
    await input.press('Enter');
    assert.deepEqual(await resultTexts(tab), ['./photos/beach.png']);
    await tab.shot('search-results-dark');
    assertNoErrors(tab);
    await tab.close();
  });

  it('searches from the current folder, or the parent of an open file', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/docs/');
    let search = await openSearch(tab);
    await search.input.fill('report');
    await search.input.press('Enter');
    assert.deepEqual(await resultTexts(tab), ['./report.txt', './sub/report-2.md']);
    await tab.page.keyboard.press('Escape');

    await tab.open('/files/photos/');
    await doubleClick(tab.page.getByRole('option', { name: 'beach.png' }));
    await tab.page.getByRole('img', { name: 'beach.png' }).waitFor();
    search = await openSearch(tab);
    await search.panel.getByText('In /photos').waitFor();
    await search.input.fill('notes');
    await search.input.press('Enter');
    assert.deepEqual(await resultTexts(tab), ['./notes.txt']);
    await tab.close();
  });

  it('shows a spinner while searching and navigates to a clicked result', async () => {
    const tab = await ui.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.page.route('**/api/search/**', async (route) => {
      await held;
      await route.continue();
    });
    await tab.open('/files/');
    const { panel, input } = await openSearch(tab);
    await input.fill('sub');
    await input.press('Enter');
    await panel.getByRole('status', { name: 'Searching...' }).waitFor();
    release();
    await panel.getByText('Results: 1').waitFor();
    assert.equal(await panel.getByRole('status', { name: 'Searching...' }).count(), 0);
    await panel.getByRole('link', { name: './docs/sub' }).click();
    await tab.page.waitForURL(/\/files\/docs\/sub\/$/);
    await panel.waitFor({ state: 'detached' });
    assert.equal(appPath(tab.page, ui.server), '/files/docs/sub/');
    await tab.page.getByRole('option', { name: 'other.txt' }).waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows 50 results, then 50 more when scrolled near the bottom of the list', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/many/');
    const { panel, input } = await openSearch(tab);
    await input.fill('file-');
    await input.press('Enter');
    await panel.getByText('Results: 120').waitFor();
    const links = panel.getByRole('list', { name: 'Search results' }).getByRole('link');
    assert.equal(await links.count(), 50);
    const scrollToBottom = () =>
      panel.locator('.search-results').evaluate((box) => {
        box.scrollTop = box.scrollHeight;
      });
    await scrollToBottom();
    await tab.page.waitForFunction(
      () => document.querySelectorAll('.search-result').length === 100,
    );
    await scrollToBottom();
    await tab.page.waitForFunction(
      () => document.querySelectorAll('.search-result').length === 120,
    );
    assert.match(String(await links.first().textContent()), /^\.\/file-\d{3}\.txt$/);
    await tab.close();
  });

  it('closes from its close button and from a click beside it', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    const search = await openSearch(tab);
    await search.panel.getByRole('button', { name: 'Close search' }).click();
    await search.panel.waitFor({ state: 'detached' });
    await tab.page.getByRole('button', { name: /Search\.\.\./ }).click();
    await search.panel.waitFor();
    await tab.page.mouse.click(640, 760);
    await search.panel.waitFor({ state: 'detached' });
    await tab.close();
  });

  it('fills the screen on a phone', async () => {
    const tab = await ui.newPage({ colorScheme: 'dark', viewport: { width: 375, height: 740 } });
    await tab.open('/files/');
    // The header's box shows only its icon at this width.
    await tab.page.locator('.search-box').click();
    const panel = tab.page.getByRole('dialog', { name: 'Search' });
    await panel.waitFor();
    const box = await panel.boundingBox();
    assert.deepEqual(box && [box.x, box.width], [0, 375]);
    await panel.getByRole('textbox').fill('report');
    await panel.getByRole('textbox').press('Enter');
    await panel.getByText('Results: 2').waitFor();
    await tab.shot('search-mobile-dark');
    await tab.close();
  });
});
