// Search answers from the index are written by hand: each line must be what JSON.stringify writes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IndexedResult } from '../../src/search/search-index-query';
import { pathOfResult } from '../../src/search/search-index-query';
import { ndjsonChunks } from '../../src/search/search-lines';

const names = [
  'beach.jpg',
  'a "quoted" name',
  'back\\slash',
  'tab\there',
  'new\nline',
  'bell\u0007 and nul\u0000',
  'del\u007f',
  'Ünïcödé',
  'ملف.txt',
  'emoji 😀.png',
  'lone high \ud83d end',
  'lone low \ude00 end',
  'line\u2028separator\u2029',
];
const folders = ['', 'photos/holiday-2', 'café', 'عربي', 'a "quoted"/folder', 'tab\tfolder'];

/** The line JSON.stringify writes for a result, as File Browser's search answers it. */
const expectedLine = (result: IndexedResult) =>
  `${JSON.stringify({ dir: result.dir, path: pathOfResult(result) })}\n`;

async function* batchesOf(results: IndexedResult[], size: number) {
  for (let at = 0; at < results.length; at += size) yield results.slice(at, at + size);
}

describe('search result lines', () => {
  it('are byte for byte what JSON.stringify writes, whatever the folder and name hold', async () => {
    const results = folders.flatMap((folder) =>
      names.flatMap((name) => [true, false].map((dir) => ({ dir, folder, name }))),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of ndjsonChunks(batchesOf(results, results.length))) chunks.push(chunk);
    assert.equal(chunks.length, 1);
    assert.deepEqual(chunks[0], Buffer.from(results.map(expectedLine).join('')));
  });

  it('are the same when the index says no name needs escaping', async () => {
    const results = ['', 'photos/holiday-2', 'café/عربي'].flatMap((folder) =>
      ['beach.jpg', 'Ünïcödé', 'emoji 😀.png'].map((name) => ({ dir: false, folder, name })),
    );
    const written = async (plain: boolean) => {
      const chunks: Buffer[] = [];
      for await (const chunk of ndjsonChunks(batchesOf(results, 4), plain)) chunks.push(chunk);
      return Buffer.concat(chunks);
    };
    assert.deepEqual(await written(true), Buffer.from(results.map(expectedLine).join('')));
    assert.deepEqual(await written(true), await written(false));
  });

  it('come a chunk per batch, together every line in order', async () => {
    const results = Array.from({ length: 2500 }, (_, index) => ({
      dir: index % 3 === 0,
      folder: index % 5 === 0 ? '' : `folder-${index % 7}`,
      name: `file "${index}".txt`,
    }));
    const chunks: Buffer[] = [];
    for await (const chunk of ndjsonChunks(batchesOf(results, 1024))) chunks.push(chunk);
    assert.equal(chunks.length, 3);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    assert.equal(lines.pop(), '');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line) as unknown),
      results.map((result) => ({ dir: result.dir, path: pathOfResult(result) })),
    );
  });
});
