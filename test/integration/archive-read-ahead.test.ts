// Small files read whole ahead of the writing: sizes that changed, failures, and the bounds on reading ahead.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import { createArchiveStream } from '../../src/archives/archive-stream';
import { tarHeader } from '../../src/archives/tar-headers';
import {
  listOf,
  memoryEntry,
  produceArchive,
  runOk,
  tarListing,
  zipListing,
} from '../helpers/archive-tools';

/** An entry read whole: `bytes` is what the read finds, `size` what the listing saw. */
function wholeEntry(
  name: string,
  bytes: Buffer | undefined,
  size = bytes?.length ?? 0,
): ArchiveEntry {
  return {
    ...memoryEntry(name, bytes ?? Buffer.alloc(0), size),
    readWhole: async () => bytes,
  };
}

describe('archives reading small files ahead', () => {
  let work: string;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-read-ahead-'));
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('a file that shrank after it was listed: tar pads it, zip stores what was read', async () => {
    const entries = () =>
      listOf([
        wholeEntry('shrank.txt', Buffer.from('abcd'), 10),
        wholeEntry('same.txt', Buffer.from('same')),
      ]);
    const tar = await produceArchive(work, 'tar', entries());
    const tarOut = fs.mkdtempSync(path.join(work, 'tar-'));
    runOk('tar', ['-xf', tar, '-C', tarOut]);
    assert.deepEqual(
      fs.readFileSync(path.join(tarOut, 'shrank.txt')),
      Buffer.concat([Buffer.from('abcd'), Buffer.alloc(6)]),
    );
    assert.equal(fs.readFileSync(path.join(tarOut, 'same.txt'), 'utf8'), 'same');
    const zip = await produceArchive(work, 'zip', entries());
    assert.match(runOk('unzip', ['-t', zip]).toString(), /No errors detected/);
    assert.equal(runOk('unzip', ['-p', zip, 'shrank.txt']).toString(), 'abcd');
  });

  it('leaves out a file that can no longer be opened, and fails on a read error', async () => {
    const file = await produceArchive(
      work,
      'zip',
      listOf([wholeEntry('a.txt', Buffer.from('a')), wholeEntry('gone.txt', undefined, 5)]),
    );
    assert.deepEqual(zipListing(file), ['a.txt']);
    let ended = false;
    async function* failing(): AsyncGenerator<ArchiveEntry> {
      try {
        yield {
          ...memoryEntry('broken.bin', Buffer.alloc(0), 100),
          readWhole: async () => {
            throw new Error('EIO: read failed');
          },
        };
        yield wholeEntry('after.txt', Buffer.from('after'));
      } finally {
        ended = true;
      }
    }
    await assert.rejects(
      pipeline(createArchiveStream('tar', failing()), fs.createWriteStream('/dev/null')),
      /EIO/,
    );
    assert.ok(ended, 'the walk was ended');
  });

  it('never pulls the walk past a file that is streamed, until it is written', async () => {
    let pulled = 0;
    let pulledAtOpen = -1;
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      for (let index = 0; index < 3; index += 1) {
        pulled += 1;
        yield wholeEntry(`before-${index}.txt`, Buffer.from('x'));
      }
      pulled += 1;
      const big = memoryEntry('big.bin', Buffer.alloc(300 * 1024, 7));
      yield {
        ...big,
        open: () => {
          pulledAtOpen = pulled;
          return big.open();
        },
      };
      for (let index = 0; index < 3; index += 1) {
        pulled += 1;
        yield wholeEntry(`after-${index}.txt`, Buffer.from('y'));
      }
    }
    const file = await produceArchive(work, 'tar', entries());
    assert.equal(pulledAtOpen, 4, 'the walk waited at the streamed file while it was open');
    assert.equal(tarListing(file).length, 7);
  });

  it('keeps the reads ahead bounded and the order of the walk', async () => {
    let inFlight = 0;
    let most = 0;
    const count = 2000;
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      for (let index = 0; index < count; index += 1) {
        const bytes = Buffer.from(`file ${index}\n`);
        yield {
          ...memoryEntry(`f/${String(index).padStart(4, '0')}.txt`, bytes),
          readWhole: async () => {
            inFlight += 1;
            most = Math.max(most, inFlight);
            // Later files answer first: the archive must still follow the walk's order.
            await new Promise((resolve) => setTimeout(resolve, (count - index) % 5));
            inFlight -= 1;
            return bytes;
          },
        };
      }
    }
    const file = await produceArchive(work, 'zip', entries());
    const names = zipListing(file);
    assert.equal(names.length, count);
    assert.deepEqual(names, [...names].sort());
    assert.ok(most > 1, 'files were read ahead');
    assert.ok(most <= 256, `at most 256 reads at once (saw ${most})`);
    assert.equal(runOk('unzip', ['-p', file, 'f/1234.txt']).toString(), 'file 1234\n');
  });
});

describe('tar headers', () => {
  it('fits ustar when it can, and says the rest in a pax header that tar reads', () => {
    const cases = [
      { name: 'short.txt', blocks: 1 },
      { name: `${'a'.repeat(60)}/${'b'.repeat(60)}/c.txt`, blocks: 1 },
      { name: `${'a'.repeat(200)}/c.txt`, blocks: 3 },
      { name: 'café/ñ.txt', blocks: 3 },
      { name: `${'d'.repeat(99)}/`, blocks: 1, isDir: true },
    ];
    for (const { name, blocks, isDir } of cases) {
      const header = tarHeader({
        name,
        isDir: isDir ?? false,
        size: 0,
        mode: 0o644,
        mtimeSeconds: 1_600_000_000,
      });
      assert.equal(header.length, blocks * 512, name);
      const tar = Buffer.concat([header, Buffer.alloc(1024)]);
      const listed = runOk('tar', ['-t'], { input: tar }).toString().trim();
      assert.equal(listed, name);
    }
  });
});
