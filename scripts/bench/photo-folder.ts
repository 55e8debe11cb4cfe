// Benchmark: a folder of 1,000 photos in the mosaic, in Debian's chromium. How long the first screen
// of tiles takes to show (until every on-screen picture is decoded): a new tab on the folder (the
// app's start included), and the folder opened from its parent; with the server's preview cache
// cold and warm; and the server's peak extra memory while it draws every thumbnail cold.
// Usage: npm run build && node --import tsx scripts/bench/photo-folder.ts [--photos 1000] [--size 4000x3000]
// (needs ImageMagick's convert to make the photo). Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { setPreferences, startUi } from '../../test/helpers/browser';
import type { UiHarness } from '../../test/helpers/browser';
import { median, printTable, rssMb } from './bench-server';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const photos = Number(option('--photos', '1000'));
const size = option('--size', '4000x3000');
const warmRuns = 5;
const viewport = { width: 1280, height: 800 };

/** A photograph-like JPEG: plasma clouds and a little sensor noise, so the decoder has real work. */
function makePhoto(file: string): void {
  const result = spawnSync(
    'convert',
    ['-size', size, 'plasma:fractal', '-attenuate', '0.2', '+noise', 'Gaussian'].concat([
      '-quality',
      '85',
      file,
    ]),
    { stdio: 'inherit' },
  );
  if (result.error || result.status !== 0) {
    // Its baseline and its photo both come from ImageMagick: without it there is nothing to
    // compare, and the rest of `npm run bench` goes on (as without nginx).
    console.log('skipped: ImageMagick (convert) is not installed (apt-get install imagemagick)');
    process.exit(0);
  }
}

/**
 * Milliseconds from the start of the navigation until every picture tile on screen shows its
 * decoded thumbnail (checked each frame), and how many tiles that was.
 */
async function firstScreen(page: Page): Promise<{ ms: number; tiles: number }> {
  const handle = await page.waitForFunction(
    () => {
      const tiles = [...document.querySelectorAll('.tiles .item')].filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
      const ready = tiles.every((tile) => {
        const image = tile.querySelector<HTMLImageElement>('.thumb.is-ready img');
        return image?.complete && image.naturalWidth > 0;
      });
      return tiles.length > 0 && ready ? { ms: performance.now(), tiles: tiles.length } : false;
    },
    undefined,
    { polling: 'raf', timeout: 600_000 },
  );
  return (await handle.jsonValue()) as { ms: number; tiles: number };
}

/** Scrolls the whole folder a screen at a time, each screen's thumbnails shown before the next. */
async function scrollThrough(page: Page): Promise<number> {
  let screens = 0;
  for (;;) {
    await firstScreen(page);
    screens += 1;
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, innerHeight);
      return window.scrollY > before;
    });
    if (!moved) {
      // The listing adds 50 more at the bottom; stop once nothing more comes.
      const grew = await page
        .waitForFunction(
          (height) => document.documentElement.scrollHeight > height,
          await page.evaluate(() => document.documentElement.scrollHeight),
          { timeout: 2_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (!grew) return screens;
    }
  }
}

/** From a double-click on the folder in its parent's listing to its first screen shown. */
async function openFromParent(page: Page): Promise<number> {
  const folder = page.locator('.item[data-path="/photos"]');
  await folder.waitFor();
  const from = await page.evaluate(() => performance.now());
  await folder.dblclick();
  return (await firstScreen(page)).ms - from;
}

