// Sorting in slices gives exactly the order of the one-go sort, for every sorting and size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SortableItem } from '../../src/files/listing-sort';
import {
  compareNames,
  nameSortKey,
  sortListing,
  sortListingInSlices,
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

describe('sortListingInSlices', () => {
  const sortings: Sorting[] = [
    { by: 'name', asc: true },
    { by: 'name', asc: false },
    { by: 'size', asc: true },
    { by: 'size', asc: false },
    { by: 'modified', asc: true },
    { by: 'modified', asc: false },
  ];
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
