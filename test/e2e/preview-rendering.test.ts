// The preview draws big pictures from their 1080 px rendition and the original on zoom, closes on
// Esc, steps by swiping on a touch screen; Markdown renders beside the editor, with nothing run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { appPath, assertNoErrors, doubleClick, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

const hostileMarkdown = [
  '# Holiday notes',
  '',
  'A *calm* day. See [the map](https://example.com/map) or [the top](#holiday-notes).',
  '',
  '<script>window.__ran = "script"; alert("script")</script>',
  '<img src="missing.png" onerror="window.__ran = \'onerror\'; alert(1)">',
  '<a href="javascript:alert(2)" id="js-link">a javascript: link</a>',
  '<div style="position:fixed;inset:0" onclick="alert(3)">styled</div>',
  '<iframe src="/files/"></iframe>',
  '',
  '![beach](beach.png)',
  '![tracker](https://example.com/pixel.png)',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
].join('\n');

/** A one-finger stroke through the DevTools protocol: real touch events, as a phone sends them. */
async function swipe(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (step: number) => ({ x: from.x + (dx * step) / 6, y: from.y });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let step = 1; step <= 6; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(step)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openFile(tab: UiPage, folder: string, name: string): Promise<void> {
  await tab.open(folder);
  await doubleClick(tab.page.getByRole('option', { name }));
  await tab.page.getByRole('region', { name: `Preview of ${name}` }).waitFor();
}

function imageState(page: Page) {
  return page.locator('.image-viewer img').evaluate((image: HTMLImageElement) => ({
    src: image.getAttribute('src') ?? '',
    ready: image.classList.contains('is-ready') && image.complete,
    width: image.naturalWidth,
  }));
}

describe('preview rendering', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'photos/a-large.png': makePng(1600, 1200),
          'photos/b-second.png': makePng(400, 300, [219, 39, 119], [147, 51, 234]),
          'photos/c-third.png': makePng(300, 400, [22, 163, 74], [234, 179, 8]),
          'notes/holiday.md': hostileMarkdown,
          'notes/beach.png': makePng(120, 80),
        }),
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
  });
  after(() => ui.close());

  it('shows the 1080 px rendition first, and the original once zoomed past it', async () => {
    const tab = await ui.newPage();
    const raw: string[] = [];
    tab.page.on('request', (request) => {
      if (request.url().includes('/api/raw/')) raw.push(request.url());
    });
    await openFile(tab, '/files/photos/', 'a-large.png');
    await tab.page.waitForFunction(() => document.querySelector('.image-viewer img.is-ready'));
    const first = await imageState(tab.page);
    assert.match(first.src, /\/api\/preview\/big\/photos\/a-large\.png\?key=\d+&ticket=/);
    assert.equal(first.width, 1080);
    assert.deepEqual(raw, [], 'the original is not loaded for the first view');
    const laidOut = await tab.page.locator('.image-viewer img').boundingBox();

    await tab.page.getByRole('img', { name: 'a-large.png' }).dblclick();
    await tab.page.waitForFunction(() =>
      document.querySelector('.image-viewer img')?.getAttribute('src')?.includes('/api/raw/'),
    );
    await tab.page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('.image-viewer img')?.naturalWidth === 1600,
    );
    const zoomed = await imageState(tab.page);
    assert.match(zoomed.src, /\/api\/raw\/photos\/a-large\.png\?inline=true/);
    // The swap keeps the picture where it was: same box, still scaled 2×.
    const style = await tab.page
      .locator('.image-viewer img')
      .evaluate((image: HTMLImageElement) => image.style.transform);
    assert.equal(style, 'translate(0px, 0px) scale(2)');
    const after = await tab.page
      .locator('.image-viewer img')
      .evaluate((image: HTMLImageElement) => [image.offsetWidth, image.offsetHeight]);
    assert.ok(laidOut);
    assert.ok(Math.abs((after[0] ?? 0) - laidOut.width) < 1.5, 'same laid-out width');
    await tab.shot('preview-original-on-zoom');
    assertNoErrors(tab);
    await tab.close();
  });

  it('keeps a small picture as it is: its rendition is the whole picture', async () => {
    const tab = await ui.newPage();
    const raw: string[] = [];
    tab.page.on('request', (request) => {
      if (request.url().includes('/api/raw/')) raw.push(request.url());
    });
    await openFile(tab, '/files/photos/', 'b-second.png');
    await tab.page.waitForFunction(() => document.querySelector('.image-viewer img.is-ready'));
    await tab.page.getByRole('img', { name: 'b-second.png' }).dblclick();
    await tab.page.getByRole('img', { name: 'b-second.png' }).dblclick();
    await tab.page.waitForFunction(
      () =>
        (document.querySelector('.image-viewer img') as HTMLElement).style.transform ===
        'translate(0px, 0px) scale(4)',
    );
    assert.match((await imageState(tab.page)).src, /\/api\/preview\/big\//);
    assert.deepEqual(raw, []);
    await tab.close();
  });

  it('closes with Esc, back to the folder; Esc in an open prompt closes only the prompt', async () => {
    const tab = await ui.newPage();
    await openFile(tab, '/files/photos/', 'b-second.png');
    await tab.page.getByRole('button', { name: 'Info' }).click();
    await tab.page.getByRole('dialog').waitFor();
    await tab.page.keyboard.press('Escape');
    assert.equal(await tab.page.getByRole('dialog').count(), 0);
    assert.equal(appPath(tab.page, ui.server), '/files/photos/b-second.png');
    await tab.page.keyboard.press('Escape');
    await tab.page.waitForURL(/\/files\/photos\/$/);
    await tab.page.locator('.listing').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('steps to the next and previous photo by swiping on a touch screen', async () => {
    const tab = await ui.newPage({ hasTouch: true, viewport: { width: 390, height: 800 } });
    await tab.open('/files/photos/b-second.png');
    await tab.page.getByRole('region', { name: 'Preview of b-second.png' }).waitFor();
    const middle = { x: 300, y: 420 };
    await swipe(tab.page, middle, -180);
    await tab.page.getByRole('region', { name: 'Preview of c-third.png' }).waitFor();
    await swipe(tab.page, { x: 90, y: 420 }, 180);
    await tab.page.getByRole('region', { name: 'Preview of b-second.png' }).waitFor();
    await swipe(tab.page, { x: 90, y: 420 }, 180);
    await tab.page.getByRole('region', { name: 'Preview of a-large.png' }).waitFor();
    // A short or steep stroke is no swipe; a zoomed picture pans instead.
    await swipe(tab.page, middle, -30);
    await tab.page.getByRole('img', { name: 'a-large.png' }).dblclick();
    await tab.page.locator('.image-viewer.is-zoomed').waitFor();
    await swipe(tab.page, middle, -180);
    assert.equal(appPath(tab.page, ui.server), '/files/photos/a-large.png');
    assertNoErrors(tab);
    await tab.close();
  });

  it('renders Markdown beside the editor, sanitised: nothing in it runs', async () => {
    const tab = await ui.newPage();
    const dialogs: string[] = [];
    tab.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await tab.open('/files/notes/holiday.md');
    const rendered = tab.page.getByRole('article', { name: 'Rendered Markdown' });
    await rendered.getByRole('heading', { name: 'Holiday notes', level: 1 }).waitFor();
    assert.equal(await rendered.locator('em').textContent(), 'calm');
    assert.equal(await rendered.locator('table td').count(), 2);
    // Beside the editor on a wide screen.
    const editorBox = await tab.page.locator('.editor').boundingBox();
    const renderedBox = await rendered.boundingBox();
    assert.ok(editorBox && renderedBox && renderedBox.x > editorBox.x + editorBox.width - 1);

    const hostile = await rendered.evaluate((article) => ({
      scripts: article.querySelectorAll('script, iframe, style').length,
      handlers: [...article.querySelectorAll('*')].filter((element) =>
        element.getAttributeNames().some((name) => name.startsWith('on') || name === 'style'),
      ).length,
      jsLink: article.querySelector('#js-link')?.getAttribute('href') ?? null,
      ran: (window as { __ran?: string }).__ran ?? null,
    }));
    assert.deepEqual(hostile, { scripts: 0, handlers: 0, jsLink: null, ran: null });
    const external = rendered.getByRole('link', { name: 'the map' });
    assert.equal(await external.getAttribute('target'), '_blank');
    assert.equal(await external.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(
      await rendered.getByRole('link', { name: 'the top' }).getAttribute('target'),
      null,
    );
    // A picture beside the file loads through the folder's ticket; one elsewhere never loads.
    const beach = rendered.getByRole('img', { name: 'beach' });
    await tab.page.waitForFunction(
      () =>
        (document.querySelector('.markdown-view img[alt="beach"]') as HTMLImageElement | null)
          ?.naturalWidth === 120,
    );
    assert.match(String(await beach.getAttribute('src')), /\/api\/raw\/notes\/beach\.png\?/);
    assert.equal(await rendered.getByRole('img', { name: 'tracker' }).getAttribute('src'), null);
    await tab.shot('markdown-rendered');

    // Typing shows at once in the rendered view.
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+Home');
    await tab.page.keyboard.type('## Fresh line\n');
    await rendered.getByRole('heading', { name: 'Fresh line', level: 2 }).waitFor();
    // The header button hides and shows it.
    await tab.page.getByRole('button', { name: 'Hide rendered Markdown' }).click();
    assert.equal(await rendered.count(), 0);
    await tab.page.getByRole('button', { name: 'Show rendered Markdown' }).click();
    await rendered.waitFor();

    assert.deepEqual(dialogs, [], 'no alert from the file');
    assert.equal(await tab.page.evaluate(() => (window as { __ran?: string }).__ran ?? null), null);
    // Chrome reports each handler attribute DOMPurify's parser meets as refused by the page's
    // Content-Security-Policy (it parses under the page's policy); nothing else is logged.
    const refused =
      /^Executing inline event handler violates the following Content Security Policy/;
    assert.ok(tab.errors.some((error) => refused.test(error)));
    assert.deepEqual(
      tab.errors.filter((error) => !refused.test(error)),
      [],
    );
    await tab.close();
  });

  it('shows the rendered Markdown instead of the editor on a phone', async () => {
    const tab = await ui.newPage({ viewport: { width: 390, height: 800 } });
    await tab.open('/files/notes/holiday.md');
    const rendered = tab.page.getByRole('article', { name: 'Rendered Markdown' });
    await rendered.getByRole('heading', { name: 'Holiday notes' }).waitFor();
    assert.equal(await tab.page.locator('.editor').isVisible(), false);
    await tab.shot('markdown-phone');
    await tab.close();
  });
});
