// Uploads: the buttons' hidden inputs (files, and a folder with its tree), the replace prompt on a
// clash (Replace / Keep both / Skip, at a desktop's and a phone's width), progress and the success tick, the leave-page warning, and drops from
// the desktop (onto a folder row, folders too). The transfer panel itself: transfers.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import os from 'node:os';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { supportedLocales } from '../../ui/locale-match';
import { readLocale } from '../helpers/locale-files';
import { gateUploads } from '../helpers/upload-gate';

describe('upload', () => {
  let ui: UiHarness;
  let tab: UiPage;
  let root: string;
  before(async () => {
    ui = await startUi();
    root = ui.server.root;
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
    tab = await ui.newPage();
  });
  beforeEach(() => {
    for (const entry of fs.readdirSync(root))
      fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, 'inbox'));
    fs.writeFileSync(path.join(root, 'exists.txt'), 'old');
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  const dialog = () => tab.page.getByRole('dialog');
  const read = (name: string) => fs.readFileSync(path.join(root, name), 'utf8');
  /** The panel's summary, announced once nothing is left to send. */
  const summary = (text: string) =>
    tab.page.getByRole('status').filter({ hasText: text }).waitFor();

  it('uploads chosen files without asking when no name is taken, then reloads the listing', async () => {
    await tab.open('/files/');
    await tab.page.setInputFiles('#upload-input', [
      { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('1') },
      { name: 'two words.txt', mimeType: 'text/plain', buffer: Buffer.from('22') },
    ]);
    await tab.page.locator('.item[data-path="/two words.txt"]').waitFor();
    assert.equal(read('one.txt'), '1');
    assert.equal(read('two words.txt'), '22');
    assert.equal(await dialog().count(), 0);
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    describe(`the replace prompt at ${viewport.width}×${viewport.height}`, () => {
      let page: UiPage;
      before(async () => {
        page = await ui.newPage({ viewport });
      });
      after(async () => {
        assertNoErrors(page);
        await page.close();
      });
      const files = [
        { name: 'exists.txt', mimeType: 'text/plain', buffer: Buffer.from('new') },
        { name: 'other.txt', mimeType: 'text/plain', buffer: Buffer.from('other') },
      ];
      const choose = async (name: string) => {
        await page.open('/files/');
        await page.page.setInputFiles('#upload-input', files);
        const prompt = page.page.getByRole('dialog');
        await prompt.getByText('keep both (the new ones get a number)').waitFor();
        // It says which names are taken: only those.
        await prompt.getByText('Already in this folder:').waitFor();
        assert.deepEqual(
          await prompt.getByRole('list', { name: 'Names already in this folder' }).innerText(),
          'exists.txt',
        );
        // Exactly the three choices, each inside the window.
        const buttons = prompt.getByRole('button');
        assert.deepEqual(await buttons.allInnerTexts(), ['Skip', 'Keep both', 'Replace']);
        for (const box of await Promise.all((await buttons.all()).map((b) => b.boundingBox())))
          assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width);
        await prompt.getByRole('button', { name }).click();
      };
      const summary = (text: string) =>
        page.page.getByRole('status').filter({ hasText: text }).waitFor();

      it('Replace overwrites the existing file', async () => {
        await choose('Replace');
        await summary('2 files uploaded');
        assert.equal(read('exists.txt'), 'new');
        assert.equal(read('other.txt'), 'other');
      });

      it('Keep both uploads under the first free number and leaves the old file', async () => {
        fs.writeFileSync(path.join(root, 'exists (1).txt'), 'earlier copy');
        await choose('Keep both');
        await summary('2 files uploaded');
        assert.equal(read('exists.txt'), 'old');
        assert.equal(read('exists (1).txt'), 'earlier copy');
        assert.equal(read('exists (2).txt'), 'new');
        assert.equal(read('other.txt'), 'other');
        await page.page.locator('.item[data-path="/exists (2).txt"]').waitFor();
      });

      it('Skip leaves the file out and says so in the summary', async () => {
        await choose('Skip');
        await summary('1 file uploaded, 1 skipped');
        assert.equal(read('exists.txt'), 'old');
        assert.equal(read('other.txt'), 'other');
        assert.equal(
          await page.page.locator('.transfer[data-status="skipped"]').innerText(),
          'exists.txt\nSkipped: the name exists',
        );
        await page.shot(`upload-skipped-${viewport.width}`);
      });
    });
  }

  it('lists the taken names in a short scrolling list: the first 20, then how many more', async () => {
    const names = Array.from(
      { length: 23 },
      (_, index) => `taken ${String(index + 1).padStart(2, '0')}.txt`,
    );
    for (const name of names) fs.writeFileSync(path.join(root, name), 'old');
    for (const [viewport, colorScheme] of [
      [{ width: 1366, height: 800 }, 'light'],
      [{ width: 390, height: 844 }, 'dark'],
    ] as const) {
      const page = await ui.newPage({ viewport, colorScheme });
      await page.open('/files/');
      await page.page.setInputFiles('#upload-input', [
        ...names.map((name) => ({ name, mimeType: 'text/plain', buffer: Buffer.from('new') })),
        { name: 'free.txt', mimeType: 'text/plain', buffer: Buffer.from('free') },
      ]);
      const prompt = page.page.getByRole('dialog');
      const list = prompt.getByRole('list', { name: 'Names already in this folder' });
      await list.waitFor();
      assert.deepEqual(await list.getByRole('listitem').allInnerTexts(), names.slice(0, 20));
      await prompt.getByText('and 3 more').waitFor();
      const scrolls = await list.evaluate(
        (element) =>
          element.scrollHeight > element.clientHeight &&
          element.getBoundingClientRect().height < window.innerHeight / 3,
      );
      assert.ok(scrolls, 'a short list that scrolls');
      await page.shot(`replace-prompt-names-${viewport.width}-${colorScheme}`);
      await page.page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached' });
      assertNoErrors(page);
      await page.close();
    }
    assert.equal(read('taken 01.txt'), 'old');
    assert.equal(fs.existsSync(path.join(root, 'free.txt')), false, 'Esc cancels the upload');
  });

  it('fits the replace prompt on a phone in every language, its buttons whole', async () => {
    const token = await ui.server.adminToken();
    const sizes = [
      { width: 390, height: 844 },
      { width: 1366, height: 800 },
    ];
    const page = await ui.newPage({ viewport: sizes[0] });
    try {
      for (const locale of supportedLocales)
        for (const viewport of locale === 'de' || locale === 'ar' ? sizes : sizes.slice(0, 1)) {
          await setPreferences(ui.server, token, 1, { locale });
          await page.page.setViewportSize(viewport);
          await page.open('/files/');
          await page.page.setInputFiles('#upload-input', [
            { name: 'exists.txt', mimeType: 'text/plain', buffer: Buffer.from('new') },
          ]);
          const buttons = page.page.getByRole('dialog').getByRole('button');
          await buttons.nth(2).waitFor();
          assert.equal(await buttons.count(), 3, locale);
          assert.equal(await buttons.nth(2).innerText(), readLocale(locale).get('buttons.replace'));
          for (const button of await buttons.all()) {
            const fits = await button.evaluate(
              (element) =>
                element.scrollWidth <= element.clientWidth &&
                element.getBoundingClientRect().left >= 0 &&
                element.getBoundingClientRect().right <= window.innerWidth,
            );
            assert.ok(fits, `${locale}: ${await button.innerText()} fits`);
          }
          await page.shot(`replace-prompt-${locale}-${viewport.width}`);
        }
    } finally {
      await setPreferences(ui.server, token, 1, { locale: 'en' });
      await page.close();
    }
    assert.equal(read('exists.txt'), 'old');
  });

  it('Keep both takes the next number when its name is taken meanwhile, never overwriting', async () => {
    await tab.open('/files/');
    await tab.page.route(/\/api\/tus\/exists%20\(1\)\.txt\?override=false/, async (route) => {
      fs.writeFileSync(path.join(root, 'exists (1).txt'), 'theirs');
      await route.continue();
    });
    await tab.page.setInputFiles('#upload-input', [
      { name: 'exists.txt', mimeType: 'text/plain', buffer: Buffer.from('mine') },
    ]);
    await dialog().getByRole('button', { name: 'Keep both' }).click();
    await summary('1 file uploaded');
    await tab.page.unrouteAll();
    assert.equal(read('exists.txt'), 'old');
    assert.equal(read('exists (1).txt'), 'theirs');
    assert.equal(read('exists (2).txt'), 'mine');
  });

  it('Esc cancels the upload at the replace prompt', async () => {
    await tab.open('/files/');
    await tab.page.setInputFiles('#upload-input', [
      { name: 'exists.txt', mimeType: 'text/plain', buffer: Buffer.from('new') },
    ]);
    await dialog().getByRole('button', { name: 'Skip' }).waitFor();
    await tab.page.keyboard.press('Escape');
    assert.equal(await dialog().count(), 0);
    assert.equal(read('exists.txt'), 'old');
  });

  it('shows the averaged progress, warns before leaving, then a success tick', async () => {
    const page = await ui.newPage();
    // The tick's 1000 ms pass on Playwright's clock, not in real time.
    await page.page.clock.install();
    await page.open('/files/');
    const gate = await gateUploads(page.page);
    await page.page.setInputFiles('#upload-input', [
      {
        name: 'big.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(512 * 1024, 7),
      },
      { name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('s') },
    ]);
    await gate.held(2);
    const bar = page.page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    const button = page.page.getByRole('button', { name: 'Upload files' });
    assert.equal(await button.getAttribute('data-state'), 'loading');
    const leaving = () =>
      page.page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    assert.equal(await leaving(), true);
    await gate.open();
    await page.page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Upload files"]')?.getAttribute('data-state') ===
        'success',
    );
    assert.equal(await bar.count(), 0);
    assert.equal(fs.statSync(path.join(root, 'big.bin')).size, 512 * 1024);
    await page.page.clock.fastForward(1000);
    await page.page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Upload files"]')?.getAttribute('data-state') ===
        'idle',
    );
    assert.equal(await leaving(), false);
    assertNoErrors(page);
    await page.close();
  });

  it('uploads files dropped on the listing into the folder, and onto a folder row into that folder', async () => {
    await tab.open('/files/');
    // The listing renders after the page opens: the drop targets must be there first.
    await tab.page.locator('.item[data-path="/inbox"]').waitFor();
    await tab.page.evaluate(() => {
      const drop = (target: Element, name: string) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([`content of ${name}`], name, { type: 'text/plain' }));
        for (const type of ['dragover', 'drop'])
          target.dispatchEvent(
            new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
          );
      };
      drop(document.querySelector('.listing-body')!, 'dropped.txt');
      drop(document.querySelector('.item[data-path="/inbox"]')!, 'into-folder.txt');
    });
    await tab.page.locator('.item[data-path="/dropped.txt"]').waitFor();
    // Two drops, two batches: the second may start after the first is done, on a fresh list.
    await tab.page
      .locator('.transfer[data-status="done"]')
      .filter({ hasText: 'into-folder.txt' })
      .waitFor();
    assert.equal(read('dropped.txt'), 'content of dropped.txt');
    assert.equal(read('inbox/into-folder.txt'), 'content of into-folder.txt');
  });

  it('uploads a dropped folder with its subfolders, empty ones included', async () => {
    await tab.open('/files/');
    await tab.page.locator('.item[data-path="/inbox"]').waitFor();
    await tab.page.evaluate(() => {
      type Entry = { name: string; isFile: boolean; isDirectory: boolean };
      const file = (name: string, text: string) => ({
        name,
        isFile: true,
        isDirectory: false,
        file: (resolve: (file: File) => void) => resolve(new File([text], name)),
      });
      const folder = (name: string, children: Entry[]) => ({
        name,
        isFile: false,
        isDirectory: true,
        createReader: () => {
          let given = false;
          return {
            readEntries: (resolve: (entries: Entry[]) => void) => {
              const batch = given ? [] : children;
              given = true;
              resolve(batch);
            },
          };
        },
      });
      const tree = folder('photos', [
        file('a.jpg', 'A'),
        folder('2024', [file('b.jpg', 'B')]),
        folder('empty', []),
      ]);
      const transfer = {
        types: ['Files'],
        files: [],
        items: [{ kind: 'file', webkitGetAsEntry: () => tree }],
      };
      for (const type of ['dragover', 'drop']) {
        const event = new Event(type, { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'dataTransfer', { value: transfer });
        document.querySelector('.listing-body')!.dispatchEvent(event);
      }
    });
    await tab.page.locator('.item[data-path="/photos"]').waitFor();
    await summary('2 files uploaded');
    assert.equal(read('photos/a.jpg'), 'A');
    assert.equal(read('photos/2024/b.jpg'), 'B');
    assert.ok(fs.statSync(path.join(root, 'photos/empty')).isDirectory());
  });

  it('Keep both puts a folder whose name exists under a numbered folder name, its tree inside', async () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-folder-'));
    try {
      fs.mkdirSync(path.join(source, 'inbox', 'deep'), { recursive: true });
      fs.writeFileSync(path.join(source, 'inbox', 'deep', 'mail.txt'), 'mail');
      fs.writeFileSync(path.join(root, 'inbox', 'kept.txt'), 'kept');
      await tab.open('/files/');
      const [chooser] = await Promise.all([
        tab.page.waitForEvent('filechooser'),
        tab.page.getByRole('button', { name: 'Upload folder' }).click(),
      ]);
      await chooser.setFiles(path.join(source, 'inbox'));
      await dialog().getByRole('button', { name: 'Keep both' }).click();
      await summary('1 file uploaded');
      assert.equal(read('inbox (1)/deep/mail.txt'), 'mail');
      assert.deepEqual(fs.readdirSync(path.join(root, 'inbox')), ['kept.txt']);
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
    }
  });

  it('uploads a folder chosen with the Upload folder button, keeping its tree', async () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-folder-'));
    try {
      const tree = path.join(source, 'album');
      fs.mkdirSync(path.join(tree, '2024', 'summer'), { recursive: true });
      fs.writeFileSync(path.join(tree, 'cover.txt'), 'cover');
      fs.writeFileSync(path.join(tree, '2024', 'a.txt'), 'A');
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256));
      fs.writeFileSync(path.join(tree, '2024', 'summer', 'beach.bin'), bytes);
      await tab.open('/files/');
      const [chooser] = await Promise.all([
        tab.page.waitForEvent('filechooser'),
        tab.page.getByRole('button', { name: 'Upload folder' }).click(),
      ]);
      await chooser.setFiles(tree);
      await summary('3 files uploaded');
      await tab.page.locator('.item[data-path="/album"]').waitFor();
      assert.equal(read('album/cover.txt'), 'cover');
      assert.equal(read('album/2024/a.txt'), 'A');
      assert.deepEqual(fs.readFileSync(path.join(root, 'album/2024/summer/beach.bin')), bytes);
      // The rows name each file by its place in the tree.
      const panel = tab.page.getByRole('region', { name: 'Transfers' });
      await panel.getByText('album/2024/summer/beach.bin').waitFor();
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
    }
  });
});
