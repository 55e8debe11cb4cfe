// The bbolt reader against files written by the real bbolt library (test/fixtures/filebrowser-db).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { PageSource } from '../../src/import/bbolt-format';
import type { BoltBucket } from '../../src/import/bbolt-reader';
import { openBolt } from '../../src/import/bbolt-reader';
import { ImportError } from '../../src/import/import-error';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'filebrowser-db');
const fileBrowserDb = fs.readFileSync(path.join(fixtures, 'filebrowser.db'));
const shapesDb = fs.readFileSync(path.join(fixtures, 'shapes.db'));

function source(bytes: Buffer): PageSource {
  return {
    size: bytes.length,
    read: (position, length) => bytes.subarray(position, position + length),
  };
}

function changed(bytes: Buffer, change: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(bytes);
  change(copy);
  return copy;
}

function flip(bytes: Buffer, offset: number): void {
  bytes.writeUInt8(bytes.readUInt8(offset) ^ 0xff, offset);
}

function keysOf(bucket: BoltBucket | undefined): string[] {
  assert.ok(bucket, 'the bucket exists');
  return [...bucket.entries()].map((entry) => entry.key.toString('utf8'));
}

/** The meta copy (0 or 1) with the higher transaction id, and where each copy's txid sits. */
function newerMeta(bytes: Buffer, pageSize: number): { index: 0 | 1; txids: [bigint, bigint] } {
  const txids: [bigint, bigint] = [
    bytes.readBigUInt64LE(16 + 48),
    bytes.readBigUInt64LE(pageSize + 16 + 48),
  ];
  return { index: txids[0] > txids[1] ? 0 : 1, txids };
}

function refuses(bytes: Buffer, message: RegExp): void {
  assert.throws(
    () => {
      const db = openBolt(source(bytes));
      const walk = (bucket: BoltBucket): void => {
        for (const entry of bucket.entries()) if (entry.bucket) walk(entry.bucket);
      };
      walk(db.root);
    },
    (error: unknown) => error instanceof ImportError && message.test(error.message),
  );
}

