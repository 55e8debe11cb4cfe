// The folder stats worker: answers lstat by name, and is let go once idle (its heap with it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openFolderPath } from '../../src/fs/anchored';
import type { FolderStatter } from '../../src/fs/folder-stats';
import {
  createFolderStatter,
  namesPerBatch,
  statFields,
  statterFrom,
  walkWorkerThreshold,
} from '../../src/fs/folder-stats';
import { listFolderTable } from '../../src/fs/list-folder';
import { eventually } from '../helpers/eventually';

describe('folder stats worker', () => {
  let folder: string;

  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-folder-stats-'));
    fs.writeFileSync(path.join(folder, 'five.txt'), '12345');
    fs.mkdirSync(path.join(folder, 'sub'));
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('answers each name’s stats in order, NaN for one that is gone', async () => {
    const statter = createFolderStatter();
    const stats = await statter.statAll(folder, ['five.txt', 'gone.txt', 'sub']);
    assert.equal(stats.length, 3 * statFields);
    assert.equal((stats[0] as number) & fs.constants.S_IFMT, fs.constants.S_IFREG);
    assert.equal(stats[1], 5);
    assert.ok(Number.isNaN(stats[statFields]));
    assert.equal((stats[2 * statFields] as number) & fs.constants.S_IFMT, fs.constants.S_IFDIR);
  });

  it('answers a folder of several batches in order, row for row', async () => {
    const statter = createFolderStatter(50);
    const names = Array.from({ length: 2 * namesPerBatch + 3 }, (_unused, index) =>
      index % 7 === 0 ? 'five.txt' : `gone-${index}`,
    );
    const stats = await statter.statAll(folder, names);
    assert.equal(stats.length, names.length * statFields);
    for (const [index, name] of names.entries()) {
      const size = stats[index * statFields + 1];
      if (name === 'five.txt') assert.equal(size, 5, `row ${index}`);
      else assert.ok(Number.isNaN(stats[index * statFields]), `row ${index}`);
    }
    await eventually(() => !statter.workerRunning, 'the idle worker to be let go');
  });

  it('fails a job cleanly when the worker runs out of heap, and starts afresh after', async () => {
    // Enough heap to start (with less, Node 24 aborts the whole process while making the isolate),
    // not enough for a batch of 4,096 names of 4,000 two-byte characters (32 MB).
    const starved = createFolderStatter(50, {
      maxOldGenerationSizeMb: 8,
      maxYoungGenerationSizeMb: 1,
    });
    const huge = Array.from(
      { length: namesPerBatch },
      (_unused, index) => `${'文'.repeat(4000)}${index}`,
    );
    await assert.rejects(starved.statAll(folder, huge), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
    assert.equal(starved.workerRunning, false);
    const again = await starved.statAll(folder, ['five.txt']);
    assert.equal(again[1], 5);
    await eventually(() => !starved.workerRunning, 'the new worker to be let go');
  });

  it('lists a folder by itself when the worker fails', async () => {
    const failing: FolderStatter = {
      statAll: () => Promise.reject(new Error('ERR_WORKER_OUT_OF_MEMORY')),
      workerRunning: false,
    };
    const listed = { isListed: () => true, describeLink: () => Promise.resolve(undefined) };
    const handle = await openFolderPath(folder);
    try {
      const table = await listFolderTable(handle, listed, statterFrom(failing, 1));
      const five = table.names.indexOf('five.txt');
      assert.equal(table.stats[five * statFields + 1], 5);
    } finally {
      handle.release();
    }
  });

  it('lets its worker go once idle, and starts another for the next folder', async () => {
    const statter = createFolderStatter(50);
    assert.equal(statter.workerRunning, false);
    await statter.statAll(folder, ['five.txt']);
    assert.equal(statter.workerRunning, true);
    await eventually(() => !statter.workerRunning, 'the idle worker to be let go');
    const again = await statter.statAll(folder, ['five.txt']);
    assert.equal(again[1], 5);
    await eventually(() => !statter.workerRunning, 'the second worker to be let go');
  });

  it('takes a walk’s folders of a few dozen names, and leaves smaller ones to the pool', async () => {
    const many = path.join(folder, 'many');
    fs.mkdirSync(many);
    for (let index = 0; index < walkWorkerThreshold; index += 1)
      fs.writeFileSync(path.join(many, `f-${index}`), 'x'.repeat(index));
    const asked: number[] = [];
    const worker = createFolderStatter(50);
    const counting: FolderStatter = {
      statAll: (at, names) => {
        asked.push(names.length);
        return worker.statAll(at, names);
      },
      workerRunning: false,
    };
    const walk = statterFrom(counting, walkWorkerThreshold);
    const listed = { isListed: () => true, describeLink: () => Promise.resolve(undefined) };
    const handle = await openFolderPath(many);
    try {
      const table = await listFolderTable(handle, listed, walk);
      assert.equal(table.names.length, walkWorkerThreshold);
      for (const [row, name] of table.names.entries())
        assert.equal(table.stats[row * statFields + 1], Number(name.slice(2)), name);
      fs.rmSync(path.join(many, 'f-0'));
      await listFolderTable(handle, listed, walk);
    } finally {
      handle.release();
    }
    assert.deepEqual(asked, [walkWorkerThreshold], 'one folder of 48 names, then 47 in the pool');
    await eventually(() => !worker.workerRunning, 'the worker to be let go');
  });
});
