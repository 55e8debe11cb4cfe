// The preview cache on a real temp folder: hits, the byte bound with least-recently-used eviction, and links.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { openPreviewCache } from '../../src/previews/preview-cache';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-preview-cache-'));
  dirs.push(dir);
  return path.join(dir, 'previews');
}

const keyOf = (name: string) => createHash('sha256').update(name).digest('hex');
const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('the preview cache', () => {
  it('keeps what it was given, in a folder only the owner can read, written whole', async () => {
    const folder = tempFolder();
    const cache = await openPreviewCache(folder, 1024 * 1024, log);
    assert.equal(await cache.get(keyOf('a')), undefined);
    await cache.put(keyOf('a'), bytes(100, 1));
    assert.deepEqual(await cache.get(keyOf('a')), bytes(100, 1));
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    assert.deepEqual(fs.readdirSync(folder), [keyOf('a')]);
    assert.equal(fs.statSync(path.join(folder, keyOf('a'))).mode & 0o777, 0o600);
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const folder = tempFolder();
    const cache = await openPreviewCache(folder, 1000, log);
    for (const name of ['a', 'b', 'c']) await cache.put(keyOf(name), bytes(240, 2));
    assert.ok(await cache.get(keyOf('a'))); // a is now the most recently used
    await cache.put(keyOf('d'), bytes(240, 3));
    await cache.put(keyOf('e'), bytes(240, 4)); // 1200 > 1000: b, the oldest, goes
    assert.equal(await cache.get(keyOf('b')), undefined);
    for (const name of ['a', 'c', 'd', 'e']) assert.ok(await cache.get(keyOf(name)), name);
    assert.equal(await cache.usedBytes(), 960);
    assert.equal(fs.readdirSync(folder).length, 4);
    // One preview may not take more than a quarter of the cache.
    await cache.put(keyOf('huge'), bytes(300, 5));
    assert.equal(await cache.get(keyOf('huge')), undefined);
  });

  it('remembers sizes and recency across a restart, and clears writes a crash cut short', async () => {
    const folder = tempFolder();
    const first = await openPreviewCache(folder, 1000, log);
    for (const name of ['a', 'b', 'c', 'd']) await first.put(keyOf(name), bytes(240, 6));
    // Used an hour, 30, 20 and 10 minutes ago, in that order.
    for (const [name, minutes] of [
      ['a', 60],
      ['b', 30],
      ['c', 20],
      ['d', 10],
    ] as const) {
      const when = new Date(Date.now() - minutes * 60_000);
      fs.utimesSync(path.join(folder, keyOf(name)), when, when);
    }
    fs.writeFileSync(path.join(folder, `${keyOf('x')}.123.1.tmp`), 'partial');
    const second = await openPreviewCache(folder, 500, log);
    assert.equal(await second.usedBytes(), 480);
    assert.equal(await second.get(keyOf('a')), undefined);
    assert.equal(await second.get(keyOf('b')), undefined);
    assert.ok(await second.get(keyOf('d')));
    assert.ok(!fs.readdirSync(folder).some((name) => name.endsWith('.tmp')));
  });

  it('never follows a link put in place of an entry, and forgets it', async () => {
    const folder = tempFolder();
    const cache = await openPreviewCache(folder, 1000, log);
    await cache.put(keyOf('a'), bytes(10, 7));
    const secret = path.join(path.dirname(folder), 'secret');
    fs.writeFileSync(secret, 'not a preview');
    fs.rmSync(path.join(folder, keyOf('a')));
    fs.symlinkSync(secret, path.join(folder, keyOf('a')));
    assert.equal(await cache.get(keyOf('a')), undefined);
    assert.equal(await cache.usedBytes(), 0);
  });

  it('keeps nothing with a size of 0', async () => {
    const folder = tempFolder();
    const cache = await openPreviewCache(folder, 0, log);
    await cache.put(keyOf('a'), bytes(10, 8));
    assert.equal(await cache.get(keyOf('a')), undefined);
    assert.equal(fs.existsSync(folder), false);
  });
});
