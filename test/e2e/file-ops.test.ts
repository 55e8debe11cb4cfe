// File operations through the prompts: new file and folder, rename, delete, move and copy with the
// folder picker (and the replace prompt on a clash), download formats, and info with a checksum.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Request } from 'playwright-core';
import { formatSize } from '../../ui/components/format';
import {
  afterFrames,
  appPath,
  assertNoErrors,
  doubleClick,
  setPreferences,
  startUi,
} from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

describe('file operations', () => {
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
    fs.mkdirSync(path.join(root, 'docs/inner'), { recursive: true });
    fs.mkdirSync(path.join(root, 'target'));
    fs.writeFileSync(path.join(root, 'note.txt'), 'hello note');
    fs.writeFileSync(path.join(root, 'docs/report.txt'), 'report');
    fs.writeFileSync(path.join(root, 'target/note.txt'), 'old note');
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  const item = (itemPath: string) => tab.page.locator(`.item[data-path="${itemPath}"]`);
  const dialog = () => tab.page.getByRole('dialog');

  it('creates a file from the sidebar, trimming the name, and opens it in the editor', async () => {
    await tab.open('/files/docs/');
    await tab.page.getByRole('button', { name: 'New file' }).click();
    await dialog().getByRole('textbox').fill('  fresh.md  ');
    await tab.shot('prompt-new-file');
    await dialog().getByRole('button', { name: 'Create' }).click();
    await tab.page.waitForURL(/\/files\/docs\/fresh\.md$/);
    await tab.page.locator('.cm-editor').waitFor();
    assert.equal(fs.readFileSync(path.join(root, 'docs/fresh.md'), 'utf8'), '');
  });

  it('creates a folder and enters it', async () => {
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'New folder' }).click();
    await dialog().getByRole('textbox').fill('My Folder ');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(/\/files\/My%20Folder\/$/);
    await tab.page.getByText('Here feels lonely...').waitFor();
    assert.ok(fs.statSync(path.join(root, 'My Folder')).isDirectory());
  });

  it('refuses a new folder whose name is taken, saying so beside the name, and stays', async () => {
    await tab.open('/files/');
    for (const taken of ['docs', 'note.txt']) {
      await tab.page.getByRole('button', { name: 'New folder' }).click();
      const input = dialog().getByRole('textbox');
      await input.fill(taken);
      await tab.page.keyboard.press('Enter');
      await dialog()
        .getByRole('alert')
        .getByText('An item with this name already exists.')
        .waitFor();
      assert.equal(await input.getAttribute('aria-invalid'), 'true');
      assert.equal(appPath(tab.page, ui.server), '/files/');
      if (taken === 'docs') await tab.shot('prompt-new-folder-taken');
      // A new name clears the complaint, and Create works again.
      await input.fill(`${taken}-2`);
      assert.equal(await dialog().getByRole('alert').count(), 0);
      await tab.page.keyboard.press('Escape');
    }
    assert.deepEqual(fs.readdirSync(path.join(root, 'docs')).sort(), ['inner', 'report.txt']);
    assert.ok(fs.statSync(path.join(root, 'note.txt')).isFile());
  });

  it('renames the selected item from the header and reloads the listing', async () => {
    await tab.open('/files/');
    await item('/note.txt').click();
    await tab.page.getByRole('button', { name: 'Rename' }).click();
    const input = dialog().getByRole('textbox');
    assert.equal(await input.inputValue(), 'note.txt');
    await input.fill('renamed.txt');
    await dialog().getByRole('button', { name: 'Rename' }).click();
    await item('/renamed.txt').waitFor();
    assert.ok(fs.existsSync(path.join(root, 'renamed.txt')));
    assert.equal(appPath(tab.page, ui.server), '/files/');
  });

  it('says a taken name beside it when a rename clashes, and "Something went wrong" when a rename fails', async () => {
    fs.writeFileSync(path.join(root, 'taken.txt'), 'x');
    await tab.open('/files/');
    await item('/note.txt').click();
    await tab.page.getByRole('button', { name: 'Rename' }).click();
    await dialog().getByRole('textbox').fill('taken.txt');
    await dialog().getByRole('button', { name: 'Rename' }).click();
    await dialog().getByRole('alert').getByText('An item with this name already exists.').waitFor();
    assert.equal(fs.readFileSync(path.join(root, 'taken.txt'), 'utf8'), 'x');

    fs.rmSync(path.join(root, 'note.txt'));
    await dialog().getByRole('textbox').fill('fresh.txt');
    await dialog().getByRole('button', { name: 'Rename' }).click();
    await dialog().getByText('Something went wrong').waitFor();
    // Words only; the status and the error's code wait under Details.
    assert.equal(
      await dialog().locator('.prompt-error').innerText(),
      "This location can't be reached.",
    );
    const details = dialog().getByRole('group').filter({ hasText: 'Details' });
    assert.equal(await details.getByText(/HTTP 404/).isVisible(), false);
    await details.getByText('Details').click();
    assert.match(await details.getByText(/HTTP 404/).innerText(), /^HTTP 404 · fs\.notFound/);
    await tab.shot('prompt-error');
    await dialog().getByRole('button', { name: 'Close' }).click();
    assert.equal(await dialog().count(), 0);
  });

  it('deletes selected items after confirmation, and the open file goes to its parent', async () => {
    await tab.open('/files/');
    await item('/note.txt').click();
    await item('/target').click({ modifiers: ['Control'] });
    await tab.page.getByRole('button', { name: 'Delete' }).click();
    await dialog().getByText('Are you sure you want to delete 2 file(s)?').waitFor();
    await tab.shot('prompt-delete');
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await tab.page.waitForFunction(() => !document.querySelector('.item[data-path="/note.txt"]'));
    assert.equal(fs.existsSync(path.join(root, 'note.txt')), false);
    assert.equal(fs.existsSync(path.join(root, 'target')), false);

    await tab.open('/files/docs/');
    await doubleClick(item('/docs/report.txt'));
    await tab.page.locator('.cm-editor').waitFor();
    await tab.page.getByRole('button', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await tab.page.waitForURL(/\/files\/docs\/$/);
    assert.equal(fs.existsSync(path.join(root, 'docs/report.txt')), false);
  });

  it('moves with the folder picker: ".." goes up, the current folder disables Move, then it goes there', async () => {
    await tab.open('/files/docs/');
    await item('/docs/report.txt').click();
    await tab.page.getByRole('button', { name: 'Move' }).click();
    const move = dialog().getByRole('button', { name: 'Move' });
    assert.equal(await move.isDisabled(), true);
    await dialog().getByRole('option', { name: '..' }).click();
    await dialog().getByRole('option', { name: 'target' }).click();
    await tab.shot('prompt-move');
    assert.equal(await move.isDisabled(), false);
    await move.click();
    await tab.page.waitForURL(/\/files\/target\/$/);
    await item('/target/report.txt').waitFor();
    assert.equal(fs.readFileSync(path.join(root, 'target/report.txt'), 'utf8'), 'report');
    assert.equal(fs.existsSync(path.join(root, 'docs/report.txt')), false);
  });

  it('moves items dragged onto a folder row, but a selected folder refuses the drop', async () => {
    await tab.open('/files/');
    await item('/note.txt').dragTo(item('/docs'));
    await tab.page.waitForFunction(() => !document.querySelector('.item[data-path="/note.txt"]'));
    assert.equal(fs.readFileSync(path.join(root, 'docs/note.txt'), 'utf8'), 'hello note');
    await item('/docs').click();
    await item('/target').click({ modifiers: ['Control'] });
    // A drop starts its move at once (the move code is loaded by the first drag): none is asked for.
    const asked: string[] = [];
    const record = (request: Request) => {
      if (request.method() !== 'GET') asked.push(`${request.method()} ${request.url()}`);
    };
    tab.page.on('request', record);
    await item('/target').dragTo(item('/docs'));
    await afterFrames(tab.page);
    tab.page.off('request', record);
    assert.deepEqual(asked, [], 'a selected folder is no drop target');
    assert.ok(fs.existsSync(path.join(root, 'target')));
  });

  it('copies onto an existing name only after the replace prompt: Replace, Keep both or Skip', async () => {
    const copyNoteToTarget = async (choice: string) => {
      await tab.open('/files/');
      await item('/note.txt').click();
      await tab.page.getByRole('button', { name: 'Copy' }).click();
      await dialog().getByRole('option', { name: 'target' }).dblclick();
      await dialog().getByText('Destination: /target').waitFor();
      await dialog().getByRole('button', { name: 'Copy' }).click();
      await dialog().getByText('keep both (the new ones get a number)').waitFor();
      assert.deepEqual(
        await dialog().getByRole('list', { name: 'Names already in this folder' }).innerText(),
        'note.txt',
      );
      await tab.shot('prompt-replace');
      await dialog().getByRole('button', { name: choice }).click();
      await tab.page.waitForURL(/\/files\/target\/$/);
    };
    const target = (name: string) => path.join(root, 'target', name);
    await copyNoteToTarget('Replace');
    assert.equal(fs.readFileSync(target('note.txt'), 'utf8'), 'hello note');
    assert.equal(fs.readFileSync(path.join(root, 'note.txt'), 'utf8'), 'hello note');
    fs.writeFileSync(target('note.txt'), 'theirs');
    await copyNoteToTarget('Keep both');
    assert.equal(fs.readFileSync(target('note.txt'), 'utf8'), 'theirs');
    assert.equal(fs.readFileSync(target('note (1).txt'), 'utf8'), 'hello note');
    await copyNoteToTarget('Skip');
    assert.deepEqual(fs.readdirSync(path.join(root, 'target')).sort(), [
      'note (1).txt',
      'note.txt',
    ]);
    assert.equal(fs.readFileSync(target('note.txt'), 'utf8'), 'theirs');
  });

  it('offers the archive formats for a folder and downloads the chosen one', async () => {
    await tab.open('/files/');
    await item('/docs').click();
    await tab.page.getByRole('button', { name: 'Download' }).click();
    await dialog().locator('.format').first().waitFor();
    const formats = await dialog().locator('.format').allTextContents();
    assert.deepEqual(formats, ['zip', 'tar', 'tar.gz', 'tar.bz2', 'tar.xz', 'tar.lz4', 'tar.sz']);
    await tab.shot('prompt-download');
    const [download] = await Promise.all([
      tab.page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'tar.gz' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'docs.tar.gz');
    // A ticket for the folder travels in the link, never the session token; the progress name is
    // how the transfer panel asks after the archive.
    assert.match(
      download.url(),
      /\/api\/raw\/docs\?algo=targz&progress=[\w-]{16,64}&ticket=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const saved = fs.statSync(String(await download.path())).size;
    const archiveRow = tab.page.locator('.transfer[data-kind="archive"]');
    await archiveRow.and(tab.page.locator('[data-status="done"]')).waitFor();
    assert.equal(await archiveRow.locator('.transfer-name').innerText(), 'docs.tar.gz');
    assert.equal(
      await archiveRow.locator('.transfer-detail').innerText(),
      `Sent · ${formatSize(saved)}`,
    );
    await tab.page.getByRole('button', { name: 'Remove docs.tar.gz from the list' }).click();
    assert.equal(await archiveRow.count(), 0);
    const [single] = await Promise.all([
      tab.page.waitForEvent('download'),
      (async () => {
        await item('/note.txt').click();
        await tab.page.getByRole('button', { name: 'Download' }).click();
      })(),
    ]);
    assert.equal(single.suggestedFilename(), 'note.txt');
  });

  it('downloads several items as one archive of the chosen format', async () => {
    await tab.open('/files/');
    await item('/docs').click();
    await item('/note.txt').click({ modifiers: ['Control'] });
    await tab.page.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      tab.page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'zip', exact: true }).click(),
    ]);
    // Items are named relative to their folder, which the ticket is for.
    assert.match(
      download.url(),
      /\/api\/raw\/\?files=docs%2Cnote\.txt&algo=zip&progress=[\w-]+&ticket=/,
    );
  });

  it('shows info with a checksum on demand, and folder counts', async () => {
    await tab.open('/files/');
    await item('/note.txt').click();
    await tab.page.getByRole('button', { name: 'Info' }).click();
    await dialog().getByText('Display name:').waitFor();
    assert.equal(await dialog().locator('code.checksum').count(), 0);
    await dialog().getByRole('button', { name: 'Show SHA256' }).click();
    const expected = createHash('sha256').update('hello note').digest('hex');
    assert.equal(
      await dialog().locator('code.checksum[data-algorithm="sha256"]').textContent(),
      expected,
    );
    await tab.shot('prompt-info');
    await tab.page.keyboard.press('Escape');
    await tab.page.keyboard.press('Escape');
    await tab.page.getByRole('button', { name: 'Info' }).click();
    const text = await dialog().innerText();
    assert.match(text, /Number of files:\s*1/);
    assert.match(text, /Number of directories:\s*2/);
    await tab.page.locator('.overlay').click({ position: { x: 5, y: 5 } });
    assert.equal(await dialog().count(), 0);
  });

  it('shows the total size of everything below a folder, the shown one or a selected one', async () => {
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Info' }).click();
    // note.txt 10 + docs/report.txt 6 + target/note.txt 8 bytes.
    const total = dialog().locator('.folder-total');
    await total.waitFor();
    assert.equal(await total.textContent(), '24 B');
    assert.match(await dialog().innerText(), /Total size:\s*24 B/);
    await tab.shot('prompt-info-folder-total');
    await tab.page.keyboard.press('Escape');
    await item('/docs').click();
    await tab.page.getByRole('button', { name: 'Info' }).click();
    await dialog().locator('.folder-total').waitFor();
    assert.equal(await dialog().locator('.folder-total').textContent(), '6 B');
    await tab.page.keyboard.press('Escape');
  });

  it('copies a checksum with its button and shows the exact date beside the relative one', async () => {
    const old = new Date('2021-03-04T10:00:00Z');
    fs.utimesSync(path.join(root, 'note.txt'), old, old);
    for (const [size, viewport] of [
      ['desktop', { width: 1366, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const page = await ui.newPage({ viewport });
      await page.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.open('/files/');
      await page.page.locator('.item[data-path="/note.txt"]').click();
      // A selection's actions are in its bar, at both sizes.
      await page.page
        .getByRole('toolbar', { name: 'Actions on the selection' })
        .getByRole('button', { name: 'Info' })
        .click();
      const info = page.page.getByRole('dialog');
      await info.getByRole('button', { name: 'Show MD5' }).click();
      await info.getByRole('button', { name: 'Copy MD5' }).click();
      await page.page.getByRole('status').filter({ hasText: 'Copied!' }).waitFor();
      const copied = await page.page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, createHash('md5').update('hello note').digest('hex'));
      const modified = await info.locator('time').innerText();
      assert.match(modified, /years? ago/);
      assert.match(modified, /2021/);
      await page.shot(`prompt-info-copy-${size}`);
      assertNoErrors(page);
      await page.close();
    }
  });
});
