// The search index's compact name table and its walk-order answers, without a disk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindFolder, kindLink, kindOther, NameTable } from '../../src/search/name-table';
import { compareWalkOrder, pathOfResult, searchTable } from '../../src/search/search-index-query';
import type { IndexScope } from '../../src/search/search-index-query';
import { parseSearchQuery } from '../../src/search/search';
import type { VirtualPath } from '../../src/fs/virtual-path';
import { tableOf } from '../helpers/name-table-tree';
import type { Tree } from '../helpers/name-table-tree';
import { collectBatches } from '../helpers/batches';

const tree: Tree = {
  docs: { 'Report.pdf': 'file', 'notes.md': 'file', old: { 'report-2019.pdf': 'file' } },
  photos: { 'cat.jpg': 'file', 'dog.png': 'file', 'cat-link': 'link' },
  'cafe\u0301.txt': 'file',
  'readme.txt': 'file',
};

function scopeOf(table: NameTable, overrides: Partial<IndexScope> = {}): IndexScope {
  return {
    startIndex: 0,
    startVirtual: '/' as VirtualPath,
    isVisible: () => true,
    judgesPaths: true,
    describeLink: () => Promise.resolve({ isDirectory: false }),
    ...overrides,
  };
}

const search = async (table: NameTable, raw: string, scope?: Partial<IndexScope>) =>
  (await collectBatches(searchTable(table, scopeOf(table, scope), parseSearchQuery(raw)))).map(
    (result) => `${pathOfResult(result)}${result.dir ? '/' : ''}`,
  );

