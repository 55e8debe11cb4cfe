// Tar with its small files laid out on the reader's thread: the same bytes, the same checks, bounded read-ahead.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import type { ArchiveEntry, FramedFiles } from '../../src/archives/archive-entry';
import { createArchiveStream } from '../../src/archives/archive-stream';
import type { FolderHandle } from '../../src/fs/anchored';
import { openFolderPath } from '../../src/fs/anchored';
import type { ListedReader } from '../../src/fs/listed-reader';
import { createListedReaderPool } from '../../src/fs/listed-reader';
import { eventually, memoryEntry, openDescriptorCount, runOk } from '../helpers/archive-tools';

/** Sizes around tar's 512-byte blocks and the whole-file limit (256 KiB; past it, streamed). */
const sizes = [0, 1, 511, 512, 513, 4096, 100_000, 262_144, 300_000];

async function archiveBytes(
  entries: ArchiveEntry[],
  framed?: FramedFiles,
  algo = 'tar',
): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => parts.push(chunk));
  async function* walk(): AsyncGenerator<ArchiveEntry> {
    yield* entries;
  }
  await pipeline(createArchiveStream(algo, walk(), undefined, framed), sink);
  return Buffer.concat(parts);
}

describe('tar laid out by the reader thread', () => {
  let root: string;
  let folder: FolderHandle;
  let reader: ListedReader;
  const pool = createListedReaderPool(0);

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-framed-'));
    folder = await openFolderPath(root);
  });
  after(() => {
    folder.release();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** An entry for `name` in the test folder as listed now, which can be read by `reader`. */
  function listed(name: string, on = folder): ArchiveEntry {
    const stats = fs.lstatSync(path.join(root, name));
    return {
      ...memoryEntry(name, Buffer.alloc(0), stats.size),
      open: async () => fs.createReadStream(path.join(root, name)),
      frame: (head, padding) => reader.frame(on, name, stats, stats.size, head, padding),
    };
  }

  /** Runs `work` with a fresh reader, closed even when an assertion fails (its worker would keep the test running). */
  async function withReader<T>(work: () => Promise<T>): Promise<T> {
    reader = pool.reader();
    try {
      return await work();
    } finally {
      reader.close();
    }
  }

  function tarFile(bytes: Buffer): string {
    const file = path.join(os.tmpdir(), `drawer-framed-${crypto.randomUUID()}.tar`);
    fs.writeFileSync(file, bytes);
    return file;
  }

  it('writes the same bytes as the per-file writer, folders and streamed files in walk order', async () => {
    for (const size of sizes)
      fs.writeFileSync(path.join(root, `s-${size}.bin`), crypto.randomBytes(size));
    const entries = (withFrame: boolean): ArchiveEntry[] => [
      { ...memoryEntry('a folder/', Buffer.alloc(0)), isDir: true },
      ...sizes.map((size) => {
        const entry = listed(`s-${size}.bin`);
        if (!withFrame) delete entry.frame;
        return entry;
      }),
      memoryEntry('from memory.txt', Buffer.from('not a listed file')),
      memoryEntry('../unsafe.txt', Buffer.from('left out')),
    ];
    const framed = await withReader(() => archiveBytes(entries(true), reader));
    const perFile = await archiveBytes(entries(false));
    assert.ok(framed.equals(perFile), 'the same tar');
    const file = tarFile(framed);
    const names = runOk('tar', ['-tf', file]).toString().trim().split('\n');
    assert.deepEqual(names, [
      'a folder/',
      ...sizes.map((size) => `s-${size}.bin`),
      'from memory.txt',
    ]);
    for (const size of sizes) {
      const content = execFileSync('tar', ['-xOf', file, `s-${size}.bin`]);
      assert.ok(content.equals(fs.readFileSync(path.join(root, `s-${size}.bin`))), `s-${size}`);
    }
    fs.rmSync(file);
  });

  it('pads a file that shrank, cuts one that grew, and leaves out one that changed identity', async () => {
    const names = ['shrank', 'grew', 'gone', 'replaced', 'now-link', 'now-fifo', 'kept'];
    for (const name of names) fs.writeFileSync(path.join(root, name), `${name} content\n`);
    const entries = names.map((name) => listed(name));
    fs.writeFileSync(path.join(root, 'shrank'), 'shr');
    fs.writeFileSync(path.join(root, 'grew'), 'grew content, and then some more\n');
    fs.rmSync(path.join(root, 'gone'));
    // Made before the old one goes, so it cannot get its inode number back.
    fs.writeFileSync(path.join(root, 'replacement'), 'replaced content\n');
    fs.renameSync(path.join(root, 'replacement'), path.join(root, 'replaced'));
    fs.rmSync(path.join(root, 'now-link'));
    fs.symlinkSync(path.join(root, 'kept'), path.join(root, 'now-link'));
    fs.rmSync(path.join(root, 'now-fifo'));
    execFileSync('mkfifo', [path.join(root, 'now-fifo')]);
    const bytes = await withReader(() => archiveBytes(entries, reader));
    const file = tarFile(bytes);
    assert.deepEqual(runOk('tar', ['-tf', file]).toString().trim().split('\n'), [
      'shrank',
      'grew',
      'kept',
    ]);
    const out = (name: string) => execFileSync('tar', ['-xOf', file, name]);
    assert.ok(out('shrank').equals(Buffer.concat([Buffer.from('shr'), Buffer.alloc(12)])));
    assert.equal(out('grew').toString(), 'grew content,', 'cut at the listed 13 bytes');
    assert.equal(out('kept').toString(), 'kept content\n');
    fs.rmSync(file);
    for (const name of names) fs.rmSync(path.join(root, name), { force: true });
  });

  it('fills a chunk given back again, showing only its new bytes', async () => {
    const first = crypto.randomBytes(200_000);
    fs.writeFileSync(path.join(root, 'first.bin'), first);
    fs.writeFileSync(path.join(root, 'second.txt'), 'second');
    const statsOf = (name: string) => fs.statSync(path.join(root, name));
    await withReader(async () => {
      reader.frame(folder, 'first.bin', statsOf('first.bin'), first.length, Buffer.from('<'), 0);
      const chunk = await reader.next();
      assert.ok(chunk?.subarray(1).equals(first));
      const foreign = Buffer.from('not a chunk');
      reader.giveBack(foreign);
      assert.equal(foreign.length, 11, 'a buffer the reader did not lend is left alone');
      reader.giveBack(chunk as Buffer);
      assert.equal(chunk?.length, 0, 'handed to the worker (detached)');
      reader.giveBack(chunk as Buffer); // twice: ignored

      reader.frame(folder, 'second.txt', statsOf('second.txt'), 6, Buffer.from('>'), 1);
      const again = await reader.next();
      assert.equal(again?.toString(), '>second\0');
      // The same buffer, its old bytes past the new length: never part of the chunk.
      const old = Buffer.from(again?.buffer as ArrayBuffer, 1000, 1000);
      assert.ok(old.equals(first.subarray(999, 1999)), 'the buffer given back was filled again');
    });
    fs.rmSync(path.join(root, 'first.bin'));
    fs.rmSync(path.join(root, 'second.txt'));
  });

  it('holds the folder until the worker has answered, then closes it', async () => {
    const sub = path.join(root, 'held');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'inside.txt'), 'inside');
    const before = openDescriptorCount();
    const handle = await openFolderPath(sub);
    const stats = fs.statSync(path.join(sub, 'inside.txt'));
    await withReader(async () => {
      reader.frame(handle, 'inside.txt', stats, stats.size, Buffer.from('<'), 1);
      handle.release(); // the walk is done with it; the queued read still holds it
      const chunk = await reader.next();
      assert.equal(chunk?.toString(), '<inside\0');
      assert.equal(await reader.next(), undefined);
    });
    await eventually(() => openDescriptorCount() <= before);
    assert.ok(openDescriptorCount() <= before, 'the folder was closed once answered');
    assert.throws(
      () => reader.frame(folder, 'inside.txt', stats, stats.size, Buffer.alloc(0), 0),
      /closed/,
    );
  });

  it('fails the archive when a checked file cannot be read, and ends the walk', async () => {
    // /proc/<pid>/mem is a regular file whose first page cannot be read: EIO.
    const proc = await openFolderPath(`/proc/${process.pid}`);
    const stats = fs.statSync(`/proc/${process.pid}/mem`);
    let ended = false;
    async function* walk(): AsyncGenerator<ArchiveEntry> {
      try {
        yield {
          ...memoryEntry('mem', Buffer.alloc(0), 16),
          frame: (head, padding) => reader.frame(proc, 'mem', stats, 16, head, padding),
        };
        yield memoryEntry('after.txt', Buffer.from('after'));
      } finally {
        ended = true;
      }
    }
    await withReader(() =>
      assert.rejects(
        pipeline(
          createArchiveStream('tar', walk(), undefined, reader),
          fs.createWriteStream('/dev/null'),
        ),
        /EIO/,
      ),
    );
    proc.release();
    assert.ok(ended, 'the walk was ended');
  });
});

