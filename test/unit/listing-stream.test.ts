// The streamed folder JSON: valid in every chunking, and only the allow-listed fields.
import assert from 'node:assert/strict';
import { text } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import type { ResourceInfo } from '../../src/api/resources';
import { baseFields, folderJsonStream, writeItemJson } from '../../src/files/listing-stream';
import { JsonBytes } from '../../src/http/json-bytes';
import type { FolderListing } from '../../src/files/resource-info';
import type { Sorting } from '../../src/users/user';

function item(index: number): ResourceInfo {
  return {
    path: `/f/${index}.txt`,
    name: `${index}.txt`,
    size: index,
    extension: '.txt',
    modified: '2026-01-01T00:00:00Z',
    mode: 420,
    isDir: false,
    isSymlink: false,
    type: 'text',
  };
}

/** The bytes writeItemJson writes for one item, as text. */
function itemJson(info: ResourceInfo): string {
  const bytes = new JsonBytes(16);
  writeItemJson(bytes, info);
  return bytes.take();
}

const byName: Sorting = { by: 'name', asc: true };

function listingOf(folder: ResourceInfo & { items: ResourceInfo[] }): FolderListing {
  const { items, numDirs = 0, numFiles = items.length, sorting = byName, ...info } = folder;
  const entries = {
    numDirs,
    numFiles,
    sorting,
    count: items.length,
    itemsOf: (start: number, end: number) => items.slice(start, end),
  };
  return { ...info, entries: Promise.resolve(entries) };
}

const noRelease = () => undefined;

describe('folderJsonStream', () => {
  it('asks for the heap back once a big listing is written, not for a small one', async () => {
    for (const [count, asks] of [
      [100, 0],
      [20_000, 1],
    ] as const) {
      const items = Array.from({ length: count }, (_unused, index) => item(index));
      const listing = listingOf({ ...item(0), isDir: true, type: '', items });
      const entries = await listing.entries;
      let itemsMade = 0;
      const counted = {
        ...entries,
        itemsOf: (start: number, end: number) => {
          const made = entries.itemsOf(start, end);
          itemsMade += made.length;
          return made;
        },
      };
      const madeWhenReleased: number[] = [];
      const stream = folderJsonStream({ ...listing, entries: Promise.resolve(counted) }, () =>
        madeWhenReleased.push(itemsMade),
      );
      await text(stream);
      assert.deepEqual(madeWhenReleased, asks === 0 ? [] : [count], `${count} entries`);
    }
  });

  for (const count of [0, 1, 512, 513, 1300]) {
    it(`writes ${count} items as one valid document with the counts and sorting`, async () => {
      const items = Array.from({ length: count }, (_unused, index) => item(index));
      const folder = {
        ...item(-1),
        isDir: true,
        type: '' as const,
        items,
        numDirs: 0,
        numFiles: count,
        sorting: { by: 'name' as const, asc: true },
      };
      const parsed = JSON.parse(await text(folderJsonStream(listingOf(folder), noRelease)));
      assert.deepEqual(parsed, { ...folder, items });
    });
  }

  it('writes only the fields the response schema allows, for the folder and its items', async () => {
    const leaky = { ...item(1), content: 'secret', real: '/srv/data/x', password: 'hash' };
    const folder = { ...item(0), isDir: true, items: [leaky], numDirs: 0, numFiles: 1 };
    const output = await text(
      folderJsonStream(listingOf({ ...folder, content: 'folder secret' }), noRelease),
    );
    assert.doesNotMatch(output, /secret|\/srv\/data|hash/);
    assert.deepEqual(Object.keys(JSON.parse(output).items[0]), Object.keys(item(1)));
  });

  it("sends the folder's own fields before its entries are read", async () => {
    let finish: (entries: Awaited<FolderListing['entries']>) => void = () => undefined;
    const entries = new Promise<Awaited<FolderListing['entries']>>((resolve) => (finish = resolve));
    const stream = folderJsonStream({ ...item(0), isDir: true, type: '', entries }, noRelease);
    const first = (await stream[Symbol.asyncIterator]().next()).value as Buffer;
    assert.match(first.toString(), /^\{"path":"\/f\/0.txt",.*"items":\[$/);
    finish({ numDirs: 0, numFiles: 1, sorting: byName, count: 1, itemsOf: () => [item(1)] });
  });

  it('makes no chunk ahead of the one its reader has not taken', async () => {
    const items = Array.from({ length: 512 * 20 }, (_unused, index) => item(index));
    const listing = listingOf({ ...item(0), isDir: true, type: '', items });
    const entries = await listing.entries;
    let made = 0;
    const counted = {
      ...entries,
      itemsOf: (start: number, end: number) => {
        made += 1;
        return entries.itemsOf(start, end);
      },
    };
    const stream = folderJsonStream({ ...listing, entries: Promise.resolve(counted) }, noRelease);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next(); // the folder's own fields
    await reader.next(); // the first chunk of items
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(made <= 2, `${made} chunks made for one read`);
    await reader.return?.();
  });

  it('fails the stream when the entries cannot be read', async () => {
    const entries = Promise.reject(new Error('EIO'));
    const stream = folderJsonStream({ ...item(0), isDir: true, type: '', entries }, noRelease);
    await assert.rejects(text(stream), /EIO/);
  });

  it('writes each item as JSON.stringify would, whatever its name and size hold', () => {
    const sizes = [0, 7, Number.NaN, 1e15, 2 ** 53, 1e21, 1.5, -3, Number.POSITIVE_INFINITY, 4096];
    const names = [
      'plain.txt',
      'a "quoted" name',
      'back\\slash',
      'tab\there',
      'nul\u0000',
      'é.txt',
      '😀',
      'lone \ud83d',
      'del\u007f',
      'ünïcödé 文件.tar.gz',
    ];
    for (const [index, name] of names.entries()) {
      const info: ResourceInfo = {
        ...item(index),
        path: `/f/${name}`,
        name,
        extension: name.includes('.') ? name.slice(name.lastIndexOf('.')) : '',
        size: sizes[index % sizes.length] as number,
        isDir: index % 2 === 0,
        isSymlink: index % 3 === 0,
        type: index % 2 === 0 ? '' : 'text',
      };
      assert.equal(itemJson(info), JSON.stringify(baseFields(info)), name);
    }
  });

  it('writes sizeIsTotal last, and only on a folder whose size is a total', () => {
    const folder: ResourceInfo = { ...item(7), isDir: true, type: '' };
    assert.doesNotMatch(itemJson(folder), /sizeIsTotal/);
    const totalled: ResourceInfo = { ...folder, size: 123_456, sizeIsTotal: true };
    assert.equal(itemJson(totalled), JSON.stringify(baseFields(totalled)));
    assert.match(itemJson(totalled), /"size":123456,.*"type":"","sizeIsTotal":true\}$/);
  });
});
