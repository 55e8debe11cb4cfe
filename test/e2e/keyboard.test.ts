// Keyboard shortcuts (docs/UI.md, Input and Figures): F1, F2, Delete, Esc, Ctrl/Cmd+F, Ctrl/Cmd+S, and Ctrl/Cmd+C, X, V.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  afterFrames,
  assertNoErrors,
  doubleClick,
  setPreferences,
  startUi,
} from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import type { UiHarness, UiPage } from '../helpers/browser';

describe('keyboard shortcuts', () => {
  let ui: UiHarness;
  let tab: UiPage;
  let root: string;
  before(async () => {
    ui = await startUi();
    root = ui.server.root;
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
    tab = await ui.newPage();
  });
  beforeEach(async () => {
    for (const entry of fs.readdirSync(root))
      fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, 'box'));
    fs.writeFileSync(path.join(root, 'a.txt'), 'A');
    fs.writeFileSync(path.join(root, 'b.txt'), 'B');
    await tab.open('/files/');
    // The prompts' code is loaded here, so a prompt a key opens is drawn in the frame after it.
    await tab.page.keyboard.press('F1');
    await dialog().getByText('open file or directory').waitFor();
    await tab.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  const item = (itemPath: string) => tab.page.locator(`.item[data-path="${itemPath}"]`);
  const dialog = () => tab.page.getByRole('dialog');
  /**
   * Absence is checked two frames after the key: its handler opens a prompt at once, and React draws
   * a prompt whose code is loaded (see beforeEach) before the next frame.
   */
  const settle = () => afterFrames(tab.page);

  it('F1 opens help with the shortcut list; Esc closes it', async () => {
    await tab.page.keyboard.press('F1');
    await dialog().getByText('open file or directory').waitFor();
    await tab.shot('prompt-help');
    await tab.page.keyboard.press('Escape');
    assert.equal(await dialog().count(), 0);
  });

  it('F2 renames exactly one selected item; Delete asks to delete the selection; Esc clears it', async () => {
    await tab.page.keyboard.press('F2');
    await settle();
    assert.equal(await dialog().count(), 0, 'nothing selected');
    await item('/a.txt').click();
    await tab.page.keyboard.press('F2');
    assert.equal(await dialog().getByRole('textbox').inputValue(), 'a.txt');
    await tab.page.keyboard.press('Escape');
    await item('/b.txt').click({ modifiers: ['Control'] });
    await tab.page.keyboard.press('F2');
    await settle();
    assert.equal(await dialog().count(), 0, 'two selected');
    await tab.page.keyboard.press('Delete');
    await dialog().getByText('Are you sure you want to delete 2 file(s)?').waitFor();
    await tab.page.keyboard.press('Escape');
    assert.equal(
      await tab.page.locator('.item[aria-selected="true"]').count(),
      2,
      'Esc closed the prompt only',
    );
    await tab.page.keyboard.press('Escape');
    assert.equal(await tab.page.locator('.item[aria-selected="true"]').count(), 0);
    await tab.page.keyboard.press('Delete');
    await settle();
    assert.equal(await dialog().count(), 0, 'nothing selected');
  });

  it('Delete does nothing in the editor', async () => {
    await doubleClick(item('/a.txt'));
    await tab.page.locator('.cm-editor').waitFor();
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Delete');
    await settle();
    assert.equal(await dialog().count(), 0);
  });

  it('Ctrl+S outside the editor offers the folder download', async () => {
    await tab.page.keyboard.press('Control+s');
    await dialog().getByText('Choose the format you want to download.').waitFor();
    await tab.page.keyboard.press('Escape');
  });

  it('Ctrl+F opens the search', async () => {
    await tab.page.keyboard.press('Control+f');
    await tab.page.getByRole('dialog', { name: /search/i }).waitFor();
    await tab.page.keyboard.press('Escape');
  });

  it('Ctrl+C then Ctrl+V copies into another folder, and into the same folder as a numbered copy', async () => {
    await item('/a.txt').click();
    await tab.page.keyboard.press('Control+c');
    await tab.page.keyboard.press('Control+v');
    await tab.page.locator('.item[data-path^="/a"][data-path*="(1)"]').waitFor();
    await doubleClick(item('/box'));
    await tab.page.waitForURL(/\/files\/box\/$/);
    await tab.page.getByText('Here feels lonely...').waitFor();
    await tab.page.keyboard.press('Control+v');
    await item('/box/a.txt').waitFor();
    assert.equal(fs.readFileSync(path.join(root, 'box/a.txt'), 'utf8'), 'A');
    assert.equal(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), 'A');
  });

  it('Ctrl+X then Ctrl+V moves, asking before replacing', async () => {
    fs.writeFileSync(path.join(root, 'box/b.txt'), 'old B');
    await tab.page.locator('.listing').waitFor();
    await item('/b.txt').click();
    await tab.page.keyboard.press('Control+x');
    await doubleClick(item('/box'));
    await item('/box/b.txt').waitFor();
    await tab.page.keyboard.press('Control+v');
    await dialog().getByRole('button', { name: 'Replace' }).click();
    await tab.page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    // The move ends on the server after the dialog closes: poll for it, with a generous deadline.
    await eventually(() => !fs.existsSync(path.join(root, 'b.txt')), 'b.txt to be moved');
    assert.equal(fs.readFileSync(path.join(root, 'box/b.txt'), 'utf8'), 'B');
    assert.equal(fs.existsSync(path.join(root, 'b.txt')), false);
  });
});
