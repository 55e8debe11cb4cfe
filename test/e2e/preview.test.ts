// The preview: image zoom and pan, previous/next by keys and buttons, media, PDF, other files, top bar.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { appPath, assertNoErrors, doubleClick, pauseClock, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

const minimalPdf = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

/** Opens a file from its folder's listing, as a user does. */
async function openFile(tab: UiPage, folder: string, name: string): Promise<void> {
  await tab.open(folder);
  await doubleClick(tab.page.getByRole('option', { name }));
  await tab.page.getByRole('region', { name: `Preview of ${name}` }).waitFor();
}

async function transformOf(image: Locator): Promise<string> {
  return image.evaluate((element: HTMLElement) => element.style.transform);
}

async function waitForTransform(image: Locator, expected: string): Promise<void> {
  await image
    .page()
    .waitForFunction(([element, value]) => (element as HTMLElement).style.transform === value, [
      await image.elementHandle(),
      expected,
    ] as const);
}

/** Dispatches a synthetic pointer event on an element (touch gestures headless chromium cannot make). */
async function pointer(target: Locator, type: string, pointerId: number, x: number, y: number) {
  await target.dispatchEvent(type, {
    pointerId,
    pointerType: 'touch',
    clientX: x,
    clientY: y,
    bubbles: true,
  });
}

