// Sorting in slices gives exactly the order of the one-go sort, for every sorting and size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SortableItem } from '../../src/files/listing-sort';
import {
  compareNames,
  firstRows,
  nameSortKey,
  rowsByNameInTwoSteps,
  sortListing,
  sortListingInSlices,
  sortRows,
} from '../../src/files/listing-sort';
import type { Sorting } from '../../src/users/user';

/** A deterministic mix of names (numbers, cases, accents, punctuation), sizes and times. */
function items(count: number): SortableItem[] {
  const stems = ['a', 'B', 'é', 'file', 'File', '_x', '10', 'z-9', 'Ärger', 'img'];
  return Array.from({ length: count }, (_unused, index) => ({
    name: `${stems[index % stems.length]}${(index * 7919) % 1009}.${index % 3 ? 'txt' : 'jpg'}${index}`,
    isDir: index % 11 === 0,
    size: (index * 104729) % 5000,
    modifiedMs: 1_700_000_000_000 + ((index * 15485863) % 86_400_000),
  }));
}

const sortings: Sorting[] = [
  { by: 'name', asc: true },
  { by: 'name', asc: false },
  { by: 'size', asc: true },
  { by: 'size', asc: false },
  { by: 'modified', asc: true },
  { by: 'modified', asc: false },
];

describe('sortListingInSlices', () => {
  for (const count of [0, 5, 2048, 2049, 9000]) {
    it(`orders ${count} items as the one-go sort does, for every sorting`, async () => {
      for (const sorting of sortings) {
        const expected = sortListing(items(count), sorting).map((item) => item.name);
        const actual = (await sortListingInSlices(items(count), sorting)).map((item) => item.name);
        assert.deepEqual(actual, expected, `${sorting.by} ${sorting.asc}`);
      }
    });
  }
});

describe('sortRows', () => {
  it('orders a table’s rows as the comparator does, keyed names or not, every sorting', async () => {
    const asciiOnly = items(9000).filter((item) => nameSortKey(item.name) !== undefined);
    assert.ok(asciiOnly.length > 5000);
    for (const list of [asciiOnly, items(3000)])
      for (const sorting of sortings) {
        const expected = sortListing(
          list.map((item) => ({ ...item })),
          sorting,
        ).map((item) => item.name);
        const rows = await sortRows(
          list.map((item) => item.name),
          {
            isDir: (row) => list[row]?.isDir ?? false,
            size: (row) => list[row]?.size ?? 0,
            modifiedMs: (row) => list[row]?.modifiedMs ?? 0,
          },
          sorting,
        );
        assert.deepEqual(
          Array.from(rows, (row) => list[row]?.name),
          expected,
          `${list.length} ${sorting.by} ${sorting.asc}`,
        );
      }
  });
});

describe('rowsByNameInTwoSteps', () => {
  it('gives at once the first rows of the order it then gives whole', async () => {
    const list = items(9000).filter((item) => nameSortKey(item.name) !== undefined);
    const names = list.map((item) => item.name);
    const isDir = (row: number) => list[row]?.isDir ?? false;
    for (const asc of [true, false])
      for (const headCount of [0, 1, 200, 1000, list.length, list.length + 5]) {
        const split = rowsByNameInTwoSteps(names, isDir, asc, headCount);
        assert.ok(split);
        const all = await split.all;
        const expected = sortListing(
          list.map((item) => ({ ...item })),
          { by: 'name', asc },
        ).map((item) => item.name);
        assert.deepEqual(
          Array.from(all, (row) => names[row]),
          expected,
        );
        assert.deepEqual(Array.from(split.head), Array.from(all.subarray(0, headCount)));
      }
  });

  it('declines names the collator must compare', () => {
    assert.equal(
      rowsByNameInTwoSteps(['a', 'été'], () => false, true, 10),
      undefined,
    );
  });

  it('picks the smallest rows whatever order they come in', () => {
    const compare = (a: number, b: number) => a - b;
    assert.deepEqual(Array.from(firstRows(10, 3, (a, b) => compare(9 - a, 9 - b))), [9, 8, 7]);
    assert.deepEqual(Array.from(firstRows(10, 4, compare)), [0, 1, 2, 3]);
    assert.deepEqual(Array.from(firstRows(3, 10, compare)), [0, 1, 2]);
    assert.deepEqual(Array.from(firstRows(3, 0, compare)), []);
  });
});

describe('nameSortKey', () => {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const byCollator = (a: string, b: string) =>
    collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  const row = (name: string): SortableItem => ({ name, isDir: false, size: 0, modifiedMs: 0 });

  /** A pseudo-random generator, so a failure names the same names every run. */
  function* names(count: number, seed: number): Generator<string> {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ' _-.,()[]&#+~$\'"!@09125aAbBzZé';
    for (let made = 0; made < count; made += 1) {
      const length = Math.floor(next() * 9);
      let name = '';
      for (let index = 0; index < length; index += 1)
        name += alphabet[Math.floor(next() * alphabet.length)];
      yield name;
    }
  }

  it('orders printable ASCII punctuation as the collator does, before digits and letters', () => {
    const printable = Array.from({ length: 95 }, (_unused, index) =>
      String.fromCharCode(32 + index),
    );
    const keyed = [...printable].sort((a, b) => compareNames(keyedRow(a), keyedRow(b)));
    assert.deepEqual(keyed, [...printable].sort(byCollator));
  });

  it('compares every pair as the collator does (with the byte-wise tie-break)', () => {
    const list = [...names(3000, 7)];
    let compared = 0;
    for (let index = 0; index + 1 < list.length; index += 1) {
      const [a = '', b = ''] = [list[index], list[index + 1]];
      const expected = Math.sign(byCollator(a, b));
      assert.equal(Math.sign(compareNames(keyedRow(a), keyedRow(b))), expected, `${a} | ${b}`);
      compared += 1;
    }
    assert.ok(compared > 2000);
  });

  it('sorts a mix of keyed and unkeyed (accented) names exactly as the collator', () => {
    const list = [...names(5000, 11), 'a2', 'a10', 'a01', 'A1', 'file-9.txt', 'file-10.txt'];
    const sorted = sortListing(list.map(row), { by: 'name', asc: true }).map((item) => item.name);
    assert.deepEqual(sorted, [...list].sort(byCollator));
  });

  it('leaves names outside printable ASCII, or with huge numbers, to the collator', () => {
    assert.equal(nameSortKey('été'), undefined);
    assert.equal(nameSortKey(`n${'9'.repeat(300)}`), undefined);
    assert.equal(nameSortKey('Photo 007.JPG'), nameSortKey('photo 7.jpg'));
  });

  function keyedRow(name: string): SortableItem {
    return { ...row(name), sortKey: nameSortKey(name) ?? null };
  }
});
