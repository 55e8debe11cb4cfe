// A folder's total from the name table (src/search/folder-totals.ts) and the sizes the table keeps, without a disk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { childFolderSizes, folderTotals } from '../../src/search/folder-totals';
import type { TotalsScope } from '../../src/search/folder-totals';
import { kindFolder, kindOther } from '../../src/search/name-table';
import type { NameTable } from '../../src/search/name-table';
import type { VirtualPath } from '../../src/fs/virtual-path';
import { tableOf } from '../helpers/name-table-tree';
import type { Tree } from '../helpers/name-table-tree';

const tree: Tree = {
  docs: { 'a.txt': 10, 'b.txt': 20, old: { 'c.txt': 300 }, '.draft': 4000 },
  photos: { 'cat.jpg': 50_000, 'to-docs': 'link' },
  'readme.md': 6,
};

function scopeOf(overrides: Partial<TotalsScope> = {}): TotalsScope {
  return {
    startIndex: 0,
    startVirtual: '/' as VirtualPath,
    judgesPaths: false,
    isVisible: () => true,
    describeLink: () => Promise.resolve({ isDirectory: true }),
    ...overrides,
  };
}

describe('folder totals from the name table', () => {
  it('adds up files, counts folders and links, and sizes no link', async () => {
    const table = tableOf(tree);
    assert.deepEqual(await folderTotals(table, scopeOf()), {
      size: 54_336,
      files: 7,
      folders: 3,
    });
    const docs = table.lookup(['docs']);
    assert.deepEqual(
      await folderTotals(
        table,
        scopeOf({ startIndex: docs, startVirtual: '/docs' as VirtualPath }),
      ),
      { size: 4330, files: 4, folders: 1 },
    );
  });

  it('leaves out what the view hides, and everything below a hidden folder', async () => {
    const table = tableOf(tree);
    const asked: string[] = [];
    const scope = scopeOf({
      judgesPaths: true,
      isVisible: (path) => {
        asked.push(path);
        return path !== '/docs/old' && !path.endsWith('/.draft');
      },
    });
    assert.deepEqual(await folderTotals(table, scope), { size: 50_036, files: 5, folders: 2 });
    assert.ok(asked.includes('/docs/a.txt'), 'files are judged by their path below the start');
    assert.equal(asked.includes('/docs/old/c.txt'), false, 'nothing below a hidden folder');
  });

  it('counts a link only where the view lists it', async () => {
    const table = tableOf(tree);
    const links: string[] = [];
    const totals = await folderTotals(
      table,
      scopeOf({
        describeLink: (path) => {
          links.push(path);
          return Promise.resolve(undefined);
        },
      }),
    );
    assert.deepEqual(totals, { size: 54_336, files: 6, folders: 3 });
    assert.deepEqual(links, ['/photos/to-docs']);
  });

  it('does not answer while a file’s size is unknown, and answers once it is read', async () => {
    const table = tableOf(tree, { sized: false });
    assert.equal(await folderTotals(table, scopeOf()), undefined);
    const photos = table.lookup(['photos']);
    table.setSize(table.childNamed(photos, 'cat.jpg'), 50_000);
    assert.deepEqual(
      await folderTotals(
        table,
        scopeOf({ startIndex: photos, startVirtual: '/photos' as VirtualPath }),
      ),
      { size: 50_000, files: 2, folders: 0 },
    );
  });

  it('keeps sizes through changes and a compaction; a new entry starts unknown', async () => {
    const table = tableOf(tree);
    const docs = table.lookup(['docs']);
    const added = table.add(docs, 'new.txt', kindOther);
    assert.ok(Number.isNaN(table.sizeOf(added)), 'not read yet');
    assert.equal(await folderTotals(table, scopeOf()), undefined);
    table.setSize(added, 1_000_000);
    table.remove(table.lookup(['docs', 'old']));
    const expected = { size: 1_054_036, files: 7, folders: 2 };
    assert.deepEqual(await folderTotals(table, scopeOf()), expected);
    const { table: compact } = table.compacted();
    assert.deepEqual(await folderTotals(compact, scopeOf()), expected);
    assert.equal(compact.sizeOf(compact.lookup(['docs', 'new.txt'])), 1_000_000);
  });
});

