// Thumbnails where files are shown: the mosaic's square tiles and the gallery, list rows, search
// results and the public share page; only tiles on screen ask for theirs; type icons otherwise.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

const palette: [number, number, number][] = [
  [220, 38, 38],
  [234, 179, 8],
  [22, 163, 74],
  [37, 99, 235],
  [147, 51, 234],
];

function photoName(index: number): string {
  return `img-${String(index).padStart(3, '0')}.png`;
}

/** Thumbnail requests the page makes, by the file path they ask for. */
function thumbRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/api/preview/thumb/'))
      seen.push(decodeURIComponent(url.pathname.split('/api/preview/thumb')[1] ?? ''));
  });
  return seen;
}

/** Waits until every picture's tile on screen shows its thumbnail. */
async function tilesOnScreenReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const tiles = [...document.querySelectorAll('.tiles .item[data-path$=".png"]')];
    const onScreen = tiles.filter((tile) => {
      const box = tile.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    });
    return onScreen.length > 0 && onScreen.every((tile) => tile.querySelector('.thumb.is-ready'));
  });
}

/** The paths of tiles within the distance from the screen at which a tile asks for its picture. */
function tilesNearScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.tiles .item')]
      .filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.bottom > -100 && box.top < innerHeight + 100;
      })
      .map((tile) => tile.getAttribute('data-path') ?? ''),
  );
}

/** Natural sizes and load state of the thumbnails shown in `scope`. */
function loadedThumbs(page: Page, scope: string) {
  return page.$$eval(`${scope} .thumb.is-ready img`, (images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute('src') ?? '',
      complete: image.complete,
      width: image.naturalWidth,
      height: image.naturalHeight,
    })),
  );
}