describe('bbolt reader', () => {
  it('finds every bucket, nested bucket and key of a File Browser database', () => {
    const db = openBolt(source(fileBrowserDb));
    assert.equal(db.meta.pageSize, 4096);
    assert.deepEqual(keysOf(db.root), ['Link', 'User', '__storm_db', 'config']);
    assert.deepEqual(keysOf(db.root.bucket('config')), [
      '__storm_metadata',
      'auther',
      'server',
      'settings',
      'version',
    ]);
    assert.equal(db.root.bucket('config')?.get('version')?.toString(), '2');
    assert.equal(db.root.bucket('__storm_db')?.get('version')?.toString(), '"2.0.0"');
    const users = db.root.bucket('User');
    assert.deepEqual(keysOf(users).slice(4), [
      '__storm_index_ID',
      '__storm_index_Username',
      '__storm_metadata',
    ]);
    const metadata = users?.bucket('__storm_metadata');
    assert.equal(metadata?.get('codec')?.toString(), 'json');
    assert.equal(metadata?.get('IDcounter')?.readBigInt64BE(0), 5n);
    assert.deepEqual(keysOf(users?.bucket('__storm_index_Username')), [
      'admin',
      'bob',
      'carol',
      'dave',
    ]);
    const ids = [...(users?.entries() ?? [])]
      .filter((entry) => entry.value)
      .map((entry) => entry.key.readBigUInt64BE(0));
    assert.deepEqual(ids, [1n, 2n, 3n, 5n]);
    // dave's 201 rules make a value of several pages: it comes back whole, as valid JSON.
    const dave = JSON.parse(users?.get('\0\0\0\0\0\0\0\x05')?.toString() ?? '') as {
      rules: unknown[];
    };
    assert.equal(dave.rules.length, 201);
    const paths = db.root.bucket('Link')?.bucket('__storm_index_Path');
    assert.deepEqual(keysOf(paths?.bucket('storm__ids')), [
      '0ldL1nk0',
      'Kx8sT2Zq',
      'dAv3Lnk1',
      'gh0stLnk',
      'pH0t0sLk',
      's3cr3tLk',
    ]);
  });

  it('walks branch pages, overflow values, nested and inline buckets and sequences', () => {
    const db = openBolt(source(shapesDb));
    assert.equal(db.meta.pageSize, 1024);
    assert.deepEqual(keysOf(db.root), ['big', 'empty', 'many', 'outer', 'tiny']);
    const many = [...(db.root.bucket('many')?.entries() ?? [])];
    const expected = Array.from({ length: 1500 }, (_, index) => index).filter((n) => n % 3 !== 0);
    assert.deepEqual(
      many.map((entry) => [entry.key.toString(), entry.value?.toString()]),
      expected.map((n) => [`k${String(n).padStart(5, '0')}`, `v${n}`]),
    );
    const blob = db.root.bucket('big')?.get('blob');
    assert.equal(blob?.length, 20000);
    blob?.forEach((byte, index) => {
      if (byte !== 97 + ((index * 7 + Math.floor(index / 26)) % 26))
        assert.fail(`byte ${index} of the overflow value is wrong`);
    });
    assert.equal(db.root.bucket('big')?.get('after')?.toString(), 'small');
    const middle = db.root.bucket('outer')?.bucket('middle');
    assert.equal(middle?.bucket('inner')?.get('deep')?.toString(), 'three levels down');
    assert.equal(middle?.get('beside')?.toString(), 'a key beside a bucket');
    assert.equal(keysOf(db.root.bucket('outer')).length, 41);
    const tiny = db.root.bucket('tiny');
    assert.equal(tiny?.sequence, 7n);
    assert.equal(tiny?.get('empty-value')?.length, 0);
    assert.equal([...(tiny?.entries() ?? [])][0]?.key.toString('hex'), '00ff');
    assert.deepEqual(keysOf(db.root.bucket('empty')), []);
    assert.equal(db.root.bucket('dropped'), undefined);
  });

  it('reads the newer meta, and the older one when the newer is damaged', () => {
    const { index, txids } = newerMeta(fileBrowserDb, 4096);
    assert.equal(openBolt(source(fileBrowserDb)).meta.txid, txids[index]);
    // A write cut short leaves a bad checksum in the copy it was writing.
    const damaged = changed(fileBrowserDb, (copy) => {
      flip(copy, index * 4096 + 16 + 56);
    });
    const older = openBolt(source(damaged));
    assert.equal(older.meta.txid, txids[1 - index]);
    // The last transaction saved the last link; the older state is whole, without it.
    assert.deepEqual(keysOf(older.root.bucket('Link')).slice(0, 5), [
      '0ldL1nk0',
      'Kx8sT2Zq',
      '__storm_index_Hash',
      '__storm_index_Path',
      '__storm_metadata',
    ]);
    assert.equal(older.root.bucket('Link')?.get('gh0stLnk'), undefined);
  });

  it('refuses damaged files with a clear error', () => {
    refuses(Buffer.from('just some text, not a database\n'.repeat(400)), /not a File Browser/);
    refuses(
      changed(fileBrowserDb, (copy) => {
        flip(copy, 16 + 56);
        flip(copy, 4096 + 16 + 56);
      }),
      /damaged \(both copies of its header/,
    );
    refuses(fileBrowserDb.subarray(0, 8192 + 100), /cut short/);
    const db = openBolt(source(fileBrowserDb));
    const root = db.meta.rootPage * 4096;
    refuses(
      changed(fileBrowserDb, (copy) => copy.writeUInt16LE(0, root + 8)),
      /neither a branch nor a leaf/,
    );
    refuses(
      changed(fileBrowserDb, (copy) => copy.writeBigUInt64LE(3n, root)),
      /page \d+ says it is page 3/,
    );
    refuses(
      changed(fileBrowserDb, (copy) => copy.writeUInt16LE(300, root + 10)),
      /more elements than fit/,
    );
  });

  it('refuses a branch page that points back at itself instead of looping', () => {
    const { rootPage } = openBolt(source(shapesDb)).meta;
    // The "many" bucket is rooted at a branch page; make its first child that page again.
    const leaf = shapesDb.subarray(rootPage * 1024, (rootPage + 1) * 1024);
    const manyAt = leaf.indexOf('many');
    const manyRoot = shapesDb.readBigUInt64LE(rootPage * 1024 + manyAt + 4);
    const at = Number(manyRoot) * 1024;
    assert.equal(shapesDb.readUInt16LE(at + 8), 0x01, 'the bucket root is a branch page');
    refuses(
      changed(shapesDb, (copy) => copy.writeBigUInt64LE(manyRoot, at + 16 + 8)),
      /loop/,
    );
  });
});
