// Uploads: the button's hidden input, the replace prompt on a clash (Replace / Continue), progress and
// the success tick, the leave-page warning, and drops from the desktop (onto a folder row, folders too).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

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

  it('asks before replacing: Replace overwrites, Continue keeps the old file', async () => {
    await tab.open('/files/');
    const files = [
      { name: 'exists.txt', mimeType: 'text/plain', buffer: Buffer.from('new') },
      { name: 'other.txt', mimeType: 'text/plain', buffer: Buffer.from('other') },
    ];
    await tab.page.setInputFiles('#upload-input', files);
    await dialog().getByText('Do you wish to replace the existing file?').waitFor();
    await dialog().getByRole('button', { name: 'Continue' }).click();
    await tab.page.locator('.item[data-path="/other.txt"]').waitFor();
    assert.equal(read('exists.txt'), 'old');

    await tab.page.setInputFiles('#upload-input', files);
    await dialog().getByRole('button', { name: 'Replace' }).click();
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Upload"]')?.getAttribute('data-state') === 'idle',
    );
    assert.equal(read('exists.txt'), 'new');

    await tab.page.setInputFiles('#upload-input', files.slice(0, 1));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await dialog().count(), 0);
  });

  it('shows the averaged progress, warns before leaving, then a success tick', async () => {
    await tab.open('/files/');
    const cdp = await tab.context.newCDPSession(tab.page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await tab.page.setInputFiles('#upload-input', [
      {
        name: 'big.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(512 * 1024, 7),
      },
    ]);
    const bar = tab.page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    assert.equal(
      await tab.page.getByRole('button', { name: 'Upload' }).getAttribute('data-state'),
      'loading',
    );
    const warned = await tab.page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(warned, true);
    await tab.page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Upload"]')?.getAttribute('data-state') === 'success',
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    assert.equal(fs.statSync(path.join(root, 'big.bin')).size, 512 * 1024);
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Upload"]')?.getAttribute('data-state') === 'idle',
    );
    assert.equal(await bar.count(), 0);
    const calm = await tab.page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(calm, false);
  });

  it('uploads files dropped on the listing into the folder, and onto a folder row into that folder', async () => {
    await tab.open('/files/');
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
    await tab.page.waitForFunction(() => true);
    for (
      let attempt = 0;
      attempt < 50 && !fs.existsSync(path.join(root, 'inbox/into-folder.txt'));
      attempt++
    )
      await tab.page.waitForTimeout(100);
    assert.equal(read('dropped.txt'), 'content of dropped.txt');
    assert.equal(read('inbox/into-folder.txt'), 'content of into-folder.txt');
  });

  it('uploads a dropped folder with its subfolders, empty ones included', async () => {
    await tab.open('/files/');
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
    for (
      let attempt = 0;
      attempt < 50 && !fs.existsSync(path.join(root, 'photos/2024/b.jpg'));
      attempt++
    )
      await tab.page.waitForTimeout(100);
    assert.equal(read('photos/a.jpg'), 'A');
    assert.equal(read('photos/2024/b.jpg'), 'B');
    assert.ok(fs.statSync(path.join(root, 'photos/empty')).isDirectory());
  });
});
