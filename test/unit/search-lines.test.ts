// Search answers from the index are written by hand: each line must be what JSON.stringify writes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ndjsonChunks } from '../../src/search/search-lines';
import type { SearchResult } from '../../src/api/search';

const paths = [
  'photos/holiday-2/beach.jpg',
  'a "quoted" name',
  'back\\slash',
  'tab\there',
  'new\nline',
  'bell\u0007 and nul\u0000',
  'del\u007f',
  'café/Ünïcödé',
  'عربي/ملف.txt',
  'emoji 😀.png',
  'lone high \ud83d end',
  'lone low \ude00 end',
  'line\u2028separator\u2029',
  '',
];

describe('search result lines', () => {
  it('are byte for byte what JSON.stringify writes, whatever the path holds', async () => {
    const results = paths.flatMap((path) => [true, false].map((dir) => ({ dir, path })));
    async function* oneBatch(): AsyncGenerator<SearchResult[]> {
      yield results;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of ndjsonChunks(oneBatch())) chunks.push(chunk);
    assert.equal(chunks.length, 1);
    const expected = results.map((result) => `${JSON.stringify(result)}\n`).join('');
    assert.deepEqual(chunks[0], Buffer.from(expected));
  });

  it('come a chunk per batch, together every line in order', async () => {
    const results = Array.from({ length: 2500 }, (_, index) => ({
      dir: index % 3 === 0,
      path: `folder-${index % 7}/file "${index}".txt`,
    }));
    async function* batches() {
      for (let at = 0; at < results.length; at += 1024) yield results.slice(at, at + 1024);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of ndjsonChunks(batches())) chunks.push(chunk);
    assert.equal(chunks.length, 3);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    assert.equal(lines.pop(), '');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line) as unknown),
      results,
    );
  });
});
