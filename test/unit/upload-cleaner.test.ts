// The abandoned-upload cleaner on real folders with an injected clock: what it removes, skips and forgets.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openFolderPath } from '../../src/fs/anchored';
import type { FolderHandle } from '../../src/fs/anchored';
import { createPartial, partialNames } from '../../src/fs/fs-partial';
import { openDatabase } from '../../src/store/database';
import type { Database } from '../../src/store/database';
import { initialDatabase } from '../../src/store/first-run';
import { createUploadActivity } from '../../src/uploads/upload-activity';
import { sweepIntervalOf, sweepUploads } from '../../src/uploads/upload-cleaner';
import type { CleanerDeps } from '../../src/uploads/upload-cleaner';
import { createUploadFoldersStore } from '../../src/uploads/upload-folders-store';
import type { UploadFoldersStore } from '../../src/uploads/upload-folders-store';
import { serialiseRecord, slotFor } from '../../src/uploads/upload-record';
import type { VirtualPath } from '../../src/fs/virtual-path';

const hour = 3600 * 1000;
const silent = { info: () => undefined, warn: () => undefined };

describe('the upload cleaner', () => {
  let dir: string;
  let inbox: string;
  let database: Database;
  let folders: UploadFoldersStore;
  let now: number;
  let root: FolderHandle;
  const open: FolderHandle[] = [];

  const deps = (): CleanerDeps => ({
    root: { folder: root, path: fs.realpathSync(dir) },
    expirationMs: hour,
    now: () => now,
    folders,
    activity: createUploadActivity(() => now),
    log: silent,
  });
  const folderOf = async (where: string) => {
    const handle = await openFolderPath(where);
    open.push(handle);
    return handle;
  };
  /** An upload as the uploads domain creates it, with its folder recorded. */
  const upload = async (where: string, name: string, createdAt = now) => {
    const folder = await folderOf(where);
    const slot = slotFor(1, name);
    await createPartial(folder, slot, 0o600, (data) =>
      serialiseRecord({
        version: 1,
        id: '0'.repeat(24),
        owner: 1,
        path: `/${name}` as VirtualPath,
        name,
        length: 10,
        override: false,
        createdAt,
        folder: { dev: folder.dev, ino: folder.ino },
        data,
      }),
    );
    const entry = { path: fs.realpathSync(where), dev: folder.dev, ino: folder.ino };
    await folders.begin(entry);
    folders.end(entry);
    return { folder, slot, names: partialNames(slot) };
  };
  const exists = (where: string, name: string) => fs.existsSync(path.join(where, name));

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-cleaner-'));
    inbox = path.join(dir, 'inbox');
    fs.mkdirSync(inbox);
    ({ database } = await openDatabase(path.join(dir, 'db.json'), () => initialDatabase(false)));
    folders = createUploadFoldersStore(database);
    now = Date.now();
    root = await folderOf(dir);
  });
  afterEach(async () => {
    for (const handle of open.splice(0)) handle.release();
    await database.flush();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps an upload until it expires, then removes its files and forgets the empty folder', async () => {
    const { names } = await upload(inbox, 'a.txt');
    fs.writeFileSync(path.join(inbox, 'a.txt.keep'), 'a user file');
    assert.deepEqual(await sweepUploads(deps()), { removed: 0, kept: 1, foldersForgotten: 0 });
    assert.ok(exists(inbox, names.data) && exists(inbox, names.record));
    now += 2 * hour;
    assert.deepEqual(await sweepUploads(deps()), { removed: 1, kept: 0, foldersForgotten: 0 });
    assert.ok(!exists(inbox, names.data) && !exists(inbox, names.record));
    assert.ok(exists(inbox, 'a.txt.keep'));
    assert.deepEqual(folders.list(), []);
  });

  it('counts the last write as a sign of life', async () => {
    const { names } = await upload(inbox, 'busy.txt', now - 5 * hour);
    assert.equal((await sweepUploads(deps())).removed, 0, 'written to just now (mtime)');
    const old = (now - 2 * hour) / 1000;
    fs.utimesSync(path.join(inbox, names.data), old, old);
    assert.equal((await sweepUploads(deps())).removed, 1);
  });

  it('skips an upload a request is holding', async () => {
    const { folder, slot, names } = await upload(inbox, 'held.txt');
    now += 2 * hour;
    const cleaner = deps();
    let release!: () => void;
    const holding = cleaner.activity.hold(
      folder,
      slot,
      () => new Promise<void>((r) => (release = r)),
    );
    assert.deepEqual(await sweepUploads(cleaner), { removed: 0, kept: 1, foldersForgotten: 0 });
    assert.ok(exists(inbox, names.data));
    assert.equal(folders.list().length, 1, 'a folder with an upload left is kept');
    release();
    await holding;
  });

  it('removes leftovers of a crash: data without a record, a record without data, once old', async () => {
    const slotA = slotFor(1, 'no-record.txt');
    const slotB = slotFor(1, 'no-data.txt');
    const { names } = await upload(inbox, 'anchor.txt');
    fs.writeFileSync(path.join(inbox, partialNames(slotA).data), 'orphan bytes');
    fs.writeFileSync(path.join(inbox, partialNames(slotB).record), 'not even json');
    assert.equal((await sweepUploads(deps())).removed, 0, 'young leftovers may still be in use');
    now += 2 * hour;
    assert.equal((await sweepUploads(deps())).removed, 3);
    for (const name of [partialNames(slotA).data, partialNames(slotB).record, names.data])
      assert.ok(!exists(inbox, name), name);
  });

  it('never follows or removes what is not a regular file of its own', async () => {
    const { names } = await upload(inbox, 'real.txt');
    const outside = path.join(dir, 'outside.txt');
    fs.writeFileSync(outside, 'keep me');
    const linkSlot = slotFor(2, 'link.txt');
    fs.symlinkSync(outside, path.join(inbox, partialNames(linkSlot).data));
    fs.mkdirSync(path.join(inbox, partialNames(slotFor(3, 'dir')).data));
    fs.writeFileSync(path.join(inbox, '.drawer-upload-notes.txt'), 'look-alike');
    now += 2 * hour;
    await sweepUploads(deps());
    assert.equal(fs.readFileSync(outside, 'utf8'), 'keep me');
    assert.ok(fs.lstatSync(path.join(inbox, partialNames(linkSlot).data)).isSymbolicLink());
    assert.ok(fs.statSync(path.join(inbox, partialNames(slotFor(3, 'dir')).data)).isDirectory());
    assert.ok(exists(inbox, '.drawer-upload-notes.txt'));
    assert.ok(!exists(inbox, names.data));
  });

  it('forgets a folder moved, replaced or swapped for a link, touching nothing in its place', async () => {
    const { names } = await upload(inbox, 'moved.txt');
    const other = path.join(dir, 'other');
    fs.mkdirSync(other);
    const planted = await upload(other, 'moved.txt');
    fs.renameSync(inbox, path.join(dir, 'inbox-moved'));
    fs.symlinkSync(other, inbox);
    folders = createUploadFoldersStore(database);
    now += 2 * hour;
    const report = await sweepUploads({ ...deps(), folders });
    assert.equal(report.foldersForgotten, 1);
    assert.ok(
      exists(path.join(dir, 'inbox-moved'), names.data),
      'the moved folder is not searched',
    );
    assert.ok(!exists(other, planted.names.data), 'its own entry for the other folder is swept');
    assert.deepEqual(folders.list(), []);
  });

  it('keeps a folder whose upload starts while it is being swept', async () => {
    const { folder } = await upload(inbox, 'gone.txt');
    now += 2 * hour;
    const entry = { path: fs.realpathSync(inbox), dev: folder.dev, ino: folder.ino };
    const generation = folders.generation(folder);
    await folders.begin(entry);
    await folders.removeIfIdle(folder, generation);
    assert.equal(folders.list().length, 1, 'work in progress there');
    folders.end(entry);
    await folders.removeIfIdle(folder, generation);
    assert.equal(folders.list().length, 1, 'an upload was made since the sweep looked');
    await folders.removeIfIdle(folder, folders.generation(folder));
    assert.deepEqual(folders.list(), []);
  });

  it('runs every quarter of the expiration, between a second and an hour', () => {
    assert.equal(sweepIntervalOf(24 * hour), hour);
    assert.equal(sweepIntervalOf(hour), hour / 4);
    assert.equal(sweepIntervalOf(1000), 1000);
  });
});
