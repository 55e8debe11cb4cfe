// Interface language: the profile setting switches it, the browser's language picks it otherwise; Arabic is right-to-left.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { supportedLocales } from '../../ui/locale-match';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { readLocale } from '../helpers/locale-files';

const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);

function text(locale: string, key: string): string {
  const value = readLocale(locale).get(key);
  assert.equal(typeof value, 'string', `${locale}.json has ${key}`);
  return value as string;
}

/**
 * Where the first characters of `first` and of `second` are drawn in an element's first text
 * node, from the left (a right-to-left line lays some runs out backwards).
 */
function leftEdges(line: Locator, first: string, second: string): Promise<[number, number]> {
  return line.evaluate(
    (element, [a, b]) => {
      const node = element.firstChild as Text;
      const leftOf = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect().left;
      };
      return [leftOf(node.data.indexOf(a)), leftOf(node.data.indexOf(b))] as [number, number];
    },
    [first, second] as const,
  );
}

/** The profile screen's language card (the password card has an Update button too). */
function languageCard(page: Page, label: string) {
  return page.locator('form').filter({ has: page.getByLabel(label) });
}

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    direction: getComputedStyle(document.body).direction,
  }));
}

/** Languages other than English whose translations the page fetched (assets/de-HASH.js or assets/locales/de-HASH.json). */
function localeChunks(page: Page): () => string[] {
  const loaded = new Set<string>();
  const others = supportedLocales.filter((code) => code !== 'en').join('|');
  const chunk = new RegExp(`/assets/(?:locales/)?(${others})-[A-Za-z0-9]+\\.(?:js|json)$`);
  page.on('request', (request) => {
    const match = chunk.exec(new URL(request.url()).pathname);
    if (match?.[1]) loaded.add(match[1]);
  });
  return () => [...loaded].sort();
}

