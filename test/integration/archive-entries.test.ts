// Archive entries at the edges: unsafe names, failing sources, changing sizes, zip64; and the algo names.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import type { ArchiveAlgo } from '../../src/api/resources';
import { archiveAlgos } from '../../src/api/resources';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import { archiveFormat, parseArchiveAlgo } from '../../src/archives/archive-formats';
import { createArchiveStream } from '../../src/archives/archive-stream';
import { AppError } from '../../src/errors';
import {
  listOf,
  memoryEntry,
  newWalkStats,
  produceArchive,
  runOk,
  tarListing,
  zipListing,
} from '../helpers/archive-tools';

describe('archive entries', () => {
  let work: string;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-archive-entries-'));
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  const produce = (algo: ArchiveAlgo, entries: AsyncIterable<ArchiveEntry>): Promise<string> =>
    produceArchive(work, algo, entries);

  it('leaves out entries whose name could escape the target folder, and neutralises backslashes', async () => {
    const bytes = Buffer.from('x');
    const file = await produce(
      'zip',
      listOf([
        memoryEntry('../evil.txt', bytes),
        memoryEntry('/etc/evil.txt', bytes),
        memoryEntry('a/../../evil.txt', bytes),
        memoryEntry('a/./b.txt', bytes),
        memoryEntry('a//b.txt', bytes),
        memoryEntry('', bytes),
        memoryEntry('dir\\..\\x.txt', bytes),
        memoryEntry('ok.txt', bytes),
      ]),
    );
    assert.deepEqual(zipListing(file), ['dir_.._x.txt', 'ok.txt']);
  });

  it('leaves out a file whose open() fails and keeps the rest', async () => {
    const broken: ArchiveEntry = {
      ...memoryEntry('gone.txt', Buffer.from('')),
      open: async () => {
        throw new Error('ENOENT');
      },
    };
    const file = await produce(
      'tar',
      listOf([
        memoryEntry('a.txt', Buffer.from('a')),
        broken,
        memoryEntry('b.txt', Buffer.from('b')),
      ]),
    );
    assert.deepEqual(tarListing(file), ['a.txt', 'b.txt']);
  });

  it('fails the stream when a file breaks mid-read, and ends the walk', async () => {
    const stats = newWalkStats();
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      try {
        yield {
          ...memoryEntry('broken.bin', Buffer.alloc(0), 1000),
          open: async () =>
            Readable.from(
              (async function* () {
                yield Buffer.alloc(100);
                throw new Error('EIO: read failed');
              })(),
            ),
        };
        yield memoryEntry('never.txt', Buffer.from('n'));
      } finally {
        stats.ended = true;
      }
    }
    await assert.rejects(
      pipeline(createArchiveStream('zip', entries()), fs.createWriteStream('/dev/null')),
      /EIO/,
    );
    assert.ok(stats.ended);
  });

  it('tar keeps the announced size when a file shrinks or grows while it is read', async () => {
    const file = await produce(
      'tar',
      listOf([
        memoryEntry('shrank.txt', Buffer.from('abcd'), 10),
        memoryEntry('grew.txt', Buffer.from('abcdefgh'), 3),
      ]),
    );
    const target = fs.mkdtempSync(path.join(work, 'sizes-'));
    runOk('tar', ['-xf', file, '-C', target]);
    assert.deepEqual(
      fs.readFileSync(path.join(target, 'shrank.txt')),
      Buffer.concat([Buffer.from('abcd'), Buffer.alloc(6)]),
    );
    assert.equal(fs.readFileSync(path.join(target, 'grew.txt'), 'utf8'), 'abc');
  });

  it('zip switches to zip64 end records past 65535 entries', async () => {
    const count = 70_000;
    // Folders: the cheapest entries, and the end records only care about the count.
    async function* many(): AsyncGenerator<ArchiveEntry> {
      for (let index = 0; index < count; index += 1)
        yield { ...memoryEntry(`d${index}/`, Buffer.alloc(0)), isDir: true };
    }
    const file = await produce('zip', many());
    assert.match(runOk('unzip', ['-tq', file]).toString(), /No errors detected/);
    assert.equal(
      runOk('unzip', ['-Z1', file]).toString().split('\n').filter(Boolean).length,
      count,
    );
    const tail = fs.readFileSync(file).subarray(-98);
    assert.equal(tail.readUInt32LE(0), 0x06064b50, 'zip64 end of central directory record');
    assert.equal(tail.readUInt32LE(56), 0x07064b50, 'zip64 locator');
  });

  it(
    'zip stores a file past 4 GiB with zip64 sizes and offsets',
    {
      skip: process.env.DRAWER_SLOW_TESTS !== '1' && 'writes 4 GiB: set DRAWER_SLOW_TESTS=1',
    },
    async () => {
      const size = 4 * 1024 ** 3 + 1024 * 1024;
      const block = Buffer.alloc(1024 * 1024, 0x5a);
      const huge: ArchiveEntry = {
        ...memoryEntry('huge.bin', Buffer.alloc(0), size),
        open: async () =>
          Readable.from(
            (function* () {
              for (let sent = 0; sent < size; sent += block.length) yield block;
            })(),
          ),
      };
      const file = await produce(
        'zip',
        listOf([huge, memoryEntry('after.txt', Buffer.from('after'))]),
      );
      assert.match(runOk('unzip', ['-t', file]).toString(), /No errors detected/);
      const listing = runOk('unzip', ['-l', file]).toString();
      assert.match(listing, new RegExp(`^\\s*${size}\\s.*huge\\.bin$`, 'm'));
      assert.equal(runOk('unzip', ['-p', file, 'after.txt']).toString(), 'after');
      fs.rmSync(file);
    },
  );
});

describe('archive formats', () => {
  it('absent, empty and "true" mean zip', () => {
    for (const value of [undefined, '', 'true']) assert.equal(parseArchiveAlgo(value), 'zip');
  });

  it('knows every format by name, with its extension', () => {
    const extensions = archiveAlgos.map((algo) => [
      parseArchiveAlgo(algo),
      archiveFormat(algo).extension,
    ]);
    assert.deepEqual(extensions, [
      ['zip', '.zip'],
      ['tar', '.tar'],
      ['targz', '.tar.gz'],
      ['tarbz2', '.tar.bz2'],
      ['tarxz', '.tar.xz'],
      ['tarlz4', '.tar.lz4'],
      ['tarsz', '.tar.sz'],
    ]);
    for (const algo of archiveAlgos)
      assert.ok(archiveFormat(algo).contentType.startsWith('application/'));
  });

  for (const value of ['tarbr', 'tarzst', 'ZIP', 'zip ', 'rar', 'toString', '__proto__']) {
    it(`refuses algo=${JSON.stringify(value)} with archive.badFormat (400)`, () => {
      assert.throws(
        () => parseArchiveAlgo(value),
        (error: unknown) =>
          error instanceof AppError && error.code === 'archive.badFormat' && error.status === 400,
      );
    });
  }

  it('createArchiveStream refuses an unknown algo before touching the entries', () => {
    let touched = false;
    const entries: AsyncIterable<ArchiveEntry> = {
      [Symbol.asyncIterator]() {
        touched = true;
        return listOf([])[Symbol.asyncIterator]();
      },
    };
    assert.throws(() => createArchiveStream('tarbr', entries), { code: 'archive.badFormat' });
    assert.equal(touched, false);
  });
});
