// The archive reader's workers: kept between archives, one per archive at once, let go when idle.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FolderHandle } from '../../src/fs/anchored';
import { openFolderPath } from '../../src/fs/anchored';
import type { ListedReader } from '../../src/fs/listed-reader';
import { createListedReaderPool } from '../../src/fs/listed-reader';
import { eventually } from '../helpers/eventually';

describe('listed reader pool', () => {
  let root: string;
  let folder: FolderHandle;

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-listed-reader-'));
    for (let index = 0; index < 100; index += 1)
      fs.writeFileSync(path.join(root, `file-${index}.txt`), `content of ${index}`);
    folder = await openFolderPath(root);
  });
  after(() => {
    folder.release();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Every file read through `reader`, checked against the disk. */
  async function readAll(reader: ListedReader): Promise<void> {
    const reads = Array.from({ length: 100 }, async (_, index) => {
      const name = `file-${index}.txt`;
      const stats = fs.statSync(path.join(root, name));
      const bytes = await reader.read(folder, name, stats, stats.size);
      assert.equal(bytes?.toString(), `content of ${index}`);
    });
    await Promise.all(reads);
  }

  it('hands a read batch back to be filled again once every file of it is done with', async () => {
    const reader = createListedReaderPool(0).reader();
    try {
      const read = (index: number) => {
        const name = `file-${index}.txt`;
        const stats = fs.statSync(path.join(root, name));
        return reader.read(folder, name, stats, stats.size);
      };
      const [first, second] = (await Promise.all([read(1), read(2)])) as [Buffer, Buffer];
      assert.equal(first.buffer, second.buffer, 'one batch');
      reader.doneWith(first);
      reader.doneWith(first); // twice: ignored
      reader.doneWith(Buffer.from('not read')); // not the reader's: ignored
      assert.equal(second.toString(), 'content of 2', 'still in use: kept');
      reader.doneWith(second);
      assert.equal(second.length, 0, 'the batch went back to the worker (detached)');
      assert.equal((await read(3))?.toString(), 'content of 3');
    } finally {
      reader.close();
    }
  });

  it('gives the next archive the worker the last one left idle', async () => {
    const pool = createListedReaderPool(60_000);
    for (let archive = 0; archive < 3; archive += 1) {
      const reader = pool.reader();
      await readAll(reader);
      reader.close();
    }
    assert.equal(pool.workersStarted, 1);
    const last = pool.reader();
    await readAll(last);
    last.close();
    assert.equal(pool.workersStarted, 1);
  });

  it('gives archives made at the same time a worker each, and keeps one of them after', async () => {
    const pool = createListedReaderPool(60_000);
    const [first, second] = [pool.reader(), pool.reader()];
    await Promise.all([readAll(first), readAll(second)]);
    first.close();
    second.close();
    assert.equal(pool.workersStarted, 2);
    const next = pool.reader();
    await readAll(next);
    next.close();
    assert.equal(pool.workersStarted, 2, 'the idle one is reused');
  });

  it('lets an idle worker go, and starts another for the next archive', async () => {
    const pool = createListedReaderPool(20);
    const reader = pool.reader();
    await readAll(reader);
    reader.close();
    await eventually(async () => {
      const next = pool.reader();
      await readAll(next);
      next.close();
      return pool.workersStarted >= 2;
    }, 'a new worker once the idle one was let go');
  });

  it('refuses reads after close, and a closed reader’s worker serves the next one', async () => {
    const pool = createListedReaderPool(60_000);
    const reader = pool.reader();
    await readAll(reader);
    reader.close();
    await assert.rejects(reader.read(folder, 'file-1.txt', fs.statSync(root), 1), /closed/);
    const next = pool.reader();
    await readAll(next);
    next.close();
    assert.equal(pool.workersStarted, 1);
  });
});
