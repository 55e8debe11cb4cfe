// Streaming archives in every format, checked with the reference tools, plus early stop and bad input.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import type { ArchiveAlgo } from '../../src/archives/archive-formats';
import { archiveAlgos, archiveFormat, parseArchiveAlgo } from '../../src/archives/archive-formats';
import { createArchiveStream } from '../../src/archives/archive-stream';
import { AppError } from '../../src/errors';
import type { TreeContents } from '../helpers/archive-tools';
import {
  assertSameTree,
  decodeSnappyFrames,
  eventually,
  newWalkStats,
  openDescriptorCount,
  readTree,
  runOk,
  sampleMtime,
  walkEntries,
  writeSampleTree,
} from '../helpers/archive-tools';

/** Checks one archive with its reference tool, extracts it into `target`, returns its entry names. */
const verifiers: Record<ArchiveAlgo, (file: string, target: string) => string[]> = {
  zip: (file, target) => {
    assert.match(runOk('unzip', ['-t', file]).toString(), /No errors detected/);
    runOk('unzip', ['-q', file, '-d', target]);
    return zipListing(file);
  },
  tar: (file, target) => {
    runOk('tar', ['-xf', file, '-C', target]);
    return tarListing(file);
  },
  targz: (file, target) => {
    runOk('gzip', ['-t', file]);
    runOk('tar', ['-xzf', file, '-C', target]);
    return tarListing(file);
  },
  tarbz2: (file, target) => {
    runOk('bzip2', ['-t', file]);
    runOk('tar', ['-xjf', file, '-C', target]);
    return tarListing(file);
  },
  tarxz: (file, target) => {
    runOk('xz', ['-t', file]);
    runOk('tar', ['-xJf', file, '-C', target]);
    return tarListing(file);
  },
  tarlz4: (file, target) => {
    runOk('lz4', ['-t', file]);
    runOk('tar', ['-x', '-C', target], { input: runOk('lz4', ['-dc', file]) });
    return tarListing(file, ['-I', 'lz4']);
  },
  tarsz: (file, target) => {
    const tar = decodeSnappyFrames(fs.readFileSync(file));
    runOk('tar', ['-x', '-C', target], { input: tar });
    return runOk('tar', ['-t'], { input: tar }).toString().split('\n').filter(Boolean);
  },
};

function tarListing(file: string, filter: string[] = []): string[] {
  return runOk('tar', [...filter, '-tf', file])
    .toString()
    .split('\n')
    .filter(Boolean);
}

/** Names from `unzip -l`: the fourth column of the lines between the two dashed rules. */
function zipListing(file: string): string[] {
  const lines = runOk('unzip', ['-l', file]).toString().split('\n');
  const rules = lines.flatMap((line, index) => (/^-{5,}/.test(line) ? [index] : []));
  return lines
    .slice((rules[0] ?? 0) + 1, rules[1])
    .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(.*)$/.exec(line)?.[1] ?? line);
}

function expectedNames(tree: TreeContents): string[] {
  return [...tree].map(([name, content]) => (content === 'dir' ? `${name}/` : name)).sort();
}

function memoryEntry(name: string, content: Buffer, size = content.length): ArchiveEntry {
  return {
    name,
    isDir: false,
    size,
    mtime: sampleMtime,
    mode: 0o644,
    open: async () => Readable.from([content]),
  };
}

async function* listOf(entries: ArchiveEntry[]): AsyncGenerator<ArchiveEntry> {
  yield* entries;
}