async function openTimed(ui: UiHarness) {
  const tab = await ui.newPage({ viewport });
  const thumbs: string[] = [];
  tab.page.on('request', (request) => {
    if (request.url().includes('/api/preview/thumb/')) thumbs.push(request.url());
  });
  await tab.page.goto(`${ui.server.url}/files/photos/`);
  const shown = await firstScreen(tab.page);
  return { tab, shown, requested: thumbs };
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-photo-bench-'));
  const photo = path.join(work, 'photo.jpg');
  console.log(`making a ${size} JPEG and ${photos} copies of it…`);
  makePhoto(photo);
  const photoBytes = fs.statSync(photo).size;
  const ui = await startUi({
    args: ['--log', 'off'],
    setup: (root) => {
      fs.mkdirSync(path.join(root, 'photos'));
      // Copies, not links: each is another file (device and inode) for the preview cache.
      for (let index = 0; index < photos; index += 1)
        fs.copyFileSync(
          photo,
          path.join(root, 'photos', `IMG_${String(index).padStart(4, '0')}.jpg`),
        );
    },
  });
  try {
    await setPreferences(ui.server, await ui.server.adminToken(), 1, {
      viewMode: 'mosaic',
      sorting: { by: 'name', asc: true },
    });
    const pid = ui.server.process.pid;
    // Warm the page's own code and the decoder module, on another folder, before measuring.
    const warmup = await ui.newPage({ viewport });
    await warmup.open('/files/');
    await warmup.close();
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);

    const cold = await openTimed(ui);
    const started = performance.now();
    const screens = await scrollThrough(cold.tab.page);
    const scrollMs = performance.now() - started;
    const coldRequests = new Set(cold.requested).size;
    await cold.tab.close();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));

    const warm: number[] = [];
    let warmTiles = 0;
    let warmRequests = 0;
    for (let run = 0; run < warmRuns; run += 1) {
      const opened = await openTimed(ui);
      warm.push(opened.shown.ms);
      warmTiles = opened.shown.tiles;
      warmRequests = opened.requested.length;
      await opened.tab.close();
    }

    // Opened in the app: a new tab on the home folder (nothing of the folder in the browser's
    // cache), then a double-click on the folder.
    const inApp: number[] = [];
    for (let run = 0; run < warmRuns; run += 1) {
      const tab = await ui.newPage({ viewport });
      await tab.open('/files/');
      inApp.push(await openFromParent(tab.page));
      await tab.close();
    }
    // The same tab, to the parent folder and back: the browser keeps what it was sent.
    const tab = await ui.newPage({ viewport });
    await tab.open('/files/photos/');
    await firstScreen(tab.page);
    const again: number[] = [];
    for (let run = 0; run < warmRuns; run += 1) {
      await tab.page
        .getByRole('navigation', { name: 'Location' })
        .getByRole('link')
        .first()
        .click();
      again.push(await openFromParent(tab.page));
    }
    await tab.close();

    console.log(
      `\n${photos} photos of ${size} (${(photoBytes / 1024 / 1024).toFixed(1)} MB each), ` +
        `${os.availableParallelism()} CPUs, chromium ${ui.browser.version()}, ` +
        `${viewport.width}×${viewport.height}\n`,
    );
    printTable([
      ['first screen of tiles shown', 'ms', 'tiles', 'thumbnails asked', 'target'],
      [
        'new tab on the folder, cold preview cache (drawn on demand)',
        cold.shown.ms.toFixed(0),
        cold.shown.tiles,
        '',
        '',
      ],
      [
        `new tab on the folder, warm preview cache (median of ${warmRuns}; app start included)`,
        median(warm).toFixed(0),
        warmTiles,
        warmRequests,
        '',
      ],
      [
        `opened from its parent in a new tab, warm preview cache (median of ${warmRuns})`,
        median(inApp).toFixed(0),
        warmTiles,
        '',
        `≤ 1000: ${median(inApp) <= 1000 ? 'met' : 'MISSED'}`,
      ],
      [
        `opened again in the same tab, browser cache warm too (median of ${warmRuns})`,
        median(again).toFixed(0),
        warmTiles,
        '',
        '',
      ],
    ]);
    console.log(
      `\ncold, scrolled through ${screens} screens in ${(scrollMs / 1000).toFixed(1)} s: ` +
        `${coldRequests} thumbnails drawn; server RSS ${baseline.toFixed(0)} MB before, ` +
        `${peak.toFixed(0)} MB at most, so ${(peak - baseline).toFixed(0)} MB extra ` +
        `(goal ≤ 256 MB: ${peak - baseline <= 256 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await ui.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
