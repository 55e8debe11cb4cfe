// The transfer panel over tus: files three at a time with a row each and a summary, cancel (the
// partial goes), pause and resume, resume after a reload, failures in words with Retry or Replace,
// and the sheet on a phone. Chunks are held with page.route (upload-gate.ts), never raced.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { addUser, assertNoErrors, setPreferences, startUi, userPassword } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { gateUploads, recordUploads } from '../helpers/upload-gate';

const chunk = 64 * 1024;

describe('transfer panel', () => {
  let ui: UiHarness;
  let root: string;
  let scratch: string;
  const pages: UiPage[] = [];
  before(async () => {
    ui = await startUi();
    root = ui.server.root;
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-transfers-'));
    const token = await ui.server.adminToken();
    await setPreferences(ui.server, token, 1, { viewMode: 'list' });
    // Small chunks, so an upload of a few hundred KiB is several requests to hold and resume.
    const settings = await ui.server.request('PUT', '/api/settings', {
      token,
      body: { tus: { chunkSize: chunk, retryCount: 2 } },
    });
    assert.equal(settings.status, 200, settings.text);
  });
  beforeEach(() => {
    for (const entry of fs.readdirSync(root))
      fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  });
  after(async () => {
    for (const page of pages) assertNoErrors(page);
    await ui.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  async function open(options: Parameters<UiHarness['newPage']>[0] = {}): Promise<UiPage> {
    const tab = await ui.newPage(options);
    pages.push(tab);
    await tab.open('/files/');
    return tab;
  }

  const panel = (page: Page) => page.getByRole('region', { name: 'Transfers' });
  const row = (page: Page, name: string) =>
    panel(page).locator('.transfer').filter({ hasText: name });
  const summary = (page: Page, text: string) =>
    page.getByRole('status').filter({ hasText: text }).waitFor();
  const file = (name: string, size: number) => ({
    name,
    mimeType: 'application/octet-stream',
    buffer: randomBytes(size),
  });
  const stored = (name: string) => fs.readFileSync(path.join(root, name));
  /** Hidden partial uploads (data and record) left in a folder. */
  const partials = (folder = root) =>
    fs.readdirSync(folder).filter((name) => name.startsWith('.drawer-upload-'));

  it('sends several files three at a time, a row each, then sums up; every byte lands', async () => {
    const { page } = await open();
    const requests = recordUploads(page);
    const gate = await gateUploads(page);
    const files = [
      file('a.bin', 100_000),
      file('b.bin', 150_000),
      file('c.bin', 3_000),
      file('d.bin', 70_000),
      file('empty.bin', 0),
    ];
    await page.setInputFiles('#upload-input', files);
    await gate.held(3);
    await panel(page)
      .getByRole('heading', { name: /^Uploading 5 files/ })
      .waitFor();
    assert.equal(await panel(page).locator('.transfer[data-status="running"]').count(), 3);
    assert.equal(await panel(page).locator('.transfer[data-status="queued"]').count(), 2);
    assert.equal(await row(page, 'd.bin').locator('.transfer-detail').innerText(), 'Waiting');
    assert.equal(requests.filter((line) => line.startsWith('POST')).length, 3);
    await gate.open();
    await summary(page, '5 files uploaded');
    for (const { name, buffer } of files) assert.deepEqual(stored(name), buffer, name);
    assert.equal(
      await row(page, 'b.bin')
        .getByRole('progressbar', { name: 'b.bin' })
        .getAttribute('aria-valuenow'),
      '100',
    );
    // The listing refreshed as the files arrived.
    await page.locator('.item[data-path="/d.bin"]').waitFor();
    await panel(page).getByRole('button', { name: 'Close transfers' }).click();
    assert.equal(await panel(page).count(), 0);
  });

  it('cancels one upload: its partial is removed on the server, the others finish', async () => {
    const { page } = await open();
    const gate = await gateUploads(page, { only: /\/b\.bin\?/ });
    const files = [file('a.bin', 90_000), file('b.bin', 200_000), file('c.bin', 90_000)];
    await page.setInputFiles('#upload-input', files);
    await gate.held(1);
    const terminated = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && /\/api\/tus\/b\.bin/.test(response.url()),
    );
    await row(page, 'b.bin').getByRole('button', { name: 'Cancel b.bin' }).click();
    assert.equal((await terminated).status(), 204);
    await summary(page, '2 files uploaded');
    assert.equal(await row(page, 'b.bin').count(), 0);
    assert.deepEqual(fs.readdirSync(root).sort(), ['a.bin', 'c.bin']);
    assert.deepEqual(stored('a.bin'), files[0]?.buffer);
    await gate.close();
  });

  it('pauses and resumes from where the server is, with speed and time left while it runs', async () => {
    const tab = await ui.newPage();
    pages.push(tab);
    // Speed is measured on Playwright's clock: two seconds pass between the first chunks.
    await tab.page.clock.install();
    await tab.open('/files/');
    const { page } = tab;
    const requests = recordUploads(page);
    const gate = await gateUploads(page, {
      pass: 2,
      onChunk: async (index) => {
        if (index === 2) await page.clock.fastForward(2000);
      },
    });
    const big = file('big.bin', 8 * chunk);
    await page.setInputFiles('#upload-input', [big]);
    await gate.held(1);
    const detail = row(page, 'big.bin').locator('.transfer-detail');
    await detail.filter({ hasText: /sec left$/ }).waitFor();
    assert.match(await detail.innerText(), /^\d+ KiB of 512 KiB · [\d.]+ KiB\/s · \d+ sec left$/);
    await tab.shot('transfers-running');

    // From the keyboard: the same button turns from Pause to Resume and keeps the focus.
    await row(page, 'big.bin').getByRole('button', { name: 'Pause big.bin' }).focus();
    await page.keyboard.press('Enter');
    await detail.filter({ hasText: /^Paused · / }).waitFor();
    await panel(page).getByRole('button', { name: 'Resume all' }).waitFor();
    // The held chunk may still reach the server if the pause's abort loses the race with the gate.
    await gate.open();
    const before = requests.length;
    const headOffsets: string[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'HEAD' && /\/api\/tus\/big\.bin/.test(response.url()))
        headOffsets.push(response.headers()['upload-offset'] ?? '');
    });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(await focused(), 'Resume big.bin');
    await page.keyboard.press('Enter');
    await summary(page, '1 file uploaded');
    assert.deepEqual(stored('big.bin'), big.buffer);
    const after = requests.slice(before);
    assert.equal(after[0], 'HEAD /api/tus/big.bin', 'asks the server where it stands');
    const serverOffset = Number(headOffsets[0]);
    assert.ok(serverOffset >= 2 * chunk, `the server kept the first chunks (${headOffsets[0]})`);
    assert.equal(after[1], `PATCH /api/tus/big.bin ${serverOffset}`, 'goes on from its offset');
    assert.equal(requests.filter((line) => line.startsWith('POST')).length, 1);
  });

  it('resumes after a reload once the same file is chosen again', async () => {
    const tab = await open();
    const { page } = tab;
    const source = path.join(scratch, 'film.bin');
    const bytes = randomBytes(8 * chunk);
    fs.writeFileSync(source, bytes);
    const other = path.join(scratch, 'other.bin');
    fs.writeFileSync(other, randomBytes(1000));
    const gate = await gateUploads(page, { pass: 2 });
    await page.setInputFiles('#upload-input', source);
    await gate.held(1);
    // What is kept for later: the upload's URL and the file's description, never the token.
    const kept = await page.evaluate(() =>
      Object.entries(localStorage).filter(([key]) => key.startsWith('drawer.upload:')),
    );
    assert.equal(kept.length, 1);
    const token = await page.evaluate(() => localStorage.getItem('jwt') ?? '');
    assert.ok(token.length > 20 && !kept[0]?.[1].includes(token));
    assert.ok(kept[0]?.[1].includes('/api/tus/film.bin?id='));

    const requests = recordUploads(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.waitForSelector('#loading', { state: 'detached' });
    await gate.open();
    await summary(page, '1 upload interrupted');
    const detail = row(page, 'film.bin').locator('.transfer-detail');
    assert.equal(
      await detail.innerText(),
      'Interrupted by a reload: choose the file again to resume · 128 KiB of 512 KiB',
    );
    await tab.shot('transfers-interrupted');
    const choose = async (file: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        row(page, 'film.bin').getByRole('button', { name: 'Choose film.bin again' }).click(),
      ]);
      await chooser.setFiles(file);
    };
    await choose(other);
    await detail.filter({ hasText: 'That is another file: choose film.bin (512 KiB)' }).waitFor();
    await choose(source);
    await summary(page, '1 file uploaded');
    assert.deepEqual(stored('film.bin'), bytes);
    assert.deepEqual(requests.slice(0, 2), [
      'HEAD /api/tus/film.bin',
      `PATCH /api/tus/film.bin ${2 * chunk}`,
    ]);
    assert.equal(requests.filter((line) => line.startsWith('POST')).length, 0);
    assert.equal(
      await page.evaluate(
        () => Object.keys(localStorage).filter((key) => key.startsWith('drawer.upload:')).length,
      ),
      0,
    );
  });

  it('tells a failure in words, not codes or a proxy page, and retries what failed', async () => {
    const { page } = await open();
    let refused = 0;
    // A proxy in front refuses the first chunk of one file with its own HTML page.
    await page.route(/\/api\/tus\/huge\.bin\?id=/, async (route) => {
      if (route.request().method() !== 'PATCH' || refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 413,
        contentType: 'text/html',
        body: '<html><body><h1>413 Request Entity Too Large</h1></body></html>',
      });
    });
    const files = [file('fine.bin', 20_000), file('huge.bin', 100_000)];
    await page.setInputFiles('#upload-input', files);
    await summary(page, '1 file uploaded, 1 failed');
    const detail = row(page, 'huge.bin').locator('.transfer-detail');
    assert.equal(await detail.innerText(), 'The file is too large.');
    assert.equal(
      await panel(page)
        .getByText(/413|<h1>|http\./)
        .count(),
      0,
    );
    await panel(page).getByRole('button', { name: 'Retry', exact: true }).click();
    await summary(page, '2 files uploaded');
    assert.deepEqual(stored('huge.bin'), files[1]?.buffer);
  });

  it('shows missing rights in words for a user who may create but not replace', async () => {
    fs.writeFileSync(path.join(root, 'report.txt'), 'old');
    await addUser(ui.server, 'writer', {
      perm: {
        admin: false,
        execute: false,
        create: true,
        rename: false,
        modify: false,
        delete: false,
        share: false,
        download: true,
      },
      viewMode: 'list',
    });
    const { page } = await open({ as: { username: 'writer', password: userPassword } });
    await page.setInputFiles('#upload-input', [
      { name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('new') },
    ]);
    await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
    await summary(page, '1 failed');
    assert.equal(
      await row(page, 'report.txt').locator('.transfer-detail').innerText(),
      "You don't have permissions to access this.",
    );
    assert.equal(fs.readFileSync(path.join(root, 'report.txt'), 'utf8'), 'old');
    assert.deepEqual(partials(), []);
  });

  it('offers Replace when the name is taken between the check and the upload', async () => {
    const { page } = await open();
    await page.route(/\/api\/tus\/late\.txt\?override=false/, async (route) => {
      fs.writeFileSync(path.join(root, 'late.txt'), 'theirs');
      await route.continue();
    });
    await page.setInputFiles('#upload-input', [
      { name: 'late.txt', mimeType: 'text/plain', buffer: Buffer.from('mine') },
    ]);
    await summary(page, '1 failed');
    assert.equal(
      await row(page, 'late.txt').locator('.transfer-detail').innerText(),
      'An item with this name already exists.',
    );
    await row(page, 'late.txt').getByRole('button', { name: 'Replace late.txt' }).click();
    await summary(page, '1 file uploaded');
    assert.equal(fs.readFileSync(path.join(root, 'late.txt'), 'utf8'), 'mine');
  });

  it('is a sheet along the bottom on a phone, folded and unfolded from the keyboard', async () => {
    const { page, shot } = await open({ viewport: { width: 390, height: 800 }, hasTouch: true });
    const gate = await gateUploads(page);
    await page.setInputFiles('#upload-input', [file('phone.bin', 50_000)]);
    await gate.held(1);
    const sheet = panel(page);
    const box = await sheet.boundingBox();
    assert.ok(box);
    assert.equal(box.x, 0);
    assert.equal(box.width, 390);
    assert.equal(Math.round(box.y + box.height), 800);
    await shot('transfers-phone');
    const toggle = sheet.getByRole('button', { name: 'Hide transfers' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const show = sheet.getByRole('button', { name: 'Show transfers' });
    assert.equal(await show.getAttribute('aria-expanded'), 'false');
    assert.equal(await sheet.locator('.transfer-list').isVisible(), false);
    await page.keyboard.press('Enter');
    await sheet.locator('.transfer-list').waitFor();
    const terminated = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await sheet.getByRole('button', { name: 'Cancel all' }).click();
    assert.equal(await sheet.count(), 0);
    assert.equal((await terminated).status(), 204);
    await gate.open();
    assert.deepEqual(partials(), []);
  });
});