describe('preview', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'gallery/a-first.png': makePng(160, 120),
          'gallery/b-second.png': makePng(120, 160, [219, 39, 119], [147, 51, 234]),
          'gallery/c-notes.txt': 'text is skipped\n',
          'gallery/d-data.bin': Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 7]),
          'gallery/e-movie.mp4': Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 1, 2, 3]),
          'gallery/e-movie.srt': '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
          'gallery/f-paper.pdf': minimalPdf,
          'gallery/g-song.mp3': Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]),
          'visitor/photo.png': makePng(40, 40),
          'visitor/data.bin': Buffer.from([0, 1, 2, 3]),
        }),
    });
    await createUser(ui.server, { username: 'visitor', perm: {} });
  });
  after(() => ui.close());

  for (const colorScheme of ['light', 'dark'] as const)
    it(`zooms an image by double-click and wheel, within 0.25 to 4 (${colorScheme})`, async () => {
      const tab = await ui.newPage({ colorScheme });
      await openFile(tab, '/files/gallery/', 'a-first.png');
      const image = tab.page.getByRole('img', { name: 'a-first.png' });
      await tab.page.waitForFunction(() => document.querySelector('.image-viewer img.is-ready'));
      assert.equal(await transformOf(image), 'translate(0px, 0px) scale(1)');
      await tab.shot(`preview-image-${colorScheme}`);

      await image.dblclick();
      await waitForTransform(image, 'translate(0px, 0px) scale(2)');
      await image.dblclick();
      await waitForTransform(image, 'translate(0px, 0px) scale(4)');
      await tab.shot(`preview-image-zoomed-${colorScheme}`);
      await image.dblclick();
      await waitForTransform(image, 'translate(0px, 0px) scale(1)');

      await image.hover();
      await tab.page.mouse.wheel(0, -100);
      await waitForTransform(image, 'translate(0px, 0px) scale(1.25)');
      for (let step = 0; step < 3; step++) await tab.page.mouse.wheel(0, 100);
      await waitForTransform(image, 'translate(0px, 0px) scale(0.5)');
      for (let step = 0; step < 5; step++) await tab.page.mouse.wheel(0, 100);
      await waitForTransform(image, 'translate(0px, 0px) scale(0.25)');
      for (let step = 0; step < 20; step++) await tab.page.mouse.wheel(0, -100);
      await waitForTransform(image, 'translate(0px, 0px) scale(4)');
      // The page behind the viewer does not scroll while it is open.
      assert.equal(
        await tab.page.evaluate(() => document.documentElement.style.overflow),
        'hidden',
      );

      await tab.page.getByRole('button', { name: /Reset zoom/ }).click();
      await waitForTransform(image, 'translate(0px, 0px) scale(1)');
      assertNoErrors(tab);
      await tab.close();
    });

  it('pans a zoomed image, and a pinch pauses one-finger panning for 200 ms', async () => {
    const tab = await ui.newPage();
    await openFile(tab, '/files/gallery/', 'a-first.png');
    const image = tab.page.getByRole('img', { name: 'a-first.png' });
    await tab.page.waitForFunction(() => document.querySelector('.image-viewer img.is-ready'));
    await image.dblclick();
    await waitForTransform(image, 'translate(0px, 0px) scale(2)');
    await tab.page.mouse.move(640, 400);
    await tab.page.mouse.down();
    await tab.page.mouse.move(680, 430, { steps: 4 });
    await tab.page.mouse.up();
    await waitForTransform(image, 'translate(40px, 30px) scale(2)');
    await image.dblclick();
    await image.dblclick();
    await waitForTransform(image, 'translate(0px, 0px) scale(1)');

    // Two fingers 100 px apart move to 200 px: twice the scale.
    const viewer = tab.page.locator('.image-viewer');
    await pointer(viewer, 'pointerdown', 11, 600, 400);
    await pointer(viewer, 'pointerdown', 12, 700, 400);
    await pointer(viewer, 'pointermove', 12, 800, 400);
    await waitForTransform(image, 'translate(0px, 0px) scale(2)');
    // The 200 ms are counted on the page's clock, which stands still until the test moves it.
    await pauseClock(tab.page);
    await pointer(viewer, 'pointerup', 12, 800, 400);
    await pointer(viewer, 'pointermove', 11, 650, 400);
    assert.equal(
      await transformOf(image),
      'translate(0px, 0px) scale(2)',
      'no pan right after a pinch',
    );
    await tab.page.clock.fastForward(250);
    await pointer(viewer, 'pointermove', 11, 700, 420);
    await waitForTransform(image, 'translate(50px, 20px) scale(2)');
    await pointer(viewer, 'pointerup', 11, 700, 420);
    await tab.page.clock.resume();
    assertNoErrors(tab);
    await tab.close();
  });

  it('steps through images and other files with the keys and buttons, skipping text', async () => {
    const tab = await ui.newPage();
    await openFile(tab, '/files/gallery/', 'a-first.png');
    const bar = tab.page.getByRole('region', { name: /^Preview of / });
    assert.equal(await bar.getByRole('button', { name: 'Previous' }).count(), 0);
    await tab.page.keyboard.press('ArrowRight');
    await tab.page.waitForURL(/\/files\/gallery\/b-second\.png$/);
    await tab.page.getByRole('img', { name: 'b-second.png' }).waitFor();
    await tab.page.keyboard.press('ArrowRight');
    await tab.page.waitForURL(/\/files\/gallery\/d-data\.bin$/);
    await tab.page.getByText('No preview is available for this file.').waitFor();
    await tab.page.keyboard.press('ArrowLeft');
    await tab.page.waitForURL(/\/files\/gallery\/b-second\.png$/);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(/\/files\/gallery\/d-data\.bin$/);
    await tab.page.getByRole('button', { name: 'Next' }).click();
    await tab.page.waitForURL(/\/files\/gallery\/e-movie\.mp4$/);
    await tab.page.getByRole('button', { name: 'Previous' }).click();
    await tab.page.waitForURL(/\/files\/gallery\/d-data\.bin$/);
    await tab.page.getByRole('region', { name: 'Preview of d-data.bin' }).waitFor();
    assert.match(String(await tab.page.locator('.preview-position').textContent()), /^3 of 5$/);

    await tab.page.getByRole('button', { name: 'Close', exact: true }).click();
    await tab.page.waitForURL(/\/files\/gallery\/$/);
    await tab.page.getByRole('option', { name: 'a-first.png' }).waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('plays video with its subtitles as tracks, and audio, from raw inline links', async () => {
    const tab = await ui.newPage({ colorScheme: 'dark' });
    // The media requests are held, so the players stay as they are while they are inspected.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await tab.page.route(/\/api\/raw\/gallery\/(e-movie\.mp4|g-song\.mp3)\?/, async (route) => {
      if (holding) held.push(() => route.continue());
      else await route.continue();
    });
    const release = async () => {
      holding = false;
      await Promise.all(held.splice(0).map((next) => next()));
    };
    await openFile(tab, '/files/gallery/', 'e-movie.mp4');
    const video = tab.page.locator('video.preview-video');
    const src = String(await video.getAttribute('src'));
    assert.match(
      src,
      /\/api\/raw\/gallery\/e-movie\.mp4\?inline=true&ticket=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    assert.equal(
      await video.evaluate((element: HTMLVideoElement) => element.autoplay && element.controls),
      true,
    );
    const tracks = await video.locator('track').evaluateAll((elements) =>
      elements.map((element) => {
        const track = element as HTMLTrackElement;
        return { label: track.label, kind: track.kind, isDefault: track.default, src: track.src };
      }),
    );
    assert.equal(tracks.length, 1);
    assert.deepEqual(
      { label: tracks[0]?.label, kind: tracks[0]?.kind, isDefault: tracks[0]?.isDefault },
      { label: 'Subtitle 1', kind: 'subtitles', isDefault: true },
    );
    assert.match(
      tracks[0]?.src ?? '',
      /\/api\/subtitle\/gallery\/e-movie\.srt\?inline=true&ticket=/,
    );
    const vtt = await tab.page.evaluate(
      async (url) => (await fetch(url)).text(),
      tracks[0]?.src ?? '',
    );
    assert.match(vtt, /^WEBVTT\n\n1\n00:00:01\.000 --> 00:00:02\.000\nHello/);
    await tab.shot('preview-video-dark');

    // These bytes are no real video: once they arrive, the file is offered for download instead.
    await release();
    await tab.page.getByText('Your browser cannot play this file.').waitFor();
    await tab.page.locator('.preview-card').getByRole('link', { name: 'Download' }).waitFor();

    holding = true;
    await openFile(tab, '/files/gallery/', 'g-song.mp3');
    const audio = tab.page.locator('audio');
    assert.match(
      String(await audio.getAttribute('src')),
      /\/api\/raw\/gallery\/g-song\.mp3\?inline=true&ticket=/,
    );
    assert.equal(
      await audio.evaluate((element: HTMLAudioElement) => element.autoplay && element.controls),
      true,
    );
    await tab.shot('preview-audio-dark');
    await release();
    await tab.page.getByText('Your browser cannot play this file.').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('embeds a PDF and offers other files as a download', async () => {
    const tab = await ui.newPage();
    await openFile(tab, '/files/gallery/', 'f-paper.pdf');
    const frame = tab.page.locator('iframe.preview-pdf');
    assert.equal(await frame.getAttribute('title'), 'PDF f-paper.pdf');
    assert.match(
      String(await frame.getAttribute('src')),
      /\/api\/raw\/gallery\/f-paper\.pdf\?inline=true&ticket=/,
    );
    await tab.shot('preview-pdf-light');

    await openFile(tab, '/files/gallery/', 'd-data.bin');
    const download = tab.page.getByRole('link', { name: 'Download', exact: true }).last();
    const href = String(await download.getAttribute('href'));
    assert.match(href, /\/api\/raw\/gallery\/d-data\.bin\?ticket=/);
    const size = await tab.page.evaluate(
      async (url) => (await (await fetch(url)).arrayBuffer()).byteLength,
      href,
    );
    assert.equal(size, 9);
    await tab.shot('preview-file-light');
    await tab.close();
  });

  it('opens rename, delete, info and share from its top bar', async () => {
    const tab = await ui.newPage();
    await openFile(tab, '/files/gallery/', 'b-second.png');
    const bar = tab.page.locator('.preview-bar');
    const barDownload = bar.getByRole('link', { name: 'Download' });
    assert.match(
      String(await barDownload.getAttribute('href')),
      /\/api\/raw\/gallery\/b-second\.png\?ticket=/,
    );
    for (const [button, dialog] of [
      ['Rename', 'Rename'],
      ['Delete', 'Delete files'],
      ['Info', 'File information'],
      ['Share', 'Share'],
    ] as const) {
      await bar.getByRole('button', { name: button }).click();
      const prompt = tab.page.getByRole('dialog', { name: dialog });
      await prompt.waitFor();
      // Keys belong to the prompt while it is open: no stepping to a neighbour.
      if (button === 'Info') {
        await tab.page.keyboard.press('ArrowRight');
        assert.equal(appPath(tab.page, ui.server), '/files/gallery/b-second.png');
      }
      await tab.page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached' });
    }
    assertNoErrors(tab);
    await tab.close();
  });

  it('hides the actions a user may not take', async () => {
    const tab = await ui.newPage({ as: { username: 'visitor', password: userPassword } });
    await openFile(tab, '/files/', 'data.bin');
    const bar = tab.page.locator('.preview-bar');
    await bar.getByRole('button', { name: 'Info' }).waitFor();
    for (const name of ['Rename', 'Delete', 'Share'])
      assert.equal(await bar.getByRole('button', { name }).count(), 0, name);
    assert.equal(await tab.page.getByRole('link', { name: 'Download' }).count(), 0);
    await tab.page.getByText('No preview is available for this file.').waitFor();
    await tab.close();
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`keeps Tab inside while open (the header and sidebar behind are inert) and gives focus back to the item (${viewport.width} px)`, async () => {
      const tab = await ui.newPage({ viewport });
      await tab.open('/files/gallery/');
      const item = tab.page.getByRole('option', { name: 'd-data.bin' });
      await item.focus();
      await tab.page.keyboard.press('Enter');
      const preview = tab.page.getByRole('region', { name: 'Preview of d-data.bin' });
      await preview.waitFor();
      assert.equal(await tab.page.locator('header.header').getAttribute('inert'), '');
      const insidePreview = () =>
        tab.page.evaluate(() => !!document.activeElement?.closest('.preview'));
      const stops = await preview.locator('button, a[href]').count();
      for (let press = 0; press <= stops + 1; press++) {
        await tab.page.keyboard.press('Tab');
        assert.ok(await insidePreview(), `Tab ${press + 1} stays in the preview`);
      }
      await tab.page.keyboard.press('Shift+Tab');
      assert.ok(await insidePreview(), 'Shift+Tab stays in the preview');
      await tab.shot(`preview-focus-inside-${viewport.width}`);
      await preview.getByRole('button', { name: 'Close' }).click();
      await tab.page.waitForFunction(() =>
        document.activeElement?.matches('.item[data-path="/gallery/d-data.bin"]'),
      );
      assert.equal(await tab.page.locator('header.header').getAttribute('inert'), null);
      assertNoErrors(tab);
      await tab.close();
    });

  it('fits its top bar and controls on a phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const tab = await ui.newPage({ colorScheme, viewport: { width: 375, height: 740 } });
      await openFile(tab, '/files/gallery/', 'b-second.png');
      await tab.page.waitForFunction(() => document.querySelector('.image-viewer img.is-ready'));
      for (const name of ['Close', 'Share', 'Rename', 'Delete', 'Info', 'Previous', 'Next']) {
        const box = await tab.page.getByRole('button', { name, exact: true }).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `${name} is on screen`);
      }
      await tab.shot(`preview-mobile-${colorScheme}`);
      await tab.close();
    }
  });
});
