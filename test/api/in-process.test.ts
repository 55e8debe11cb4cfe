// The app run in the test's own process (test/helpers/inject.ts) answers as the built server does:
// login, a listing, and a path leaving the scope refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { injectApp } from '../helpers/inject';
import type { InjectedApp } from '../helpers/inject';

describe('in process (inject)', () => {
  let injected: InjectedApp;
  before(async () => {
    injected = await injectApp({
      setup: (root) => {
        fs.mkdirSync(`${root}/docs`);
        fs.writeFileSync(`${root}/docs/note.txt`, 'hello');
      },
    });
  });
  after(() => injected.close());

  it('logs in and lists a folder', async () => {
    const token = await injected.adminToken();
    const listing = await injected.request('GET', '/api/resources/docs/', { token });
    assert.equal(listing.status, 200, listing.text);
    const items = listing.json<{ items: { name: string; size: number }[] }>().items;
    assert.deepEqual(
      items.map((item) => [item.name, item.size]),
      [['note.txt', 5]],
    );
  });

  it('refuses a request without a token, and a path leaving the scope', async () => {
    const anonymous = await injected.request('GET', '/api/resources/docs/');
    assert.equal(anonymous.status, 401);
    const token = await injected.adminToken();
    const escape = await injected.request('GET', '/api/resources/..%2f..%2fetc/passwd', { token });
    assert.equal(escape.status, 404, `${escape.status} ${escape.text}`);
    assert.equal(escape.json<{ code: string }>().code, 'fs.notFound');
    assert.doesNotMatch(escape.text, /root:/);
  });
});
