// Publishing Hugo posts in the browser, on a real site made by `hugo new site`: publishing with a
// real build and its page in the preview, the Markdown preview before a build, scheduling in the
// user's time zone and cancelling, and a server that runs no commands.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { hugoMissing } from '../helpers/hugo-site';
import { badge, dialog, firstLight, header, makeSite, openPost } from '../helpers/site-ui';

/** A date `days` ahead as the Tokyo calendar names it, e.g. '2026-11-30'. */
function tokyoDay(days: number, from: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    from + days * 86_400_000,
  );
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('publishing Hugo posts with exec enabled', { skip: hugoMissing }, () => {
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

  it('says when the build failed, and shows its output', async () => {
    const token = await ui.server.adminToken();
    const buildWith = async (buildCommand: string) => {
      const body = { site: { buildCommand, contentDir: '', roots: [] } };
      const response = await ui.server.request('PUT', '/api/settings', { token, body });
      assert.equal(response.status, 200, response.text);
    };
    await buildWith('hugo --no-such-flag');
    fs.writeFileSync(path.join(blog, 'content', 'posts', 'broken.md'), firstLight);
    try {
      await openPost(tab, 'broken.md');
      await header(tab).getByRole('button', { name: 'Publish' }).click();
      const prompt = dialog(tab);
      await prompt.getByText('The site is then built with hugo --no-such-flag.').waitFor();
      await prompt.getByRole('button', { name: 'Publish' }).click();
      await prompt
        .getByRole('alert')
        .getByText('The post is published, but building the site failed:')
        .waitFor();
      assert.match(await prompt.getByLabel('Build output').innerText(), /no-such-flag/);
      await tab.shot('site-build-failed');
      await prompt.getByRole('button', { name: 'Close' }).click();
      await badge(tab).getByText('Published').waitFor();
    } finally {
      await buildWith('hugo');
    }
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

describe('publishing Hugo posts on a server that runs no commands', { skip: hugoMissing }, () => {
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
