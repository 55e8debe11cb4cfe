// The database: a change is seen only once it is on disk; a failed write or a throwing change leaves no trace.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase, schemaVersion } from '../../src/store/database';
import type { Database } from '../../src/store/database';
import { initialDatabase } from '../../src/store/first-run';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-database-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let count = 0;
async function freshDatabase(): Promise<{ database: Database; file: string; tempFile: string }> {
  count += 1;
  const file = path.join(dir, `db-${count}`, 'drawer.json');
  const { database } = await openDatabase(file, () => initialDatabase(false));
  // A folder where the temp file goes makes every write fail, even for root.
  const tempFile = path.join(path.dirname(file), `.drawer.json.${process.pid}.tmp`);
  return { database, file, tempFile };
}

function onDisk(file: string): { nextUserId: number; settings: { signup: boolean } } {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ReturnType<typeof onDisk>;
}

describe('database', () => {
  it('reads an older schema as it is and records the current one with the next write', async () => {
    const file = path.join(dir, 'older', 'drawer.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, JSON.stringify({ ...initialDatabase(false), version: 1 }));
    const { database, isNew } = await openDatabase(file, () => initialDatabase(false));
    assert.equal(isNew, false);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).version, 1, 'opening writes nothing');
    await database.mutate((data) => {
      data.nextUserId += 1;
    });
    // Written by a Drawer that knows link passwords, kinds and limits: an older one must refuse
    // it, not serve view links and file requests as download links.
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).version, schemaVersion);
    assert.equal(schemaVersion, 3);
  });

  it('keeps memory as the file is when a write fails', async () => {
    const { database, file, tempFile } = await freshDatabase();
    fs.mkdirSync(tempFile);
    await assert.rejects(
      database.mutate((data) => {
        data.nextUserId = 42;
        data.settings.signup = true;
      }),
    );
    assert.equal(database.read().nextUserId, 1);
    assert.equal(database.read().settings.signup, false);
    fs.rmdirSync(tempFile);
    await database.mutate((data) => {
      data.nextUserId += 1;
    });
    assert.equal(database.read().nextUserId, 2, 'the failed change is not carried by the next one');
    assert.equal(onDisk(file).nextUserId, 2);
    assert.equal(onDisk(file).settings.signup, false);
  });

  it('shows a change to readers only once it is written', async () => {
    const { database, file } = await freshDatabase();
    const pending = database.mutate((data) => {
      data.nextUserId = 7;
    });
    assert.equal(database.read().nextUserId, 1);
    await pending;
    assert.equal(database.read().nextUserId, 7);
    assert.equal(onDisk(file).nextUserId, 7);
  });

  it('drops a change that throws halfway, writing nothing', async () => {
    const { database, file } = await freshDatabase();
    const before = fs.readFileSync(file, 'utf8');
    await assert.rejects(
      database.mutate((data) => {
        data.nextUserId = 9;
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal(database.read().nextUserId, 1);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  it('applies concurrent changes one after another, each on the result of the last', async () => {
    const { database, file } = await freshDatabase();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        database.mutate((data) => {
          data.nextUserId += 1;
          return data.nextUserId;
        }),
      ),
    );
    assert.deepEqual(
      results,
      Array.from({ length: 30 }, (_, index) => index + 2),
    );
    assert.equal(database.read().nextUserId, 31);
    assert.equal(onDisk(file).nextUserId, 31);
  });

  it('keeps the old data when replacing it fails', async () => {
    const { database, tempFile } = await freshDatabase();
    const replacement = { ...structuredClone(database.read()), nextUserId: 99 };
    fs.mkdirSync(tempFile);
    await assert.rejects(database.replace(replacement));
    fs.rmdirSync(tempFile);
    assert.equal(database.read().nextUserId, 1);
  });
});