describe('name table', () => {
  it('finds entries by path, names and kinds', () => {
    const table = tableOf(tree);
    const report = table.lookup(['docs', 'old', 'report-2019.pdf']);
    assert.ok(report > 0);
    assert.deepEqual(table.segmentsOf(report), ['docs', 'old', 'report-2019.pdf']);
    assert.equal(table.kindOf(table.lookup(['docs'])), kindFolder);
    assert.equal(table.kindOf(table.lookup(['photos', 'cat-link'])), kindLink);
    assert.equal(table.lookup(['docs', 'missing']), -1);
    assert.equal(table.lookup(['readme.txt', 'below-a-file']), -1);
    assert.equal(table.size, 12);
  });

  it('matches terms as the walk does: folded, NFC, several terms OR-ed, phrases whole', async () => {
    const table = tableOf(tree);
    assert.deepEqual(await search(table, 'REPORT'), [
      'docs/Report.pdf',
      'docs/old/report-2019.pdf',
    ]);
    assert.deepEqual(await search(table, 'case:sensitive Report'), ['docs/Report.pdf']);
    assert.deepEqual(await search(table, 'café'), ['cafe\u0301.txt']);
    assert.deepEqual(await search(table, 'case:sensitive café'), ['cafe\u0301.txt']);
    assert.deepEqual(await search(table, 'dog notes'), ['docs/notes.md', 'photos/dog.png']);
    assert.deepEqual(await search(table, '"s.md"'), ['docs/notes.md']);
    assert.deepEqual(await search(table, 'type:image'), ['photos/cat.jpg', 'photos/dog.png']);
    assert.deepEqual(await search(table, 'o'), [
      'docs/',
      'photos/',
      'docs/Report.pdf',
      'docs/notes.md',
      'docs/old/',
      'docs/old/report-2019.pdf',
      'photos/dog.png',
    ]);
    assert.deepEqual(await search(table, 'x\0'), [], 'no match spans two names');
  });

  it('finds every name holding a term, wherever its rarest character lies in it', () => {
    // Names from a small alphabet, so terms occur often, overlap and sit at both ends of names.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const alphabet = ['a', 'b', 'a', 'a', 'c', '-', 'Z', '\u{1F600}', 'é'];
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    const files: Tree = {};
    for (let count = 0; count < 3000; count += 1)
      files[`${word(1 + random(12))}.${count}`] = 'file';
    const table = tableOf({ files });
    const folder = table.lookup(['files']);
    const terms = ['aa', 'aab', 'baa', 'ab-', 'zc', 'c.1', '\u{1F600}a', 'é', '-z', 'aaaa', 'b.'];
    for (let count = 0; count < 40; count += 1) terms.push(word(2 + random(4)).toLowerCase());
    for (const term of terms) {
      const found: string[] = [];
      table.forEachMatch([term], false, (index) => found.push(table.nameOf(index)));
      const expected = table
        .childrenOf(folder)
        .map((index) => table.nameOf(index))
        .filter((name) => name.toLowerCase().includes(term));
      assert.deepEqual(found.sort(), expected.sort(), term);
    }
  });

  it('knows whether any name needs escaping in JSON, before and after changes', () => {
    const table = tableOf(tree);
    assert.equal(table.namesArePlainJson(), true);
    table.add(table.lookup(['docs']), 'a "quoted" name.txt', kindOther);
    assert.equal(table.namesArePlainJson(), false);
    assert.equal(tableOf({ 'back\\slash': 'file' }).namesArePlainJson(), false);
    assert.equal(tableOf({ folder: { 'tab\there': 'file' } }).namesArePlainJson(), false);
  });

  it('judges no path when nothing can be hidden from the actor', async () => {
    const table = tableOf(tree);
    const judged: string[] = [];
    const isVisible = (path: string) => {
      judged.push(path);
      return true;
    };
    assert.deepEqual(await search(table, 'report', { judgesPaths: false, isVisible }), [
      'docs/Report.pdf',
      'docs/old/report-2019.pdf',
    ]);
    assert.equal(judged.length, 0);
    await search(table, 'report', { judgesPaths: true, isVisible });
    assert.ok(judged.includes('/docs/old/report-2019.pdf'));
  });

  it('answers below the start only, and never below a hidden folder', async () => {
    const table = tableOf(tree);
    const docs = table.lookup(['docs']);
    assert.deepEqual(
      await search(table, 'report', { startIndex: docs, startVirtual: '/docs' as VirtualPath }),
      ['Report.pdf', 'old/report-2019.pdf'],
    );
    assert.deepEqual(await search(table, 'report', { isVisible: (path) => path !== '/docs/old' }), [
      'docs/Report.pdf',
    ]);
  });

  it('asks the view about links: left out, or shown as folders', async () => {
    const table = tableOf(tree);
    assert.deepEqual(
      await search(table, 'link', { describeLink: () => Promise.resolve(undefined) }),
      [],
    );
    assert.deepEqual(
      await search(table, 'link', { describeLink: () => Promise.resolve({ isDirectory: true }) }),
      ['photos/cat-link/'],
    );
  });

  it('adds and removes entries after sealing, and compacts them into a new base', async () => {
    const table = tableOf(tree);
    const photos = table.lookup(['photos']);
    const added = table.add(photos, 'bird.jpg', kindOther);
    const folder = table.add(0, 'new', kindFolder);
    table.add(folder, 'report-new.txt', kindOther);
    assert.equal(table.childNamed(photos, 'bird.jpg'), added);
    table.remove(table.lookup(['docs', 'old']));
    assert.deepEqual(await search(table, 'report'), ['docs/Report.pdf', 'new/report-new.txt']);
    assert.deepEqual(await search(table, 'bird'), ['photos/bird.jpg']);
    table.remove(added);
    assert.equal(table.childNamed(photos, 'bird.jpg'), -1);
    const { table: compact, remap } = table.compacted();
    assert.equal(compact.size, 12, 'the removed folder and its content are dropped');
    assert.equal(remap[added], -1);
    assert.deepEqual(await search(compact, 'report'), ['docs/Report.pdf', 'new/report-new.txt']);
    assert.equal(compact.addedSinceSeal, 0);
    const photosAfter = remap[photos] ?? -1;
    assert.deepEqual(compact.segmentsOf(photosAfter), ['photos']);
  });

  it('finds, replaces and removes entries added after sealing by name, however many a folder holds', async () => {
    const table = tableOf(tree);
    const photos = table.lookup(['photos']);
    const added = Array.from({ length: 5000 }, (_value, index) =>
      table.add(photos, `upload-${index}.jpg`, kindOther),
    );
    assert.equal(table.childNamed(photos, 'upload-4321.jpg'), added[4321]);
    table.remove(added[10] ?? -1);
    assert.equal(table.childNamed(photos, 'upload-10.jpg'), -1);
    assert.equal(table.childrenOf(photos).length, 3 + 4999);
    // The same name again, now a folder: the file it replaces is gone from every answer.
    const replaced = table.add(photos, 'upload-20.jpg', kindFolder);
    assert.equal(table.childNamed(photos, 'upload-20.jpg'), replaced);
    assert.equal(table.isDead(added[20] ?? -1), true);
    assert.deepEqual(await search(table, 'upload-20.'), ['photos/upload-20.jpg/']);
    // A name of the sealed base, added again: only the new entry answers.
    const cat = table.lookup(['photos', 'cat.jpg']);
    const newCat = table.add(photos, 'cat.jpg', kindLink);
    assert.equal(table.isDead(cat), true);
    assert.equal(table.childNamed(photos, 'cat.jpg'), newCat);
    assert.equal(table.childrenOf(photos).length, 3 + 4999);
  });

  it('stays compact: well under 128 bytes an entry for a million names', () => {
    const table = new NameTable();
    const folders = 1000;
    const names = Array.from({ length: 1000 }, (_value, index) => `file-${index}.txt`);
    const kinds = new Uint8Array(names.length);
    const first = table.addChildren(
      0,
      Array.from(
        { length: folders },
        (_value, index) => `folder-${String(index).padStart(4, '0')}`,
      ),
      new Uint8Array(folders).fill(kindFolder),
    );
    for (let folder = 0; folder < folders; folder += 1)
      table.addChildren(first + folder, names, kinds);
    table.seal();
    assert.equal(table.size, 1 + folders + folders * names.length);
    const bytesPerEntry = table.approximateBytes / table.size;
    assert.ok(bytesPerEntry < 64, `${bytesPerEntry.toFixed(1)} bytes an entry`);
  });

  it('orders results as the walk yields them', () => {
    const sorted = [['b'], ['a', 'z'], ['a', 'b', 'c'], ['a'], ['c', 'd']].sort(compareWalkOrder);
    assert.deepEqual(sorted, [['a'], ['b'], ['a', 'z'], ['a', 'b', 'c'], ['c', 'd']]);
  });

  it('answers in walk order from its ranks, and with entries added after sealing too', async () => {
    // A deterministic tree of about 2,000 entries: folders in folders, names that sort apart
    // by case, digits and punctuation, so that breadth-first indices differ from walk order.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const grow = (depth: number): Tree => {
      const folder: Tree = {};
      const count = 4 + (next() % 8);
      for (let at = 0; at < count; at += 1) {
        const name = `${['x', 'X', 'a', 'b-', '10', '9', 'é'][next() % 7]}${next() % 50}`;
        folder[name] = depth < 4 && next() % 2 === 0 ? grow(depth + 1) : 'file';
      }
      return folder;
    };
    const table = tableOf({ one: grow(0), two: grow(0), 'one-x': grow(0), three: grow(0) });
    const segments = (path: string) => path.replace(/\/$/, '').split('/');
    const walkOrdered = (paths: string[]) =>
      [...paths].sort((a, b) => compareWalkOrder(segments(a), segments(b)));
    const base = await search(table, '0 1 2 3 4 5 6 7 8 9');
    assert.ok(base.length > 200, `${base.length} results`);
    assert.deepEqual(base, walkOrdered(base));

    const [folder] = (await search(table, 'one')).filter((path) => path.endsWith('/'));
    const parent = table.lookup((folder as string).slice(0, -1).split('/'));
    table.add(parent, '0-added-1', kindOther);
    table.add(0, 'a-added-2', kindOther);
    const mixed = await search(table, '0 1 2 3 4 5 6 7 8 9');
    assert.ok(mixed.includes('a-added-2'));
    assert.deepEqual(mixed, walkOrdered(mixed));
  });
});
