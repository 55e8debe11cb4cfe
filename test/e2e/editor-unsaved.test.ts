// Unsaved editor changes: the modified marker, and the Save / Discard / Cancel dialog before leaving
// by a breadcrumb, another file, back and forward, logout; closing the tab asks the browser's question.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { appPath, assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { readLocale } from '../helpers/locale-files';

describe('unsaved editor changes', () => {
  let ui: UiHarness;
  let root: string;
  before(async () => {
    ui = await startUi({
      setup: (folder) => {
        fs.mkdirSync(path.join(folder, 'notes'));
      },
    });
    root = ui.server.root;
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
  });
  after(() => ui.close());
  beforeEach(() => {
    fs.writeFileSync(path.join(root, 'notes', 'todo.txt'), 'milk\n');
    fs.writeFileSync(path.join(root, 'notes', 'other.txt'), 'eggs\n');
  });

  const onDisk = () => fs.readFileSync(path.join(root, 'notes', 'todo.txt'), 'utf8');

  /** Opens notes/todo.txt from its folder (so Back leads to the folder) and types into it. */
  async function editTodo(tab: UiPage) {
    await tab.open('/files/notes/');
    await tab.page.locator('.item[data-path="/notes/todo.txt"]').dblclick();
    await tab.page.locator('.cm-editor').waitFor();
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+End');
    await tab.page.keyboard.type('bread');
  }

  const dialogOf = (tab: UiPage) => tab.page.getByRole('dialog', { name: 'Unsaved changes' });

  it('marks the file as modified, and saving with Ctrl+S clears the mark', async () => {
    const tab = await ui.newPage({ viewport: { width: 1366, height: 800 } });
    await tab.open('/files/notes/todo.txt');
    await tab.page.locator('.cm-editor').waitFor();
    const marker = tab.page.locator('.editor-bar').getByText('Unsaved changes');
    assert.equal(await marker.count(), 0);
    // Save and Close say what they do, and the keys are written out.
    await tab.page.getByRole('button', { name: 'Save' }).waitFor();
    await tab.page.locator('.editor-bar').getByRole('button', { name: 'Close' }).waitFor();
    await tab.page.locator('.editor-bar').getByText('CTRL + S').waitFor();
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+Home');
    await tab.page.keyboard.type('cheese ');
    await marker.waitFor();
    await tab.shot('editor-unsaved-wide');
    await tab.page.keyboard.press('Control+s');
    await marker.waitFor({ state: 'detached' });
    assert.equal(onDisk(), 'cheese milk\n');
    assertNoErrors(tab);
    await tab.close();
  });

  it('asks before a breadcrumb leaves: Cancel stays with the changes, Discard leaves them unsaved', async () => {
    const tab = await ui.newPage();
    await editTodo(tab);
    await tab.page.getByRole('navigation', { name: 'Location' }).getByText('notes').click();
    await dialogOf(tab).waitFor();
    await tab.shot('editor-unsaved-dialog');
    await dialogOf(tab).getByRole('button', { name: 'Cancel' }).click();
    await dialogOf(tab).waitFor({ state: 'detached' });
    assert.equal(appPath(tab.page, ui.server), '/files/notes/todo.txt');
    assert.match(await tab.page.locator('.cm-content').innerText(), /milk\s*bread/);
    // Esc is Cancel too.
    await tab.page.getByRole('navigation', { name: 'Location' }).getByText('notes').click();
    await dialogOf(tab).waitFor();
    await tab.page.keyboard.press('Escape');
    await dialogOf(tab).waitFor({ state: 'detached' });
    assert.equal(appPath(tab.page, ui.server), '/files/notes/todo.txt');

    await tab.page.getByRole('navigation', { name: 'Location' }).getByText('notes').click();
    await dialogOf(tab).getByRole('button', { name: 'Discard' }).click();
    await tab.page.waitForURL(/\/files\/notes\/$/);
    await tab.page.locator('.item[data-path="/notes/todo.txt"]').waitFor();
    assert.equal(onDisk(), 'milk\n');
    assertNoErrors(tab);
    await tab.close();
  });

  it('saves from the dialog, then goes where the user clicked (another file)', async () => {
    const tab = await ui.newPage();
    await editTodo(tab);
    await tab.page.getByRole('button', { name: 'Search...' }).click();
    await tab.page.getByLabel('Search in this folder').fill('other');
    await tab.page.keyboard.press('Enter');
    await tab.page.getByRole('link', { name: './other.txt' }).click();
    await dialogOf(tab).getByRole('button', { name: 'Save' }).click();
    await tab.page.waitForURL(/\/files\/notes\/other\.txt$/);
    assert.equal(onDisk(), 'milk\nbread');
    await tab.page.locator('.cm-content').getByText('eggs').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('asks on Back and Forward, and the Close button leaves without asking once saved', async () => {
    const tab = await ui.newPage();
    await editTodo(tab);
    await tab.page.goBack();
    await dialogOf(tab).waitFor();
    await dialogOf(tab).getByRole('button', { name: 'Cancel' }).click();
    assert.equal(appPath(tab.page, ui.server), '/files/notes/todo.txt');
    assert.match(await tab.page.locator('.cm-content').innerText(), /bread/);
    await tab.page.goBack();
    await dialogOf(tab).getByRole('button', { name: 'Discard' }).click();
    await tab.page.waitForURL(/\/files\/notes\/$/);
    assert.equal(onDisk(), 'milk\n');

    await tab.page.goForward();
    await tab.page.waitForURL(/\/files\/notes\/todo\.txt$/);
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+Home');
    await tab.page.keyboard.type('jam ');
    await tab.page.getByRole('button', { name: 'Save' }).click();
    await tab.page
      .locator('.editor-bar')
      .getByText('Unsaved changes')
      .waitFor({ state: 'detached' });
    await tab.page.locator('.editor-bar').getByRole('button', { name: 'Close' }).click();
    await tab.page.waitForURL(/\/files\/notes\/$/);
    assert.equal(await dialogOf(tab).count(), 0);
    assert.equal(onDisk(), 'jam milk\n');
    assertNoErrors(tab);
    await tab.close();
  });

  it('holds the tab open (beforeunload) while there are changes, and not after saving', async () => {
    const tab = await ui.newPage();
    await editTodo(tab);
    // The browser asks its own question when a beforeunload listener cancels the event.
    const unloadRefused = () =>
      tab.page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    assert.equal(await unloadRefused(), true);
    await tab.page.keyboard.press('Control+s');
    await tab.page
      .locator('.editor-bar')
      .getByText('Unsaved changes')
      .waitFor({ state: 'detached' });
    assert.equal(await unloadRefused(), false);
    assertNoErrors(tab);
    await tab.close();
  });

  it('speaks German and Arabic: the marker, the dialog and Close', async () => {
    for (const [locale, viewport] of [
      ['de', { width: 1366, height: 800 }],
      ['ar', { width: 390, height: 844 }],
    ] as const) {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { locale });
      const words = readLocale(locale);
      const text = (key: string) => String(words.get(key));
      const tab = await ui.newPage({ viewport, colorScheme: 'dark' });
      await editTodo(tab);
      await tab.page.locator('.editor-bar').getByText(text('editor.unsaved')).waitFor();
      await tab.page
        .locator('.editor-bar')
        .getByRole('button', { name: text('buttons.close') })
        .click();
      const dialog = tab.page.getByRole('dialog', { name: text('prompts.unsaved.title') });
      await dialog.getByText(text('prompts.unsaved.question')).waitFor();
      for (const key of ['buttons.save', 'buttons.discard', 'buttons.cancel'])
        await dialog.getByRole('button', { name: text(key), exact: true }).waitFor();
      await tab.shot(`editor-unsaved-dialog-${locale}`);
      await dialog.getByRole('button', { name: text('buttons.discard'), exact: true }).click();
      await tab.page.waitForURL(/\/files\/notes\/$/);
      assertNoErrors(tab);
      await tab.close();
    }
    await setPreferences(ui.server, await ui.server.adminToken(), 1, { locale: 'en' });
  });

  it('asks before logging out, and logs out cleanly after Discard', async () => {
    const tab = await ui.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await editTodo(tab);
    await tab.shot('editor-unsaved-phone');
    await tab.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await tab.page.getByRole('button', { name: 'Logout' }).click();
    await dialogOf(tab).waitFor();
    await dialogOf(tab).getByRole('button', { name: 'Cancel' }).click();
    assert.equal(appPath(tab.page, ui.server), '/files/notes/todo.txt');
    assert.notEqual(await tab.page.evaluate(() => localStorage.getItem('jwt')), null);
    await tab.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await tab.page.getByRole('button', { name: 'Logout' }).click();
    await dialogOf(tab).getByRole('button', { name: 'Discard' }).click();
    await tab.page.waitForURL(/\/login/);
    assert.equal(onDisk(), 'milk\n');
    assertNoErrors(tab);
    await tab.close();
  });
});
