// Sorting in slices gives exactly the order of the one-go sort, for every sorting and size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SortableItem } from '../../src/files/listing-sort';
import { sortListing, sortListingInSlices } from '../../src/files/listing-sort';
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
