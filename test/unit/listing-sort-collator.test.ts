// The listing's collator is made for the first name that needs one, not when its module loads.
import assert from 'node:assert/strict';
import { it } from 'node:test';

it('makes no collator to load or to sort ASCII names, and one for the first accented name', async () => {
  const Original = Intl.Collator;
  let made = 0;
  Intl.Collator = new Proxy(Original, {
    construct(target, args, newTarget) {
      made += 1;
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    // Imported here, so that the module loads with the counting constructor in place.
    const { sortListing } = await import('../../src/files/listing-sort');
    assert.equal(made, 0, 'a collator was made when the module loaded');
    const sort = (names: string[]) =>
      sortListing(
        names.map((name) => ({ name, isDir: false, size: 0, modifiedMs: 0 })),
        { by: 'name', asc: true },
      ).map((item) => item.name);
    assert.deepEqual(sort(['b10', 'B2', 'a']), ['a', 'B2', 'b10']);
    assert.equal(made, 0, 'a collator was made for ASCII names');
    assert.deepEqual(sort(['Zoé', 'été', 'etc']), ['etc', 'été', 'Zoé']);
    assert.deepEqual(sort(['ü2', 'u10']), ['ü2', 'u10']);
    assert.equal(made, 1);
  } finally {
    Intl.Collator = Original;
  }
});