describe('child folders’ sizes from the name table, in one traversal', () => {
  /** Counts each folder's children read: one traversal reads each folder once. */
  function counting(table: NameTable): Map<number, number> {
    const reads = new Map<number, number>();
    const childrenOf = table.childrenOf.bind(table);
    table.childrenOf = (folder: number) => {
      reads.set(folder, (reads.get(folder) ?? 0) + 1);
      return childrenOf(folder);
    };
    return reads;
  }

  /** What folderTotals answers for each real child folder of the start, as /api/size would. */
  async function oneByOne(table: NameTable, scope: TotalsScope): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    const prefix = scope.startVirtual === '/' ? '' : scope.startVirtual;
    for (const child of table.childrenOf(scope.startIndex)) {
      const name = table.nameOf(child);
      const path = `${prefix}/${name}` as VirtualPath;
      if (table.kindOf(child) !== kindFolder || (scope.judgesPaths && !scope.isVisible(path)))
        continue;
      const totals = await folderTotals(
        table,
        scopeOf({ ...scope, startIndex: child, startVirtual: path }),
      );
      if (totals) sizes.set(name, totals.size);
    }
    return sizes;
  }

  const wide: Tree = {
    ...tree,
    photos: {
      ...(tree.photos as Tree),
      trip: { 'a.jpg': 7, '.b.jpg': 70, deeper: { 'c.jpg': 700 } },
    },
    '.config': { 'settings.json': 9000 },
    empty: {},
  };
  const hiding = (path: string) =>
    path !== '/docs/old' && !path.split('/').some((name) => name.startsWith('.'));

  it('answers for each child what folderTotals answers for it, reading each folder once', async () => {
    for (const scope of [scopeOf(), scopeOf({ judgesPaths: true, isVisible: hiding })]) {
      const table = tableOf(wide);
      const expected = await oneByOne(table, scope);
      const reads = counting(table);
      const sizes = await childFolderSizes(table, scope);
      assert.deepEqual(sizes, expected);
      assert.ok(
        [...reads.values()].every((count) => count === 1),
        'no folder is read twice',
      );
      assert.equal(reads.size, scope.judgesPaths ? 6 : 8, 'every folder totalled is read');
    }
    const sizes = await childFolderSizes(
      tableOf(wide),
      scopeOf({ judgesPaths: true, isVisible: hiding }),
    );
    assert.deepEqual(
      sizes,
      new Map([
        ['docs', 30],
        ['empty', 0],
        ['photos', 50_707],
      ]),
      'hidden files and folders are not counted, nor hidden children totalled',
    );
  });

  it('totals the children named only, and describes no link', async () => {
    const table = tableOf(wide);
    const reads = counting(table);
    const sizes = await childFolderSizes(
      table,
      scopeOf({ describeLink: () => assert.fail('a link is never described') }),
      new Set(['photos', 'readme.md', 'missing']),
    );
    assert.deepEqual(sizes, new Map([['photos', 50_777]]));
    assert.equal(reads.has(table.lookup(['docs'])), false, 'docs is not read');
  });

  it('says NaN only for the children below which a size is unknown', async () => {
    const table = tableOf(wide);
    const trip = table.lookup(['photos', 'trip']);
    table.setSize(table.childNamed(trip, 'a.jpg'), Number.NaN);
    const sizes = await childFolderSizes(table, scopeOf());
    assert.deepEqual(
      sizes,
      new Map([
        ['.config', 9000],
        ['docs', 4330],
        ['empty', 0],
        ['photos', Number.NaN],
      ]),
    );
    const docs = table.lookup(['docs']);
    assert.deepEqual(
      await childFolderSizes(
        table,
        scopeOf({ startIndex: docs, startVirtual: '/docs' as VirtualPath }),
      ),
      new Map([['old', 300]]),
    );
  });
});
