// Streaming archives in every format, checked with the reference tools, and stopping them early.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import type { ArchiveAlgo } from '../../src/api/resources';
import { archiveAlgos } from '../../src/api/resources';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import { createArchiveStream } from '../../src/archives/archive-stream';
import type { TreeContents } from '../helpers/archive-tools';
import {
  assertSameTree,
  decodeSnappyFrames,
  eventually,
  listOf,
  memoryEntry,
  newWalkStats,
  openDescriptorCount,
  produceArchive,
  readTree,
  runOk,
  sampleMtime,
  tarListing,
  walkEntries,
  writeSampleTree,
  zipListing,
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

function expectedNames(tree: TreeContents): string[] {
  return [...tree].map(([name, content]) => (content === 'dir' ? `${name}/` : name)).sort();
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

  const produce = (algo: ArchiveAlgo, entries: AsyncIterable<ArchiveEntry>): Promise<string> =>
    produceArchive(work, algo, entries);

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
});
