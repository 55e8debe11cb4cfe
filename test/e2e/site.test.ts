// Hugo sites in the browser, on a real site made by `hugo new site`: the site actions only inside
// it, new posts from two archetypes opened in the editor, the settings card, and a phone's screen.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  addUser,
  appPath,
  assertNoErrors,
  doubleClick,
  startUi,
  userPassword,
} from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { hugoMissing } from '../helpers/hugo-site';
import {
  badge,
  dialog,
  editorText,
  firstLight,
  header,
  makeSite,
  openPost,
  sidebar,
} from '../helpers/site-ui';

/** May read and download, nothing else. */
const readerRights = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: true,
};

describe('Hugo sites in the files screen', { skip: hugoMissing }, () => {
  let ui: UiHarness;
  let tab: UiPage;
  let blog: string;
  before(async () => {
    ui = await startUi({ setup: makeSite });
    blog = path.join(ui.server.root, 'blog');
    tab = await ui.newPage();
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  it('offers the site actions inside the site, and none outside it', async () => {
    await tab.open('/files/blog/');
    await header(tab).getByRole('button', { name: 'New post' }).waitFor();
    await sidebar(tab).getByRole('button', { name: 'New post' }).waitFor();
    await sidebar(tab).getByRole('link', { name: 'Site settings' }).waitFor();
    await tab.shot('site-listing');

    // A deeper folder of the site is inside it too; the root and /notes are not.
    await tab.open('/files/blog/content/posts/');
    await header(tab).getByRole('button', { name: 'New post' }).waitFor();
    await tab.page.getByRole('link', { name: 'My files' }).first().click();
    await header(tab).getByRole('button', { name: 'New post' }).waitFor({ state: 'detached' });
    await sidebar(tab).getByRole('button', { name: 'New post' }).waitFor({ state: 'detached' });
    assert.equal(await sidebar(tab).getByRole('link', { name: 'Site settings' }).count(), 0);
    await doubleClick(tab.page.locator('.item[data-path="/notes"]'));
    await tab.page.locator('.item[data-path="/notes/todo.md"]').waitFor();
    assert.equal(await header(tab).getByRole('button', { name: 'New post' }).count(), 0);

    // A Markdown file outside a site gets the editor but no publishing.
    const answered = tab.page.waitForResponse((response) =>
      response.url().endsWith('/api/site/notes'),
    );
    await doubleClick(tab.page.locator('.item[data-path="/notes/todo.md"]'));
    await tab.page.locator('.cm-editor').waitFor();
    assert.equal((await answered).status(), 404);
    await header(tab).getByRole('button', { name: 'Save' }).waitFor();
    for (const name of ['Publish', 'Schedule', 'Preview'])
      assert.equal(await header(tab).getByRole('button', { name }).count(), 0, name);
    assert.equal(await badge(tab).count(), 0);
  });

  it('creates posts from two archetypes and opens each in the editor, expanded', async () => {
    await tab.open('/files/blog/');
    await header(tab).getByRole('button', { name: 'New post' }).click();
    const prompt = dialog(tab);
    await prompt.getByText('Create a new post based on an archetype.', { exact: false }).waitFor();
    assert.deepEqual(await prompt.getByLabel('Archetype').locator('option').allInnerTexts(), [
      'Chosen by section',
      'default',
      'notes',
      'posts',
    ]);
    // Started from the site's root, a post goes into posts.
    assert.equal(await prompt.getByLabel('Section', { exact: true }).inputValue(), 'posts');
    await prompt.getByLabel('Name').fill('hello-world');
    await prompt.getByLabel('Archetype').selectOption('posts');
    await prompt.getByRole('button', { name: 'Create' }).click();
    await tab.page.waitForURL(/hello-world\.md$/);
    await tab.page.locator('.cm-editor').waitFor();
    assert.equal(appPath(tab.page, ui.server), '/files/blog/content/posts/hello-world.md');
    const hello = await editorText(tab);
    assert.match(hello, /title = 'Hello world'/);
    assert.match(hello, /kind = 'POSTS'/);
    assert.match(hello, /draft = true/);
    assert.doesNotMatch(hello, /\{\{/);
    await badge(tab).getByText('Draft').waitFor();

    // From a section's folder: the default archetype, into another section typed by hand.
    await tab.open('/files/blog/content/posts/');
    await sidebar(tab).getByRole('button', { name: 'New post' }).click();
    await prompt.getByLabel('Name').fill('second-note');
    assert.equal(await prompt.getByLabel('Section', { exact: true }).inputValue(), 'posts');
    await prompt.getByLabel('Archetype').selectOption('default');
    await prompt.getByLabel('Section', { exact: true }).fill('notes');
    await prompt.getByText('The file goes into /blog/content/notes').waitFor();
    await prompt.getByRole('button', { name: 'Create' }).click();
    await tab.page.waitForURL(/second-note\.md$/);
    await tab.page.locator('.cm-editor').waitFor();
    const note = await editorText(tab);
    assert.match(note, /title: "Second Note"/);
    assert.match(note, /draft: true/);
    const stored = fs.readFileSync(path.join(blog, 'content', 'notes', 'second-note.md'), 'utf8');
    assert.match(stored, /^---\ntitle: "Second Note"\ndate: \d{4}-\d\d-\d\dT/);
  });

  it('refuses a post that exists, in the prompt', async () => {
    await tab.open('/files/blog/');
    await header(tab).getByRole('button', { name: 'New post' }).click();
    await dialog(tab).getByLabel('Name').fill('first-light');
    await dialog(tab).getByRole('button', { name: 'Create' }).click();
    await dialog(tab).getByText('Something went wrong').waitFor();
    // Words, and the status under Details.
    assert.doesNotMatch(await dialog(tab).locator('.prompt-error').innerText(), /409/);
    const details = dialog(tab).getByRole('group').filter({ hasText: 'Details' });
    await details.getByText('Details').click();
    await details.getByText(/^HTTP 409 · /).waitFor();
    await dialog(tab).getByRole('button', { name: 'Close' }).click();
    assert.equal(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'first-light.md'), 'utf8'),
      firstLight,
    );
  });

  it('offers a reader the preview only, and no New post without the create right', async () => {
    await addUser(ui.server, 'reader', { perm: readerRights });
    const reader = await ui.newPage({ as: { username: 'reader', password: userPassword } });
    await openPost(reader, 'first-light.md');
    await header(reader).getByRole('button', { name: 'Preview' }).waitFor();
    await badge(reader).getByText('Draft').waitFor();
    for (const name of ['Publish', 'Schedule', 'Save'])
      assert.equal(await header(reader).getByRole('button', { name }).count(), 0, name);
    await reader.page.getByRole('link', { name: 'posts' }).click();
    await reader.page.locator('.item[data-path="/blog/content/posts/later.md"]').waitFor();
    assert.equal(await header(reader).getByRole('button', { name: 'New post' }).count(), 0);
    assert.equal(await sidebar(reader).getByRole('button', { name: 'New post' }).count(), 0);
    assert.equal(await sidebar(reader).getByRole('link', { name: 'Site settings' }).count(), 0);
    assertNoErrors(reader);
    await reader.close();
  });

  it('leads from the sidebar to the settings card, which saves and reloads its values', async () => {
    await tab.open('/files/blog/');
    await sidebar(tab).getByRole('link', { name: 'Site settings' }).click();
    await tab.page.waitForURL(/\/settings\/global#site$/);
    const card = tab.page.getByRole('form', { name: 'Hugo sites' });
    await card.waitFor();
    assert.equal(await card.getByLabel('Build command').inputValue(), 'hugo');
    assert.equal(await card.getByLabel('Content folder').inputValue(), '');
    assert.equal(await card.getByLabel('Site folders').inputValue(), '');
    await card.getByLabel('Build command').fill('  hugo --minify ');
    await card.getByLabel('Site folders').fill('/blog\n\n  /other  \n');
    await card.getByRole('button', { name: 'Save site settings' }).click();
    await tab.page.getByRole('status').getByText('Settings updated!').waitFor();
    const token = await ui.server.adminToken();
    const saved = (await ui.server.request('GET', '/api/settings', { token })).json<{
      site: { buildCommand: string; contentDir: string; roots: string[] };
    }>().site;
    assert.deepEqual(saved, {
      buildCommand: 'hugo --minify',
      contentDir: '',
      roots: ['/blog', '/other'],
    });

    await tab.page.reload();
    await card.waitFor();
    assert.equal(await card.getByLabel('Build command').inputValue(), 'hugo --minify');
    assert.equal(await card.getByLabel('Site folders').inputValue(), '/blog\n/other');
    await card.getByLabel('Build command').fill('hugo');
    await card.getByLabel('Site folders').fill('');
    await card.getByRole('button', { name: 'Save site settings' }).click();
    await tab.page.getByRole('status').getByText('Settings updated!').waitFor();
  });

  it('shows the site actions on a phone: in the more menu and the sidebar drawer', async () => {
    const phone = await ui.newPage({ viewport: { width: 390, height: 844 } });
    await phone.open('/files/blog/');
    await header(phone).getByRole('button', { name: 'More' }).click();
    const menu = phone.page.getByRole('group', { name: 'More' });
    await menu.getByRole('button', { name: 'New post' }).waitFor();
    await phone.page.keyboard.press('Escape');
    await header(phone).getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar(phone).getByRole('button', { name: 'New post' }).click();
    await dialog(phone).getByLabel('Name').waitFor();
    await phone.page.keyboard.press('Escape');

    await openPost(phone, 'later.md');
    await badge(phone).getByText('Draft').waitFor();
    assert.ok(await badge(phone).isVisible());
    await header(phone).getByRole('button', { name: 'More' }).click();
    for (const name of ['Publish', 'Schedule', 'Preview'])
      await menu.getByRole('button', { name }).waitFor();
    await phone.shot('site-phone-menu');
    await menu.getByRole('button', { name: 'Schedule' }).click();
    await dialog(phone).getByLabel('Date and time').waitFor();
    await phone.shot('site-phone-schedule');
    await phone.page.keyboard.press('Escape');
    assertNoErrors(phone);
    await phone.close();
  });
});
