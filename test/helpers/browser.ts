// Drives the built UI in Debian's chromium (playwright-core) against a real server on a temp folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { adminPassword, bundle, removeDir, startServer } from './server';
import type { StartOptions, TestServer } from './server';

export const chromiumPath = process.env.DRAWER_CHROMIUM ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageOptions {
  /** Log in as this user by putting a fresh token into localStorage (default: admin). */
  as?: { username: string; password: string } | null;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.languages, Accept-Language), e.g. 'ar' or 'pt-BR'; default en-US. */
  locale?: string;
  /** A touch screen (taps instead of clicks). */
  hasTouch?: boolean;
  /** The browser's time zone, e.g. 'Asia/Tokyo'; default the machine's. */
  timezoneId?: string;
}

export interface UiPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far (failed HTTP loads are left out: tests cause them). */
  errors: string[];
  /** Opens an app path (such as '/files/') under the server's base URL and waits for the app. */
  open(appPath: string): Promise<void>;
  /** Saves a screenshot when DRAWER_SHOTS names a folder. */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface UiHarness {
  server: TestServer;
  browser: Browser;
  newPage(options?: PageOptions): Promise<UiPage>;
  close(): Promise<void>;
}

function assertUiBuilt(): void {
  const index = path.join(path.dirname(bundle), 'ui', 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : '';
  if (!/assets\/main-[^"]+\.js/.test(html))
    throw new Error(`${index} has no built UI: run node --import tsx scripts/build-ui.ts first`);
}

/** One server and one browser for a whole test file; pages are cheap. */
export async function startUi(options: StartOptions = {}): Promise<UiHarness> {
  assertUiBuilt();
  const server = await startServer(options);
  // launch() gives every browser a fresh temporary profile (user-data dir) and removes it on close.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const shotsDir = process.env.DRAWER_SHOTS;

  async function newPage(pageOptions: PageOptions = {}): Promise<UiPage> {
    const context = await browser.newContext({
      colorScheme: pageOptions.colorScheme ?? 'light',
      viewport: pageOptions.viewport ?? { width: 1280, height: 800 },
      locale: pageOptions.locale ?? 'en-US',
      acceptDownloads: true,
      hasTouch: pageOptions.hasTouch ?? false,
      ...(pageOptions.timezoneId ? { timezoneId: pageOptions.timezoneId } : {}),
    });
    // tsx compiles tests with keepNames: functions handed to page.evaluate() call its __name helper.
    await context.addInitScript('globalThis.__name = (target) => target');
    const as =
      pageOptions.as === undefined
        ? { username: 'admin', password: adminPassword }
        : pageOptions.as;
    if (as) {
      const token = await server.login(as.username, as.password);
      // Seeded once per tab, so logging out stays logged out; sandboxed pages (JSON errors) have no storage.
      await context.addInitScript((jwt) => {
        try {
          if (!sessionStorage.getItem('drawer-test-seeded')) {
            localStorage.setItem('jwt', jwt);
            sessionStorage.setItem('drawer-test-seeded', '1');
          }
        } catch {
          // no storage here
        }
      }, token);
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    return {
      page,
      context,
      errors,
      async open(appPath) {
        await page.goto(server.url + appPath);
        await page.waitForSelector('#loading', { state: 'detached' });
      },
      async shot(name) {
        if (!shotsDir) return;
        fs.mkdirSync(shotsDir, { recursive: true });
        await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
      },
      close: () => context.close(),
    };
  }

  return {
    server,
    browser,
    newPage,
    async close() {
      await browser.close();
      await server.stop();
      removeDir(server.dir);
    },
  };
}

/**
 * Stops the page's clock, which page.clock.install() must have faked: from here on the page's time
 * moves only when the test moves it (runFor, fastForward) or resumes it, so waits about UI time hold
 * however slowly a loaded machine runs the test.
 */
export async function pauseClock(page: Page): Promise<void> {
  // The clock cannot go back, and the page's time goes on until the pause lands: aim a little ahead.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

const clockInstalled = new WeakSet<BrowserContext>();

/** Fakes the page's time functions (Playwright's clock, running on its own until paused). */
export async function installClock(page: Page): Promise<void> {
  if (clockInstalled.has(page.context())) return;
  clockInstalled.add(page.context());
  await page.clock.install();
}

/**
 * A double click that the app sees as one however loaded the machine: the listing counts two clicks
 * within 300 ms on the page's clock (docs/UI.md, Figures), so the clock stands still between them.
 */
export async function doubleClick(target: Locator): Promise<void> {
  const page = target.page();
  await installClock(page);
  await target.waitFor();
  await pauseClock(page);
  try {
    await target.dblclick();
  } finally {
    await page.clock.resume();
  }
}

/**
 * Resolves after the page has drawn `count` frames: what a click or key does at once (a handler that
 * sets state, a request it starts) has happened by then, so its absence can be checked.
 */
export function afterFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const step = (left: number) =>
          left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
        step(frames);
      }),
    count,
  );
}

/** The app path of the page, without the base URL. */
export function appPath(page: Page, server: TestServer): string {
  return decodeURI(page.url().slice(server.url.length));
}

export function assertNoErrors(ui: UiPage): void {
  assert.deepEqual(ui.errors, [], 'no console errors or uncaught exceptions');
}

/** Names of the listing items on screen, in order. */
export function listedNames(page: Page): Promise<string[]> {
  return page.$$eval('.listing .item .item-name', (elements) =>
    elements.map((element) => element.textContent ?? ''),
  );
}

/** Stores preferences of a user straight through the API (view mode, sorting). */
export async function setPreferences(
  server: TestServer,
  token: string,
  id: number,
  data: Record<string, unknown>,
): Promise<void> {
  const response = await server.request('PUT', `/api/users/${id}`, {
    token,
    body: { what: 'user', which: Object.keys(data), data: { id, ...data } },
  });
  assert.equal(response.status, 200, response.text);
}

export const userPassword = 'user-password-for-tests';

/** Creates a user (admin token) with the given fields over the defaults; returns its id. */
export async function addUser(
  server: TestServer,
  username: string,
  data: Record<string, unknown> = {},
): Promise<number> {
  const response = await server.request('POST', '/api/users', {
    token: await server.adminToken(),
    body: {
      what: 'user',
      which: [],
      data: { username, password: userPassword, ...data },
      current_password: adminPassword,
    },
  });
  assert.equal(response.status, 201, response.text);
  return response.json<{ id: number }>().id;
}
