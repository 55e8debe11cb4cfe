// The search index's build in worker threads reads what the event loop's scan reads, and closes every descriptor.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openFolderPath } from '../../src/fs/anchored';
import type { FolderHandle, Identity } from '../../src/fs/anchored';
import { scanTree } from '../../src/fs/folder-scan';
import { readTreeInWorkers, withoutHidden } from '../../src/fs/tree-reader';
import { NameTable } from '../../src/search/name-table';

/** Every entry of a table as `path kind`, sorted: two tables of the same tree give the same lines. */
function linesOf(table: NameTable): string[] {
  const lines: string[] = [];
  for (let index = 1; index < table.size; index += 1)
    if (table.isReachable(index))
      lines.push(`${table.segmentsOf(index).join('/')} ${table.kindOf(index)}`);
  return lines.sort();
}

const hiddenBySecret = {
  isHidden: (_parent: Identity, name: string) => name.startsWith('secret'),
  mayHideAmong: (_parent: Identity, joined: string) => joined.includes('secret'),
};

/** Descriptors this process holds on `root` or anything below it. */
function descriptorsInto(root: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target === root || target.startsWith(`${root}/`);
    } catch {
      return false; // the descriptor readdir itself used, closed since
    }
  }).length;
}

describe('reading a tree in worker threads', () => {
  let root: string;
  let rootFolder: FolderHandle;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-tree-reader-')));
    const make = (relative: string, body?: string) => {
      const full = path.join(root, relative);
      if (body === undefined) fs.mkdirSync(full, { recursive: true });
      else {
        fs.mkdirSync(path.dirname(full), { recursive: true });
        fs.writeFileSync(full, body);
      }
    };
    // Enough folders for many batches of 64, read by both workers in any order.
    for (let folder = 0; folder < 300; folder += 1) {
      make(`many/f${folder}/inner/a.txt`, 'a');
      make(`many/f${folder}/b.txt`, 'b');
    }
    make('empty');
    make('deep/one/two/three/four/five/leaf.txt', 'x');
    // UTF-8 byte order (libuv's) differs from UTF-16 code units here: U+FB00 before U+1F600 in
    // bytes, after it in code units. And one name in NFD.
    make('names/\u{1F600}.txt', 'x');
    make('names/\uFB00.txt', 'x');
    make('names/cafe\u0301.txt', 'x');
    make('names/plain.txt', 'x');
    make('names/z-folder/\u{1F600}-inner.txt', 'x');
    make('hidden/secret-folder/never-read.txt', 'x');
    make('hidden/secret.txt', 'x');
    make('hidden/shown.txt', 'x');
    fs.symlinkSync(path.join(root, 'deep'), path.join(root, 'link-to-folder'));
    fs.symlinkSync('/etc', path.join(root, 'names', 'link-out'));
    rootFolder = await openFolderPath(root);
  });
  after(() => {
    rootFolder.release();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function readOnEventLoop(): Promise<NameTable> {
    const table = new NameTable();
    await scanTree(rootFolder, 0, hiddenBySecret.isHidden, {
      add: (parent, content) => table.addChildren(parent, content.names, content.kinds),
    });
    table.seal();
    return table;
  }

  for (const workers of [1, 2]) {
    it(`finds what the event loop's scan finds, with ${workers} worker(s), and leaves no descriptor open`, async () => {
      const expected = linesOf(await readOnEventLoop());
      const table = new NameTable();
      const complete = await readTreeInWorkers(
        rootFolder,
        0,
        hiddenBySecret,
        {
          add: (parent, content) =>
            table.addJoinedContent(parent, content.joined, content.kinds, content.lengths),
        },
        workers,
      );
      table.seal();
      assert.equal(complete, true);
      assert.equal(descriptorsInto(root), 1); // the served folder's own
      const lines = linesOf(table);
      assert.deepEqual(lines, expected);
      // Links are entries, never entered; hidden names and what lies below them are left out.
      assert.ok(lines.includes('link-to-folder 2'));
      assert.ok(!lines.some((line) => line.startsWith('link-to-folder/')));
      assert.ok(!lines.some((line) => line.includes('secret')));
      assert.ok(lines.includes('hidden/shown.txt 0'));
      assert.ok(lines.includes('many/f299/inner/a.txt 0'));
      assert.ok(lines.includes('names/z-folder/\u{1F600}-inner.txt 0'));
      // Each folder's names are in code-unit order, so the table finds them by binary search.
      const names = table.lookup(['names']);
      assert.notEqual(table.childNamed(names, '\u{1F600}.txt'), -1);
      assert.notEqual(table.childNamed(names, '\uFB00.txt'), -1);
      assert.notEqual(table.childNamed(names, 'cafe\u0301.txt'), -1);
    });
  }

  it('stops when the sink says so, and still closes every descriptor', async () => {
    const table = new NameTable();
    let folders = 0;
    const complete = await readTreeInWorkers(rootFolder, 0, hiddenBySecret, {
      add: (parent, content) => {
        folders += 1;
        return folders > 40
          ? undefined
          : table.addJoinedContent(parent, content.joined, content.kinds, content.lengths);
      },
    });
    assert.equal(complete, false);
    assert.equal(descriptorsInto(root), 1);
  });

  it('leaves out hidden names only where the pre-check says they may be', () => {
    const folder = { dev: 1, ino: 2 };
    const content = { joined: 'a\0secret\0b', kinds: Uint8Array.from([0, 1, 0]) };
    assert.deepEqual(withoutHidden(folder, content, hiddenBySecret), {
      joined: 'a\0b',
      kinds: Uint8Array.from([0, 0]),
      lengths: Uint32Array.from([1, 1]),
    });
    const none = { joined: 'a\0b', kinds: Uint8Array.from([0, 0]) };
    assert.equal(withoutHidden(folder, none, hiddenBySecret), none);
    // Without a pre-check every name is looked at.
    assert.deepEqual(
      withoutHidden(folder, content, { isHidden: hiddenBySecret.isHidden }).joined,
      'a\0b',
    );
  });
});