describe('interface language', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({
      setup: (root) => {
        fs.writeFileSync(`${root}/notes.txt`, 'hello');
        fs.utimesSync(`${root}/notes.txt`, threeDaysAgo, threeDaysAgo);
      },
    });
  });
  after(() => ui.close());

  /** Puts the admin back on English whatever a test did, so the next tests start from it. */
  async function setAdminLocale(locale: string): Promise<void> {
    const token = await ui.server.adminToken();
    const users = (await ui.server.request('GET', '/api/users', { token })).json<
      { id: number; username: string }[]
    >();
    const admin = users.find((user) => user.username === 'admin');
    assert.ok(admin, 'the admin exists');
    const response = await ui.server.request('PUT', `/api/users/${admin.id}`, {
      token,
      body: { what: 'user', which: ['locale'], data: { id: admin.id, locale } },
    });
    assert.equal(response.status, 200, response.text);
  }

  it('is English by default and loads no other language', async () => {
    const tab = await ui.newPage();
    const chunks = localeChunks(tab.page);
    await tab.open('/files/');
    await tab.page.getByRole('link', { name: 'My files' }).first().waitFor();
    assert.deepEqual(await documentLanguage(tab.page), {
      lang: 'en',
      dir: 'ltr',
      direction: 'ltr',
    });
    assert.equal(await tab.page.locator('time.item-modified').textContent(), '3 days ago');
    assert.deepEqual(chunks(), []);
    assertNoErrors(tab);
    await tab.close();
  });

  it('switches to German from the profile screen, with German relative times, and keeps it after a reload', async () => {
    try {
      const tab = await ui.newPage();
      const chunks = localeChunks(tab.page);
      await tab.open('/settings/profile');
      await tab.page.getByLabel('Language').selectOption('de');
      await languageCard(tab.page, 'Language').getByRole('button', { name: 'Update' }).click();
      const myFiles = text('de', 'sidebar.myFiles');
      await tab.page.getByRole('link', { name: myFiles }).first().waitFor();
      await languageCard(tab.page, text('de', 'settings.language'))
        .getByRole('button', { name: text('de', 'settings.update') })
        .waitFor();
      assert.deepEqual(await documentLanguage(tab.page), {
        lang: 'de',
        dir: 'ltr',
        direction: 'ltr',
      });
      assert.deepEqual(chunks(), ['de']);

      await tab.page.reload();
      await tab.page.waitForSelector('#loading', { state: 'detached' });
      await tab.page.getByLabel(text('de', 'settings.language')).waitFor();
      await tab.page.getByRole('link', { name: myFiles }).first().click();
      const modified = tab.page.locator('time.item-modified');
      await modified.waitFor({ state: 'attached' });
      assert.equal(await modified.textContent(), 'vor 3 Tagen');
      const expectedDate = new Intl.DateTimeFormat('de', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(threeDaysAgo);
      assert.equal(await modified.getAttribute('title'), expectedDate);
      assert.equal(await tab.page.title(), `${text('de', 'files.home')} - Drawer`);
      assertNoErrors(tab);

      // Back to English for the other tests of this file, through the same screen.
      await tab.page.goto(`${ui.server.url}/settings/profile`);
      await tab.page.getByLabel(text('de', 'settings.language')).selectOption('en');
      await languageCard(tab.page, text('de', 'settings.language'))
        .getByRole('button', { name: text('de', 'settings.update') })
        .click();
      await tab.page.getByRole('link', { name: 'My files' }).first().waitFor();
      await tab.close();
    } finally {
      await setAdminLocale('en');
    }
  });

  it('opens in Arabic, right to left, for an Arabic browser', async () => {
    const tab = await ui.newPage({ as: null, locale: 'ar' });
    const chunks = localeChunks(tab.page);
    await tab.open('/login');
    await tab.page.getByRole('button', { name: text('ar', 'login.submit') }).waitFor();
    await tab.page.getByLabel(text('ar', 'login.username')).waitFor();
    assert.deepEqual(await documentLanguage(tab.page), {
      lang: 'ar',
      dir: 'rtl',
      direction: 'rtl',
    });
    assert.equal(await tab.page.title(), `${text('ar', 'titles.login')} - Drawer`);
    assert.deepEqual(chunks(), ['ar']);
    assertNoErrors(tab);
    await tab.close();
  });

  it('lays a size out left to right in Arabic ("5 B", not "B 5"), on a wide screen and a phone', async () => {
    await setAdminLocale('ar');
    try {
      for (const viewport of [
        { width: 1366, height: 800 },
        { width: 390, height: 844 },
      ]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const tab = await ui.newPage({ locale: 'ar', viewport, colorScheme });
          await tab.open('/files/');
          const size = tab.page.locator('.item[data-path="/notes.txt"] .item-size');
          await size.waitFor();
          const [digit, unit] = await leftEdges(size, '5', 'B');
          assert.ok(digit < unit, `the 5 (${digit} px) is left of the B (${unit} px)`);
          await tab.shot(`listing-ar-${viewport.width}-${colorScheme}`);
          assertNoErrors(tab);
          await tab.close();
        }
      }
    } finally {
      await setAdminLocale('en');
    }
  });

  it('mirrors the breadcrumb chevrons and the folder picker’s way up in Arabic, not in English', async () => {
    fs.mkdirSync(`${ui.server.root}/docs/inner/deep/deeper`, { recursive: true });
    fs.writeFileSync(`${ui.server.root}/docs/inner/deep/deeper/a.txt`, 'a');
    /** Whether each icon is drawn turned round (a mirror image along the line). */
    const mirrored = (icons: Locator) =>
      icons.evaluateAll((elements) =>
        elements.map((element) => new DOMMatrix(getComputedStyle(element).transform).a === -1),
      );
    try {
      for (const [locale, viewport, colorScheme] of [
        ['ar', { width: 1366, height: 800 }, 'light'],
        ['ar', { width: 1366, height: 800 }, 'dark'],
        ['ar', { width: 390, height: 844 }, 'light'],
        ['ar', { width: 390, height: 844 }, 'dark'],
        ['en', { width: 1366, height: 800 }, 'light'],
      ] as const) {
        await setAdminLocale(locale);
        const expected = locale === 'ar';
        const tab = await ui.newPage({ locale, viewport, colorScheme });
        await tab.open('/files/docs/inner/deep/deeper/');
        // Past three crumbs: '…', then the last three, each after a chevron.
        const chevrons = tab.page.locator('.breadcrumbs svg:not(.crumb-home svg)');
        await tab.page.locator('.breadcrumbs .crumb-ellipsis').waitFor();
        assert.deepEqual(await mirrored(chevrons), [expected, expected, expected, expected]);
        const size = `${viewport.width}-${colorScheme}`;
        await tab.shot(`breadcrumbs-${locale}-${size}`);

        await tab.page.locator('.item[data-path="/docs/inner/deep/deeper/a.txt"]').click();
        const move = tab.page
          .locator('.selection-bar')
          .getByRole('button', { name: text(locale, 'buttons.move') });
        await move.waitFor();
        assert.deepEqual(await mirrored(move.locator('svg')), [expected], "Move's arrow");
        await move.click();
        const dialog = tab.page.getByRole('dialog');
        const up = dialog.getByRole('option', { name: '..' });
        await up.waitFor();
        assert.deepEqual(await mirrored(up.locator('svg')), [expected], 'the way up');
        await up.click();
        await dialog.getByRole('option', { name: 'deeper' }).waitFor();
        assert.deepEqual(
          await mirrored(dialog.getByRole('option', { name: 'deeper' }).locator('svg')),
          [false],
          'a folder is not turned round',
        );
        // The destination path reads left to right inside the sentence: its first slash comes first.
        const [slash, letter] = await leftEdges(
          dialog.locator('.picker-destination'),
          '/docs',
          'docs',
        );
        assert.ok(
          slash < letter,
          `the path's first slash (${slash} px) is left of "docs" (${letter} px)`,
        );
        await tab.shot(`move-prompt-${locale}-${size}`);
        assertNoErrors(tab);
        await tab.close();
      }
    } finally {
      await setAdminLocale('en');
      fs.rmSync(`${ui.server.root}/docs`, { recursive: true, force: true });
    }
  });

  it('keeps a path in a sentence in its own reading order in Arabic: the search’s folder', async () => {
    fs.mkdirSync(`${ui.server.root}/docs/inner`, { recursive: true });
    try {
      await setAdminLocale('ar');
      const tab = await ui.newPage({ locale: 'ar', viewport: { width: 1366, height: 800 } });
      await tab.open('/files/docs/inner/');
      await tab.page.keyboard.press('Control+f');
      const scope = tab.page.locator('.search-scope span');
      await scope.waitFor();
      // The path's first slash is left of "docs", as the path is written, inside the Arabic line.
      const [slash, letter] = await leftEdges(scope, '/docs', 'docs');
      assert.ok(slash < letter, `the first slash (${slash} px) is left of "docs" (${letter} px)`);
      await tab.shot('search-scope-ar');
      assertNoErrors(tab);
      await tab.close();
    } finally {
      await setAdminLocale('en');
      fs.rmSync(`${ui.server.root}/docs`, { recursive: true, force: true });
    }
  });

  it('puts the preview’s previous on the right in Arabic, its chevrons and arrow keys turned round', async () => {
    fs.mkdirSync(`${ui.server.root}/clips`, { recursive: true });
    for (const name of ['a.bin', 'b.bin', 'c.bin'])
      fs.writeFileSync(`${ui.server.root}/clips/${name}`, Buffer.from([0, 1, 2, 0, 255]));
    /** Whether each icon is drawn turned round (half a turn reads as a mirror along the line). */
    const turned = (icons: Locator) =>
      icons.evaluateAll((elements) =>
        elements.map((element) => new DOMMatrix(getComputedStyle(element).transform).a === -1),
      );
    try {
      for (const locale of ['ar', 'en'] as const) {
        await setAdminLocale(locale);
        const rtl = locale === 'ar';
        const tab = await ui.newPage({ locale, viewport: { width: 1366, height: 800 } });
        await tab.open('/files/clips/b.bin');
        const previous = tab.page.locator('.preview-previous');
        const next = tab.page.locator('.preview-next');
        await previous.waitFor();
        const [before, after] = [await previous.boundingBox(), await next.boundingBox()];
        assert.ok(before && after);
        assert.equal(before.x > after.x, rtl, 'previous lies at the start of the line');
        assert.deepEqual(await turned(previous.locator('svg')), [!rtl]);
        assert.deepEqual(await turned(next.locator('svg')), [rtl]);
        await tab.shot(`preview-steps-${locale}`);
        // The key pointing at the next file brings it.
        await tab.page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
        await tab.page.waitForURL(/\/files\/clips\/c\.bin$/);
        await tab.page.keyboard.press(rtl ? 'ArrowRight' : 'ArrowLeft');
        await tab.page.waitForURL(/\/files\/clips\/b\.bin$/);
        assertNoErrors(tab);
        await tab.close();
      }
    } finally {
      await setAdminLocale('en');
      fs.rmSync(`${ui.server.root}/clips`, { recursive: true, force: true });
    }
  });

  it('follows a regional browser language: pt-BR gets Brazilian Portuguese, zh-TW Traditional Chinese', async () => {
    for (const [browser, locale, tag] of [
      ['pt-BR', 'pt-br', 'pt-BR'],
      ['zh-TW', 'zh-tw', 'zh-TW'],
      ['de-AT', 'de', 'de'],
    ] as const) {
      const tab = await ui.newPage({ as: null, locale: browser });
      const chunks = localeChunks(tab.page);
      await tab.open('/login');
      await tab.page.getByLabel(text(locale, 'login.username')).waitFor();
      assert.deepEqual(await documentLanguage(tab.page), {
        lang: tag,
        dir: 'ltr',
        direction: 'ltr',
      });
      assert.deepEqual(chunks(), [locale]);
      assertNoErrors(tab);
      await tab.close();
    }
  });

  it("prefers the user's setting to the browser's language", async () => {
    const tab = await ui.newPage({ locale: 'ar' });
    await tab.open('/files/');
    await tab.page.getByRole('link', { name: 'My files' }).first().waitFor();
    assert.deepEqual(await documentLanguage(tab.page), {
      lang: 'en',
      dir: 'ltr',
      direction: 'ltr',
    });
    await tab.close();
  });
});