/** Records what the archive queues, laying it out in memory. */
function memoryFramed(): FramedFiles & { most: number; queue(bytes: Buffer): void } {
  let pending: Buffer[] = [];
  let pieces = 0;
  const framed = {
    most: 0,
    queue(bytes: Buffer) {
      pending.push(bytes);
      pieces += 1;
      framed.most = Math.max(framed.most, pieces);
    },
    put(bytes: Uint8Array) {
      framed.queue(Buffer.from(bytes));
    },
    async next() {
      if (pending.length === 0) return undefined;
      const chunk = Buffer.concat(pending);
      pending = [];
      pieces = 0;
      return chunk;
    },
    get pendingBytes() {
      return pending.reduce((sum, part) => sum + part.length, 0);
    },
    get pendingPieces() {
      return pieces;
    },
  };
  return framed;
}

describe('the framed tar loop', () => {
  it('keeps what it queues ahead bounded, and never pulls the walk past a streamed file', async () => {
    const framed = memoryFramed();
    let pulled = 0;
    let pulledAtOpen = -1;
    const small = (name: string): ArchiveEntry => {
      const bytes = Buffer.from(`${name}\n`);
      return {
        ...memoryEntry(name, bytes),
        frame: (head, padding) => framed.queue(Buffer.concat([head, bytes, Buffer.alloc(padding)])),
      };
    };
    async function* walk(): AsyncGenerator<ArchiveEntry> {
      for (let index = 0; index < 2000; index += 1) {
        pulled += 1;
        yield small(`f/${String(index).padStart(4, '0')}.txt`);
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
      pulled += 1;
      yield small('last.txt');
    }
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      createArchiveStream('tar', walk(), undefined, framed)
        .on('data', (chunk: Buffer) => parts.push(chunk))
        .on('end', () => resolve(Buffer.concat(parts)))
        .on('error', reject);
    });
    assert.equal(pulledAtOpen, 2001, 'the walk waited at the streamed file');
    assert.ok(framed.most <= 512, `at most 512 pieces ahead (saw ${framed.most})`);
    const file = path.join(os.tmpdir(), `drawer-framed-${crypto.randomUUID()}.tar`);
    fs.writeFileSync(file, bytes);
    const names = runOk('tar', ['-tf', file]).toString().trim().split('\n');
    assert.equal(names.length, 2002);
    assert.deepEqual(names.slice(-2), ['big.bin', 'last.txt']);
    assert.equal(execFileSync('tar', ['-xOf', file, 'f/1234.txt']).toString(), 'f/1234.txt\n');
    fs.rmSync(file);
  });
});
