// Hugo sites from Drawer alone, on a real site made by `hugo new site`: the site actions only inside
// it, new posts from two archetypes, publishing with a real build and its page in the preview,
// scheduling in the user's time zone and cancelling, the settings card, a phone's screen, and a
// server that runs no commands.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { hugoMissing, makeHugoSite } from '../helpers/hugo-site';

/** A third archetype beside the helper's default and notes ones: TOML, filled from the file name. */
const postsArchetype = `+++
title = '{{ .File.ContentBaseName | humanize }}'
date = {{ .Date }}
draft = true
kind = '{{ .Type | upper }}'
+++
`;
const firstLight = '---\ntitle: "First Light"\ndraft: true\n---\n\nThe sky over the NAS.\n';

/** The helper's site at /blog with a `posts` archetype and two drafts; /notes holds no site. */
function makeSite(root: string): void {
  const blog = path.join(root, 'blog');
  makeHugoSite(blog);
  writeTree(blog, {
    'archetypes/posts.md': postsArchetype,
    'content/posts/first-light.md': firstLight,
    'content/posts/later.md': firstLight,
  });
  writeTree(root, { 'notes/todo.md': '# To do\n' });
}

const header = (tab: UiPage) => tab.page.locator('header');
const sidebar = (tab: UiPage) => tab.page.getByRole('navigation', { name: 'Main menu' });
const dialog = (tab: UiPage) => tab.page.getByRole('dialog');
const editorText = (tab: UiPage) => tab.page.locator('.cm-content').innerText();
const badge = (tab: UiPage) => tab.page.locator('.post-badge');

async function openPost(tab: UiPage, post: string): Promise<void> {
  await tab.open(`/files/blog/content/posts/${post}`);
  // On a phone a Markdown file shows its rendered view in place of the (hidden) editor.
  await tab.page.locator('.cm-editor').waitFor({ state: 'attached' });
}

