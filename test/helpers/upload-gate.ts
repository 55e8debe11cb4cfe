// Holds the browser's tus chunks (PATCH /api/tus/…) with page.route, so a test decides when each one
// may reach the server: to see an upload in flight, pause it, cancel it or reload over it.
import type { Page, Request, Route } from 'playwright-core';

export interface UploadGate {
  /** Resolves once this many chunks are being held. */
  held(count: number): Promise<void>;
  /** Lets the held chunks and every later one through. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export interface GateOptions {
  /** Chunks let through before the gate starts holding (default 0). */
  pass?: number;
  /** Only chunks whose URL matches are counted and held; others always pass. */
  only?: RegExp;
  /** Runs before each counted chunk (1, 2, …) goes on or is held: to move Playwright's clock. */
  onChunk?: (index: number) => Promise<void>;
}

const tusUrl = /\/api\/tus\//;

export async function gateUploads(page: Page, options: GateOptions = {}): Promise<UploadGate> {
  const waiting: Route[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let passed = 0;
  let seen = 0;
  let opened = false;
  // A chunk the page aborted meanwhile (pause, cancel, reload) cannot continue: that is fine.
  const forward = (route: Route) => route.continue().catch(() => undefined);
  const handler = async (route: Route) => {
    const request = route.request();
    const counted = request.method() === 'PATCH' && (options.only?.test(request.url()) ?? true);
    if (!counted) return forward(route);
    seen += 1;
    await options.onChunk?.(seen);
    if (opened) return forward(route);
    if (passed < (options.pass ?? 0)) {
      passed += 1;
      return forward(route);
    }
    waiting.push(route);
    for (const watcher of watchers.filter((item) => waiting.length >= item.count))
      watcher.resolve();
  };
  await page.route(tusUrl, handler);
  return {
    held: (count) =>
      waiting.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => watchers.push({ count, resolve })),
    async open() {
      opened = true;
      await Promise.all(waiting.splice(0).map(forward));
    },
    close: () => page.unroute(tusUrl, handler),
  };
}

/** One line per tus request the page sends: 'PATCH /api/tus/a.bin 131072' (the offset, for chunks). */
export function recordUploads(page: Page): string[] {
  const lines: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!tusUrl.test(url.pathname)) return;
    const offset = request.headers()['upload-offset'];
    lines.push(
      [request.method(), decodeURIComponent(url.pathname), offset].filter(Boolean).join(' '),
    );
  });
  return lines;
}
