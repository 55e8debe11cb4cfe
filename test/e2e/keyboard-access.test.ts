// Keyboard access (docs/UI.md, Accessibility): Tab reaches every control with a visible focus ring,
// Enter opens and Space selects a focused item, the arrow keys, Home and End move through the
// listing, and prompts keep Tab inside, close on Esc and give focus back to what opened them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

const sizes = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** What the focused element is, for messages: its role-ish tag, class and name. */
function describeFocused(page: UiPage['page']): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('data-path') ??
      element.textContent?.trim().slice(0, 30);
    return `${element.tagName.toLowerCase()}.${element.className} "${name ?? ''}"`;
  });
}

/**
 * Whether the focused element draws a focus indicator: its outline or shadow differ from how it
 * looks unfocused. Transitions are off (reduced motion), so both are read as drawn.
 */
function showsFocusRing(page: UiPage['page']): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const look = () => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`;
    };
    const focused = look();
    element.blur();
    const resting = look();
    element.focus();
    const outlined = !focused.startsWith('none') && !focused.startsWith('0px');
    return focused !== resting && (outlined || !focused.endsWith('| none'));
  });
}

describe('keyboard access', () => {
  let ui: UiHarness;
  let root: string;
  before(async () => {
    ui = await startUi();
    root = ui.server.root;
  });
  after(() => ui.close());

  beforeEach(() => {
    for (const entry of fs.readdirSync(root))
      fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    for (const folder of ['f1', 'f2']) fs.mkdirSync(path.join(root, folder));
    for (let index = 1; index <= 5; index++)
      fs.writeFileSync(path.join(root, `${index}.txt`), `file ${index}`);
  });

  for (const [sizeName, viewport] of Object.entries(sizes))
    it(`Tab reaches every control of the files screen, each with a focus ring (${sizeName})`, async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'mosaic' });
      const tab = await ui.newPage({ viewport });
      await tab.page.emulateMedia({ reducedMotion: 'reduce' });
      await tab.open('/files/');
      await tab.page.locator('.item[data-path="/5.txt"]').waitFor();
      const withoutRing: string[] = [];
      const seen = new Set<string>();
      for (let press = 0; press < 80; press++) {
        await tab.page.keyboard.press('Tab');
        const focused = await describeFocused(tab.page);
        if (seen.has(focused)) break;
        seen.add(focused);
        if (focused === 'body') continue;
        await tab.page.evaluate(() => document.activeElement?.setAttribute('data-tabbed', ''));
        if (!(await showsFocusRing(tab.page))) withoutRing.push(focused);
        if (focused.includes('"/f1"')) await tab.shot(`keyboard-focus-card-${sizeName}`);
      }
      assert.deepEqual(withoutRing, [], 'every focused control shows a focus ring');
      const missed = await tab.page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'a[href], button:not(:disabled), input:not([type="hidden"]), select, textarea, [tabindex="0"]',
          ),
        ]
          .filter((element) => element.checkVisibility({ visibilityProperty: true }))
          .filter((element) => !element.hasAttribute('data-tabbed'))
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(missed, [], 'every visible control is reached by Tab');
      assertNoErrors(tab);
      await tab.close();
    });

  describe('in the listing', () => {
    let tab: UiPage;
    before(async () => {
      tab = await ui.newPage({ viewport: sizes.desktop });
    });
    after(async () => {
      assertNoErrors(tab);
      await tab.close();
    });

    const item = (itemPath: string) => tab.page.locator(`.item[data-path="${itemPath}"]`);
    /** The focus moves after the keys' code has loaded (on the first press): waited for. */
    const focusReaches = (itemPath: string) =>
      tab.page.waitForFunction(
        (expected) => document.activeElement?.getAttribute('data-path') === expected,
        itemPath,
      );
    const selectedPaths = () =>
      tab.page
        .locator('.item[aria-selected="true"]')
        .evaluateAll((items) => items.map((element) => element.getAttribute('data-path')));

    it('arrows, Home and End move focus and selection through a list; Space toggles; Enter opens', async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
      await tab.open('/files/');
      await item('/f1').focus();
      await tab.page.keyboard.press('ArrowDown');
      await focusReaches('/f2');
      assert.deepEqual(await selectedPaths(), ['/f2']);
      await tab.page.keyboard.press('ArrowDown');
      await focusReaches('/1.txt');
      await tab.page.keyboard.press('Shift+ArrowDown');
      await focusReaches('/2.txt');
      assert.deepEqual(await selectedPaths(), ['/1.txt', '/2.txt']);
      await tab.page.keyboard.press('Control+ArrowDown');
      await focusReaches('/3.txt');
      assert.deepEqual(await selectedPaths(), ['/1.txt', '/2.txt'], 'Ctrl moves focus only');
      await tab.page.keyboard.press(' ');
      await tab.page.waitForFunction(
        () => document.querySelectorAll('[aria-selected="true"]').length === 3,
      );
      await tab.page.keyboard.press('ArrowUp');
      await focusReaches('/2.txt');
      await tab.page.keyboard.press(' ');
      assert.deepEqual(await selectedPaths(), [], 'Space on the one selected item deselects it');
      await tab.page.keyboard.press('End');
      await focusReaches('/5.txt');
      await tab.shot('keyboard-list-end');
      await tab.page.keyboard.press('Home');
      await focusReaches('/f1');
      assert.deepEqual(await selectedPaths(), ['/f1']);
      await tab.page.keyboard.press('Enter');
      await tab.page.waitForURL(/\/files\/f1\/$/);
    });

    it('the listing is one Tab stop: Tab enters on the item focused last, arrows move inside, Tab leaves', async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'list' });
      await tab.open('/files/');
      await item('/5.txt').waitFor();
      const stops = () =>
        tab.page
          .locator('.listing-body .item[tabindex="0"]')
          .evaluateAll((items) => items.map((element) => element.getAttribute('data-path')));
      assert.deepEqual(await stops(), ['/f1'], 'only the first item is in the Tab order');
      const inListing = () =>
        tab.page.evaluate(() => Boolean(document.activeElement?.closest('.listing-body')));

      // Tab from the control before the listing enters it once, on the first item; Tab again leaves.
      await item('/f1').focus();
      await tab.page.keyboard.press('Shift+Tab');
      assert.equal(await inListing(), false, 'Shift+Tab leaves the listing at once');
      await tab.page.keyboard.press('Tab');
      await focusReaches('/f1');
      await tab.page.keyboard.press('Tab');
      assert.equal(await inListing(), false, 'Tab leaves the listing from its first item');

      // Arrows move inside; the item moved to becomes the listing's stop.
      await tab.page.keyboard.press('Shift+Tab');
      await focusReaches('/f1');
      await tab.page.keyboard.press('ArrowDown');
      await focusReaches('/f2');
      await tab.page.keyboard.press('ArrowDown');
      await focusReaches('/1.txt');
      assert.deepEqual(await stops(), ['/1.txt']);
      await tab.page.keyboard.press('Tab');
      assert.equal(await inListing(), false, 'Tab leaves the listing from any item');
      await tab.page.keyboard.press('Shift+Tab');
      await focusReaches('/1.txt');
      await tab.shot('keyboard-listing-tab-stop');
    });

    it('arrows move by rows and columns through the mosaic of cards and tiles', async () => {
      await setPreferences(ui.server, await ui.server.adminToken(), 1, { viewMode: 'mosaic' });
      await tab.open('/files/');
      await item('/f1').focus();
      await tab.page.keyboard.press('ArrowRight');
      await focusReaches('/f2');
      await tab.page.keyboard.press('ArrowDown');
      await focusReaches('/2.txt');
      await tab.page.keyboard.press('ArrowLeft');
      await focusReaches('/1.txt');
      await tab.page.keyboard.press('ArrowUp');
      await focusReaches('/f1');
      await tab.page.keyboard.press('End');
      await focusReaches('/5.txt');
      await tab.shot('keyboard-mosaic-focus');
      assert.deepEqual(await selectedPaths(), ['/5.txt']);
      await tab.page.keyboard.press('Enter');
      await tab.page.waitForURL(/\/files\/5\.txt$/);
    });
  });

  for (const [sizeName, viewport] of Object.entries(sizes))
    it(`prompts keep Tab inside, close on Esc and give focus back to their opener (${sizeName})`, async () => {
      const tab = await ui.newPage({ viewport });
      await tab.open('/files/');
      const dialog = tab.page.getByRole('dialog');
      const focusInDialog = () =>
        tab.page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

      // Opened by a key on a focused item: F2 renames it.
      const file = tab.page.locator('.item[data-path="/1.txt"]');
      await file.focus();
      await tab.page.keyboard.press(' ');
      await tab.page.keyboard.press('F2');
      await dialog.getByRole('textbox').waitFor();
      assert.equal(
        await tab.page.locator('.app-page[inert]').count(),
        1,
        'the page behind is inert',
      );
      const controls = await dialog
        .locator('input, button:not(:disabled)')
        .evaluateAll(
          (elements) => elements.filter((element) => element.getClientRects().length > 0).length,
        );
      const firstFocused = await describeFocused(tab.page);
      for (let press = 0; press < controls; press++) {
        await tab.page.keyboard.press('Tab');
        assert.ok(await focusInDialog(), `Tab ${press + 1} stays in the prompt`);
      }
      assert.equal(await describeFocused(tab.page), firstFocused, 'Tab cycles back to the start');
      await tab.page.keyboard.press('Shift+Tab');
      assert.ok(await focusInDialog(), 'Shift+Tab stays in the prompt');
      await tab.shot(`keyboard-prompt-${sizeName}`);
      await tab.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await tab.page.waitForFunction(
        () => document.activeElement?.getAttribute('data-path') === '/1.txt',
      );
      assert.equal(await tab.page.locator('.app-page[inert]').count(), 0);

      // Opened by a button: the header's search box, which takes Enter like any button (a phone
      // shows it once Esc has cleared the selection).
      await tab.page.keyboard.press('Escape');
      await tab.page.locator('.item[aria-selected="true"]').waitFor({ state: 'detached' });
      const searchBox = tab.page.locator('.search-box');
      await searchBox.focus();
      await tab.page.keyboard.press('Enter');
      const panel = tab.page.getByRole('dialog', { name: 'Search' });
      await panel.getByRole('textbox').waitFor();
      for (let press = 0; press < 12; press++) {
        await tab.page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab');
        assert.ok(await focusInDialog(), 'focus stays in the search panel');
      }
      await tab.page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await tab.page.waitForFunction(() =>
        document.activeElement?.classList.contains('search-box'),
      );
      assertNoErrors(tab);
      await tab.close();
    });
});