/** A date `days` ahead as the Tokyo calendar names it, e.g. '2026-11-30'. */
function tokyoDay(days: number, from: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    from + days * 86_400_000,
  );
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('Hugo sites with exec enabled', { skip: hugoMissing }, () => {
  let ui: UiHarness;
  let tab: UiPage;
  let blog: string;
  before(async () => {
    ui = await startUi({ args: ['--enable-exec'], setup: makeSite });
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
    await tab.page.locator('.item[data-path="/notes"]').dblclick();
    await tab.page.locator('.item[data-path="/notes/todo.md"]').waitFor();
    assert.equal(await header(tab).getByRole('button', { name: 'New post' }).count(), 0);

    // A Markdown file outside a site gets the editor but no publishing.
    const answered = tab.page.waitForResponse((response) =>
      response.url().endsWith('/api/site/notes'),
    );
    await tab.page.locator('.item[data-path="/notes/todo.md"]').dblclick();
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
    await dialog(tab)
      .getByText(/^409: /)
      .waitFor();
    await dialog(tab).getByRole('button', { name: 'Close' }).click();
    assert.equal(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'first-light.md'), 'utf8'),
      firstLight,
    );
  });

  it('publishes a post with its unsaved changes, builds the site and previews the built page', async () => {
    await openPost(tab, 'first-light.md');
    await badge(tab).getByText('Draft').waitFor();
    await tab.page.locator('.cm-content').click();
    await tab.page.keyboard.press('Control+End');
    await tab.page.keyboard.type('Typed before publishing.');
    await header(tab).getByRole('button', { name: 'Publish' }).click();
    const prompt = dialog(tab);
    await prompt.getByText('The site is then built with hugo.').waitFor();
    await prompt.getByText('Your unsaved changes are saved first.').waitFor();
    await prompt.getByRole('button', { name: 'Publish' }).click();
    await prompt.getByText('The post is published and the site was built.').waitFor();
    await tab.shot('site-published');

    const saved = fs.readFileSync(path.join(blog, 'content', 'posts', 'first-light.md'), 'utf8');
    assert.match(saved, /draft: false/);
    assert.match(saved, /Typed before publishing\./);
    assert.ok(fs.existsSync(path.join(blog, 'public', 'posts', 'first-light', 'index.html')));
    // The editor shows the rewritten front matter, and the badge follows.
    await badge(tab).getByText('Published').waitFor();
    await tab.page.waitForFunction(() =>
      document.querySelector('.cm-content')?.textContent?.includes('draft: false'),
    );

    await prompt.getByRole('button', { name: 'Preview' }).click();
    const frame = tab.page.locator('iframe.site-preview-frame');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('sandbox'), '');
    const built = tab.page.frameLocator('iframe.site-preview-frame');
    await built.getByRole('heading', { name: 'First Light' }).waitFor();
    await built.getByText('Typed before publishing.').waitFor();
    await tab.shot('site-preview-built');
    await dialog(tab).getByRole('button', { name: 'Close' }).click();

    // A save after publishing keeps what publishing wrote.
    await tab.page.keyboard.press('Control+s');
    await tab.page.waitForFunction(
      () => document.querySelector('[aria-label="Save"]')?.getAttribute('data-state') !== 'loading',
    );
    assert.match(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'first-light.md'), 'utf8'),
      /draft: false/,
    );
  });

  it('previews a post the site has not built as its Markdown, without the front matter', async () => {
    await openPost(tab, 'later.md');
    // The rendered view beside the editor leaves the front matter out too.
    const beside = tab.page.getByRole('article', { name: 'Rendered Markdown' });
    await beside.getByText('The sky over the NAS.').waitFor();
    assert.doesNotMatch(await beside.innerText(), /draft|title:/);
    await header(tab).getByRole('button', { name: 'Preview' }).click();
    const prompt = dialog(tab);
    await prompt
      .getByText('The site has no built page of this post yet', { exact: false })
      .waitFor();
    const view = prompt.locator('.markdown-view');
    await view.getByText('The sky over the NAS.').waitFor();
    assert.doesNotMatch(await view.innerText(), /draft|title:/);
    await prompt.getByRole('button', { name: 'Close' }).click();
  });

  it('schedules a post in the user time zone, refuses a past time, shows and cancels it', async () => {
    const tokyo = await ui.newPage({ timezoneId: 'Asia/Tokyo' });
    const now = Date.now();
    // The page's time is Playwright's: it starts here and runs on from it.
    await tokyo.page.clock.install({ time: now });
    await openPost(tokyo, 'later.md');
    await badge(tokyo).getByText('Draft').waitFor();
    await header(tokyo).getByRole('button', { name: 'Schedule' }).click();
    const prompt = dialog(tokyo);
    await prompt
      .getByText('Pick a date and hour to schedule the publication of this post.')
      .waitFor();
    await prompt.getByText('In your time zone (Asia/Tokyo).').waitFor();
    const when = prompt.getByLabel('Date and time');

    await when.fill(`${tokyoDay(-1, now)}T10:30`);
    await prompt.getByRole('button', { name: 'Schedule' }).click();
    await prompt
      .getByRole('alert')
      .getByText('This time has passed: pick one in the future.')
      .waitFor();
    assert.equal((await readStatus(ui, 'later.md')).scheduledAt, null);

    const day = tokyoDay(3, now);
    const instant = new Date(`${day}T10:30:00+09:00`);
    await when.fill(`${day}T10:30`);
    await prompt.getByRole('button', { name: 'Schedule' }).click();
    await prompt.waitFor({ state: 'detached' });
    const status = await readStatus(ui, 'later.md');
    assert.equal(Date.parse(status.scheduledAt ?? ''), instant.getTime());
    assert.equal(status.draft, true);

    const shown = new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(instant);
    await tokyo.page.waitForFunction(() =>
      document.querySelector('.post-badge[data-state="scheduled"]'),
    );
    assert.equal(spaced(await badge(tokyo).innerText()), spaced(`Scheduled for ${shown}`));
    await tokyo.shot('site-scheduled');

    await header(tokyo).getByRole('button', { name: 'Schedule' }).click();
    const current = prompt.getByText('Now scheduled for', { exact: false });
    await current.waitFor();
    assert.equal(spaced(await current.innerText()), spaced(`Now scheduled for ${shown}.`));
    assert.equal(await prompt.getByLabel('Date and time').inputValue(), `${day}T10:30`);
    await prompt.getByRole('button', { name: 'Cancel schedule' }).click();
    await prompt.waitFor({ state: 'detached' });
    await badge(tokyo).getByText('Draft').waitFor();
    assert.equal((await readStatus(ui, 'later.md')).scheduledAt, null);
    assertNoErrors(tokyo);
    await tokyo.close();
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
    await card.getByRole('button', { name: 'Update' }).click();
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
    await card.getByRole('button', { name: 'Update' }).click();
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

async function readStatus(
  ui: UiHarness,
  post: string,
): Promise<{ draft: boolean; scheduledAt: string | null; builtPage: string | null }> {
  const token = await ui.server.adminToken();
  const response = await ui.server.request('GET', `/api/site/publish/blog/content/posts/${post}`, {
    token,
  });
  assert.equal(response.status, 200, response.text);
  return response.json();
}

describe('Hugo sites on a server that runs no commands', { skip: hugoMissing }, () => {
  let ui: UiHarness;
  let tab: UiPage;
  before(async () => {
    ui = await startUi({ setup: makeSite });
    tab = await ui.newPage();
  });
  after(async () => {
    assertNoErrors(tab);
    await ui.close();
  });

  it('publishes by the front matter alone and says that no build ran', async () => {
    await openPost(tab, 'first-light.md');
    await header(tab).getByRole('button', { name: 'Publish' }).click();
    const prompt = dialog(tab);
    await prompt.getByText('This server runs no commands', { exact: false }).waitFor();
    await prompt.getByRole('button', { name: 'Publish' }).click();
    await prompt
      .getByText(
        'The post is published. Only its front matter changed: no build ran, as this server runs no commands.',
      )
      .waitFor();
    await badge(tab).getByText('Published').waitFor();
    const blog = path.join(ui.server.root, 'blog');
    assert.match(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'first-light.md'), 'utf8'),
      /draft: false/,
    );
    assert.equal(fs.existsSync(path.join(blog, 'public', 'posts')), false);
    await prompt.getByRole('button', { name: 'Close' }).click();
  });
});