describe('archive streams', () => {
  let work: string;
  let source: string;
  let expected: TreeContents;
  let bigFiles: string;

  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-archives-'));
    source = path.join(work, 'source');
    fs.mkdirSync(source);
    expected = writeSampleTree(source);
    bigFiles = path.join(work, 'big');
    fs.mkdirSync(bigFiles);
    for (let index = 0; index < 8; index += 1) {
      fs.writeFileSync(
        path.join(bigFiles, `part-${index}.bin`),
        crypto.randomBytes(2 * 1024 * 1024),
      );
    }
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  async function produce(algo: ArchiveAlgo, entries: AsyncIterable<ArchiveEntry>): Promise<string> {
    const file = path.join(work, `${algo}-${crypto.randomUUID()}${archiveFormat(algo).extension}`);
    await pipeline(createArchiveStream(algo, entries), fs.createWriteStream(file));
    return file;
  }

  for (const algo of archiveAlgos) {
    it(`${algo}: the reference tool accepts it and extracts the same tree`, async () => {
      const stats = newWalkStats();
      const file = await produce(algo, walkEntries(source, stats));
      const target = fs.mkdtempSync(path.join(work, `x-${algo}-`));
      const names = verifiers[algo](file, target);
      assert.deepEqual(names.sort(), expectedNames(expected));
      assertSameTree(readTree(target), expected);
      const extractedMtime = fs.statSync(path.join(target, 'café', 'ñ.txt')).mtime;
      assert.equal(extractedMtime.getTime(), sampleMtime.getTime());
      assert.equal(stats.maxOpen, 1, 'never more than one source open');
      assert.equal(stats.openNow, 0);
      assert.ok(stats.ended);
    });
  }

  for (const algo of archiveAlgos) {
    it(`${algo}: a reader that stops after 1 MB ends the walk and closes the open file`, async () => {
      const baseline = openDescriptorCount();
      const stats = newWalkStats();
      let received = 0;
      for await (const chunk of createArchiveStream(algo, walkEntries(bigFiles, stats))) {
        received += (chunk as Buffer).length;
        if (received >= 1_000_000) break; // destroys the stream, as Fastify does on a client abort
      }
      await eventually(
        () => stats.ended && stats.openNow === 0 && openDescriptorCount() <= baseline,
      );
      const requested = stats.requested;
      assert.ok(stats.ended, "the walk's return() was called");
      assert.ok(requested <= 2, `only the first entries were requested (${requested} of 8)`);
      assert.equal(stats.openNow, 0);
      assert.ok(openDescriptorCount() <= baseline, 'descriptors back to the baseline');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(stats.requested, requested, 'nothing requested after the stop');
    });
  }

  for (const algo of ['zip', 'tar', 'tarlz4'] as const) {
    it(`${algo}: destroy() mid-download (what Fastify does on a client abort) ends the walk`, async () => {
      const baseline = openDescriptorCount();
      const stats = newWalkStats();
      const stream = createArchiveStream(algo, walkEntries(bigFiles, stats));
      let received = 0;
      await new Promise<void>((resolve) => {
        stream.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1_000_000 && !stream.destroyed) {
            stream.destroy();
            resolve();
          }
        });
      });
      await eventually(
        () => stats.ended && stats.openNow === 0 && openDescriptorCount() <= baseline,
      );
      assert.ok(stats.ended);
      assert.ok(stats.requested <= 2);
      assert.ok(openDescriptorCount() <= baseline);
    });
  }

  it('an aborted signal stops the stream with an AbortError and ends the walk', async () => {
    const baseline = openDescriptorCount();
    const stats = newWalkStats();
    const controller = new AbortController();
    let received = 0;
    await assert.rejects(
      async () => {
        for await (const chunk of createArchiveStream(
          'targz',
          walkEntries(bigFiles, stats),
          controller.signal,
        )) {
          received += (chunk as Buffer).length;
          if (received >= 1_000_000) controller.abort();
        }
      },
      { name: 'AbortError' },
    );
    await eventually(() => stats.ended && stats.openNow === 0 && openDescriptorCount() <= baseline);
    assert.ok(stats.ended);
    assert.ok(stats.requested <= 2);
    assert.ok(openDescriptorCount() <= baseline);
  });

  it('a signal aborted before the start never touches the walk', async () => {
    const stats = newWalkStats();
    const stream = createArchiveStream('zip', walkEntries(source, stats), AbortSignal.abort());
    await assert.rejects(pipeline(stream, fs.createWriteStream('/dev/null')), {
      name: 'AbortError',
    });
    assert.equal(stats.requested, 0);
  });

  it('destroys a file that finishes opening after the download stopped', async () => {
    const late = fs.createReadStream(path.join(bigFiles, 'part-0.bin'));
    const slow: ArchiveEntry = {
      ...memoryEntry('slow.bin', Buffer.alloc(0), 2 * 1024 * 1024),
      open: () => new Promise((resolve) => setTimeout(() => resolve(late), 150)),
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const stream = createArchiveStream('zip', listOf([slow]), controller.signal);
    await assert.rejects(pipeline(stream, fs.createWriteStream('/dev/null')), {
      name: 'AbortError',
    });
    await eventually(() => late.destroyed && late.closed);
    assert.ok(late.destroyed && late.closed, 'the late stream was destroyed');
  });

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
