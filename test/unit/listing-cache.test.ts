// The listing cache: reuse within the TTL, one read for concurrent requests, failures not kept,
// a separate key for every user, revision, rule set, folder change and sorting, and its bounds.
import assert from 'node:assert/strict';
import type { Stats } from 'node:fs';
import { describe, it } from 'node:test';
import { createListingCache } from '../../src/files/listing-cache';
import type { ListingKey, SortedFolder } from '../../src/files/listing-cache';
import type { VirtualPath } from '../../src/fs/virtual-path';
import type { StoredUser } from '../../src/users/user';

const folderOf = (entries: number): SortedFolder => ({
  table: { names: [], stats: new Float64Array(0), links: new Uint8Array(0) },
  order: new Uint32Array(entries),
  numDirs: 0,
});
const keyOf = (change: Partial<ListingKey> = {}, id = 1, revision = 1): ListingKey => ({
  actor: { id, revision } as StoredUser,
  globalRules: [],
  virtual: '/many' as VirtualPath,
  stats: { dev: 1, ino: 2, mtimeMs: 3, ctimeMs: 4 } as Stats,
  sorting: { by: 'name', asc: true },
  ...change,
});

function counted(entries = 10) {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return Promise.resolve(folderOf(entries));
    },
    reads: () => reads,
  };
}

describe('listing cache', () => {
  const limits = { perUser: 2, maxEntries: 100, ttlMs: 10_000 };

  it('reads once for the same key within the TTL, again after it', async () => {
    let time = 0;
    const cache = createListingCache(limits, () => time);
    const source = counted();
    await Promise.all([
      cache.sortedFolder(keyOf(), source.read),
      cache.sortedFolder(keyOf(), source.read),
    ]);
    await cache.sortedFolder(keyOf(), source.read);
    assert.equal(source.reads(), 1);
    time = 10_001;
    await cache.sortedFolder(keyOf(), source.read);
    assert.equal(source.reads(), 2);
  });

  const others: [string, ListingKey][] = [
    ['another user', keyOf({}, 2)],
    ['a newer revision of the user', keyOf({}, 1, 2)],
    ['other global rules', keyOf({ globalRules: [{ allow: false, path: '/x' } as never] })],
    ['another folder', keyOf({ virtual: '/other' as VirtualPath })],
    ['a changed folder', keyOf({ stats: { dev: 1, ino: 2, mtimeMs: 5, ctimeMs: 6 } as Stats })],
    ['another sorting', keyOf({ sorting: { by: 'size', asc: true } })],
  ];
  for (const [label, other] of others)
    it(`reads again for ${label}`, async () => {
      const cache = createListingCache(limits, () => 0);
      const source = counted();
      await cache.sortedFolder(keyOf(), source.read);
      await cache.sortedFolder(other, source.read);
      assert.equal(source.reads(), 2);
    });

  it('keeps no failed read', async () => {
    const cache = createListingCache(limits, () => 0);
    await assert.rejects(cache.sortedFolder(keyOf(), () => Promise.reject(new Error('disk'))));
    const source = counted();
    await cache.sortedFolder(keyOf(), source.read);
    assert.equal(source.reads(), 1);
  });

  it('keeps the most recent folders of a user, and no more entries than its bound', async () => {
    const cache = createListingCache(limits, () => 0);
    const source = counted();
    const folder = (name: string, id = 1) => keyOf({ virtual: name as VirtualPath }, id);
    for (const name of ['/a', '/b', '/a', '/c'])
      await cache.sortedFolder(folder(name), source.read);
    assert.equal(source.reads(), 3);
    await cache.sortedFolder(folder('/a'), source.read);
    assert.equal(source.reads(), 3, '/a was used more recently than /b');
    await cache.sortedFolder(folder('/b'), source.read);
    assert.equal(source.reads(), 4, '/b was dropped');
    const big = counted(95);
    await cache.sortedFolder(folder('/big', 2), big.read);
    await cache.sortedFolder(folder('/b'), source.read);
    assert.equal(source.reads(), 5, 'the big folder pushed out the others');
  });
});