describe('thumbnails', () => {
  let ui: UiHarness;
  let token: string;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        const tree: Record<string, string | Buffer> = {
          'trip/wide.png': makePng(600, 400),
          'trip/tall.png': makePng(300, 500, [219, 39, 119], [147, 51, 234]),
          'trip/notes.txt': 'a day at the sea\n',
          'trip/sub/': '',
          'mixed/report.pdf': '%PDF-1.4\n%%EOF\n',
          'mixed/bundle.zip': 'PK\u0003\u0004',
          'mixed/app.ts': 'export const a = 1;\n',
          'mixed/sheet.xlsx': 'x',
          'mixed/letter.docx': 'x',
          'mixed/talk.pptx': 'x',
          'mixed/song.mp3': 'ID3',
          'mixed/readme.txt': 'hello\n',
        };
        for (let index = 0; index < 300; index++)
          tree[`many/${photoName(index)}`] = makePng(
            320,
            240,
            palette[index % 5],
            palette[(index + 2) % 5],
          );
        writeTree(root, tree);
      },
    });
    token = await ui.server.adminToken();
  });
  after(() => ui.close());

  it('shows a folder of photos as square tiles of thumbnails, each at most 256 px', async () => {
    await setPreferences(ui.server, token, 1, { viewMode: 'mosaic' });
    const tab = await ui.newPage();
    const tickets: unknown[] = [];
    tab.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/tickets'))
        tickets.push(request.postDataJSON());
    });
    const responses: { url: string; cacheControl: string }[] = [];
    tab.page.on('response', (response) => {
      if (response.url().includes('/api/preview/thumb/'))
        responses.push({
          url: response.url(),
          cacheControl: response.headers()['cache-control'] ?? '',
        });
    });
    await tab.open('/files/trip/');
    await tilesOnScreenReady(tab.page);
    const thumbs = await loadedThumbs(tab.page, '.tiles');
    assert.equal(thumbs.length, 2, 'the two pictures; the text file keeps its icon');
    for (const thumb of thumbs) {
      assert.ok(thumb.complete && thumb.width > 0, 'loaded');
      assert.ok(Math.max(thumb.width, thumb.height) <= 256, `${thumb.width}×${thumb.height}`);
    }
    const wide = thumbs.find((thumb) => thumb.src.includes('/trip/wide.png'));
    assert.deepEqual([wide?.width, wide?.height], [256, 171]);
    // File Browser's key: the modification time, so the browser may keep the picture.
    const modified = Math.floor(fs.statSync(path.join(ui.server.root, 'trip/wide.png')).mtimeMs);
    assert.match(wide?.src ?? '', new RegExp(`[?&]key=${modified}(&|$)`));
    const cached = responses.find((response) => response.url.includes('/trip/wide.png'));
    assert.equal(cached?.cacheControl, 'private, max-age=2592000, immutable');
    // One folder ticket opens every thumbnail of the listing.
    assert.deepEqual(tickets, [{ scope: 'download', path: '/trip' }]);
    assert.equal(await tab.page.locator('.item[data-path="/trip/notes.txt"] img').count(), 0);
    assert.equal(
      await tab.page.locator('.item[data-path="/trip/notes.txt"] .file-icon-text').count(),
      1,
    );
    const tile = await tab.page.locator('.item[data-path="/trip/wide.png"]').boundingBox();
    assert.ok(tile && Math.abs(tile.width - tile.height) < 1.5, 'a square tile');
    await tab.shot('thumbnails-mosaic');
    assertNoErrors(tab);
    await tab.close();
  });

  it('asks only for the thumbnails of tiles on screen, while scrolling 300 photos', async () => {
    await setPreferences(ui.server, token, 1, {
      viewMode: 'mosaic',
      sorting: { by: 'name', asc: true },
    });
    const tab = await ui.newPage();
    const requested = thumbRequests(tab.page);
    await tab.open('/files/many/');
    await tilesOnScreenReady(tab.page);
    const near = new Set(await tilesNearScreen(tab.page));
    const columns = await tab.page
      .locator('.listing-row.tiles')
      .first()
      .evaluate((row) => getComputedStyle(row).gridTemplateColumns.split(' ').length);
    const rendered = await tab.page.locator('.tiles .item').count();
    assert.ok(rendered > near.size, `${rendered} tiles rendered, ${near.size} near the screen`);
    // Jumps to the bottom (each adds 50 items below): the tiles jumped over never ask.
    for (let step = 0; step < 3; step++) {
      const from = await tab.page.evaluate(() => window.scrollY);
      await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await tab.page.waitForFunction((y) => window.scrollY > y + 400, from);
      await tilesOnScreenReady(tab.page);
      for (const path of await tilesNearScreen(tab.page)) near.add(path);
    }
    const unique = new Set(requested);
    assert.equal(unique.size, requested.length, 'no thumbnail is asked for twice');
    for (const path of unique) assert.ok(near.has(path), `${path} was never near the screen`);
    assert.ok(unique.size <= near.size, `${unique.size} asked, ${near.size} near the screen`);
    assert.ok(unique.size < 300 / 2, `${unique.size} of 300 asked for`);
    assert.ok(unique.size >= columns * 3, 'every stop shows its row of pictures');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows the gallery: larger square tiles the picture fills', async () => {
    await setPreferences(ui.server, token, 1, { viewMode: 'mosaic gallery' });
    const tab = await ui.newPage();
    await tab.open('/files/trip/');
    await tab.page.locator('.listing.mosaic.gallery').waitFor();
    await tilesOnScreenReady(tab.page);
    const tile = tab.page.locator('.item[data-path="/trip/wide.png"]');
    const tileBox = await tile.boundingBox();
    const imageBox = await tile.locator('img').boundingBox();
    assert.ok(tileBox && imageBox);
    assert.ok(Math.abs(tileBox.width - tileBox.height) < 1.5, 'square');
    assert.ok(tileBox.width >= 300 && tileBox.width < 600, `${tileBox.width} px wide`);
    assert.ok(imageBox.width >= tileBox.width - 2 && imageBox.height >= tileBox.height - 2);
    assert.equal(
      await tile.locator('img').evaluate((image) => getComputedStyle(image).objectFit),
      'cover',
    );
    // The name stays, over the picture, for the tile's accessible name.
    await tab.page.getByRole('option', { name: /wide\.png/ }).waitFor();
    await tab.shot('thumbnails-gallery');
    assertNoErrors(tab);
    await tab.close();
  });

  for (const viewMode of ['mosaic', 'mosaic gallery'] as const)
    it(`lays out two columns of tiles on a phone (${viewMode})`, async () => {
      await setPreferences(ui.server, token, 1, { viewMode });
      const tab = await ui.newPage({ viewport: { width: 390, height: 800 } });
      await tab.open('/files/many/');
      await tilesOnScreenReady(tab.page);
      const columns = await tab.page
        .locator('.listing-row.tiles')
        .first()
        .evaluate((row) => getComputedStyle(row).gridTemplateColumns.split(' ').length);
      assert.equal(columns, 2);
      const [first, second] = await tab.page.locator('.tiles .item').all();
      const a = await first?.boundingBox();
      const b = await second?.boundingBox();
      assert.ok(a && b && Math.abs(a.y - b.y) < 1 && b.x > a.x + a.width, 'side by side');
      await tab.shot(`thumbnails-phone-${viewMode.replace(' ', '-')}`);
      assertNoErrors(tab);
      await tab.close();
    });

  it('shows small thumbnails in list rows and a distinct icon per kind of file', async () => {
    await setPreferences(ui.server, token, 1, { viewMode: 'list' });
    const tab = await ui.newPage();
    await tab.open('/files/trip/');
    await tab.page.locator('.item[data-path="/trip/wide.png"] .thumb.is-ready').waitFor();
    const box = await tab.page.locator('.item[data-path="/trip/wide.png"] .thumb').boundingBox();
    assert.ok(box && box.width <= 32 && box.height <= 32, 'small, in the icon column');
    const [thumb] = await loadedThumbs(tab.page, '.item[data-path="/trip/wide.png"]');
    assert.ok(thumb && thumb.width <= 256 && thumb.height <= 256);

    await tab.open('/files/mixed/');
    const kinds: Record<string, string> = {
      'report.pdf': 'pdf',
      'bundle.zip': 'archive',
      'app.ts': 'code',
      'sheet.xlsx': 'spreadsheet',
      'letter.docx': 'document',
      'talk.pptx': 'presentation',
      'song.mp3': 'audio',
      'readme.txt': 'text',
    };
    // The listing renders after the page opens (a skeleton first): each row is waited for.
    for (const [name, kind] of Object.entries(kinds)) {
      await tab.page.locator(`.item[data-path="/mixed/${name}"]`).waitFor();
      assert.equal(
        await tab.page.locator(`.item[data-path="/mixed/${name}"] .file-icon-${kind}`).count(),
        1,
        `${name} has the ${kind} icon`,
      );
    }
    const shapes = await tab.page.$$eval('.item .file-icon use', (uses) =>
      uses.map((element) => element.getAttribute('href')),
    );
    assert.equal(new Set(shapes).size, Object.keys(kinds).length, 'each kind its own shape');
    // The shapes come from the sprite file: each icon is drawn only once the sprite has loaded.
    await tab.page.waitForFunction(() =>
      [...document.querySelectorAll<SVGUseElement>('.item .file-icon use')].every(
        (use) => use.getBBox().width > 0,
      ),
    );
    await tab.shot('thumbnails-icons');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows thumbnails in search results', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/trip/');
    await tab.page.keyboard.press('Control+f');
    const input = tab.page.getByRole('dialog', { name: 'Search' }).getByRole('textbox');
    await input.fill('.png');
    await input.press('Enter');
    const results = tab.page.getByRole('list', { name: 'Search results' });
    await results.locator('.thumb.is-ready').first().waitFor();
    await tab.page.waitForFunction(
      () => document.querySelectorAll('.search-result .thumb.is-ready').length === 2,
    );
    const thumbs = await loadedThumbs(tab.page, '.search-result');
    assert.equal(thumbs.length, 2);
    for (const thumb of thumbs) {
      assert.match(thumb.src, /\/api\/preview\/thumb\/trip\/(wide|tall)\.png\?ticket=/);
      assert.ok(thumb.complete && Math.max(thumb.width, thumb.height) <= 256);
    }
    await tab.shot('thumbnails-search');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows thumbnails on the public share page, and a shared photo inline', async () => {
    const response = await ui.server.request('POST', '/api/share/trip', { token });
    const hash = response.json<{ hash: string }>().hash;
    const tab = await ui.newPage({ as: null });
    const requested = thumbRequests(tab.page);
    await tab.open(`/share/${hash}`);
    const contents = tab.page.getByRole('list', { name: 'Contents' });
    await tab.page.waitForFunction(
      () => document.querySelectorAll('.share-entry .thumb.is-ready').length === 2,
    );
    const thumbs = await loadedThumbs(tab.page, '.share-entry');
    for (const thumb of thumbs) {
      assert.match(thumb.src, new RegExp(`/api/public/preview/thumb/${hash}/(wide|tall)\\.png`));
      assert.ok(thumb.complete && Math.max(thumb.width, thumb.height) <= 256);
    }
    assert.equal(requested.length, 0, 'the public page asks the public route only');
    await tab.shot('thumbnails-public-share');

    await contents.getByRole('link', { name: 'wide.png', exact: true }).click();
    await tab.page.waitForURL(new RegExp(`/share/${hash}/wide\\.png$`));
    const photo = tab.page.getByRole('img', { name: 'wide.png' });
    await tab.page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.share-preview-image');
      return image?.complete && image.naturalWidth > 0;
    });
    assert.match(String(await photo.getAttribute('src')), /\/api\/public\/preview\/big\//);
    assert.equal(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth), 600);
    // Its download is the file in the folder, not a file share's address.
    const download = tab.page.getByRole('link', { name: 'Download File' });
    assert.equal(await download.getAttribute('href'), `/api/public/dl/${hash}/wide.png`);
    await tab.shot('public-share-photo');
    assertNoErrors(tab);
    await tab.close();
  });
});

describe('thumbnails turned off (--disable-thumbnails)', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      args: ['--disable-thumbnails'],
      setup: (root) => writeTree(root, { 'trip/wide.png': makePng(600, 400) }),
    });
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'mosaic' });
  });
  after(() => ui.close());

  it('shows type icons only and asks for no thumbnail', async () => {
    const tab = await ui.newPage();
    const requested = thumbRequests(tab.page);
    await tab.open('/files/trip/');
    await tab.page.locator('.item[data-path="/trip/wide.png"] .file-icon-image').waitFor();
    assert.equal(await tab.page.locator('.tiles img').count(), 0);
    assert.deepEqual(requested, []);
    assertNoErrors(tab);
    await tab.close();
  });
});
