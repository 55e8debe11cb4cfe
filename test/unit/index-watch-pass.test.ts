// The watchers made after a build in workers: shallow folders first, within the budget, and a
// folder changed since the build began is read again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openFolderPath } from '../../src/fs/anchored';
import type { FolderHandle } from '../../src/fs/anchored';
import { readTreeInWorkers } from '../../src/fs/tree-reader';
import { watchTableFolders } from '../../src/search/index-watch-pass';
import { NameTable } from '../../src/search/name-table';

describe('watching the folders of a tree read in workers', () => {
  let root: string;
  let rootFolder: FolderHandle;
  let table: NameTable;
  let readSince: number;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-watch-pass-')));
    for (const folder of ['a/a1/a2', 'b/b1', 'c'])
      fs.mkdirSync(path.join(root, folder), { recursive: true });
    fs.writeFileSync(path.join(root, 'b', 'file.txt'), 'x');
    rootFolder = await openFolderPath(root);
    table = new NameTable();
    await readTreeInWorkers(
      rootFolder,
      0,
      { isHidden: () => false },
      {
        add: (parent, content) =>
          table.addJoinedContent(parent, content.joined, content.kinds, content.lengths),
      },
    );
    table.seal();
    // The kernel stamps changes with a coarse clock: past a few of its ticks, a change is later.
    await sleep(50);
    readSince = Date.now();
    await sleep(50);
    fs.writeFileSync(path.join(root, 'b', 'b1', 'new.txt'), 'changed after the read');
  });
  after(() => {
    rootFolder.release();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const pathOf = (index: number) => table.segmentsOf(index).join('/');

  /** Runs the pass with a budget of folders; the folders it watched and read again, by path. */
  async function pass(budget: number, since: number, slackMs?: number) {
    const watched: string[] = [];
    const readAgain: string[] = [];
    await watchTableFolders(
      {
        table: () => table,
        rootFolder,
        running: () => true,
        watch: (index, folder) => {
          if (watched.length === budget) return false;
          const onDisk = fs.statSync(path.join(root, pathOf(index)));
          assert.deepEqual([folder.dev, folder.ino], [onDisk.dev, onDisk.ino], 'the folder itself');
          watched.push(pathOf(index));
          return true;
        },
        readAgain: (index) => readAgain.push(pathOf(index)),
      },
      since,
      slackMs,
    );
    return { watched, readAgain };
  }

  it('watches every folder breadth first and reads again only the one changed since', async () => {
    assert.deepEqual(await pass(100, readSince, 0), {
      watched: ['', 'a', 'b', 'c', 'a/a1', 'b/b1', 'a/a1/a2'],
      readAgain: ['b/b1'],
    });
  });

  it('stops once the budget is spent, and reads again every folder watched that changed since', async () => {
    assert.deepEqual(await pass(3, 0), { watched: ['', 'a', 'b'], readAgain: ['', 'a', 'b'] });
  });
});
