// Search answers from the index are written by hand: each line must be what JSON.stringify writes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ndjsonChunks, ndjsonLine } from '../../src/search/search-lines';

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
  it('are byte for byte what JSON.stringify writes, whatever the path holds', () => {
    for (const path of paths)
      for (const dir of [true, false])
        assert.equal(ndjsonLine({ dir, path }), `${JSON.stringify({ dir, path })}\n`, path);
  });

  it('come a chunk per batch, together every line in order', async () => {
    const results = Array.from({ length: 2500 }, (_, index) => ({
      dir: index % 3 === 0,
      path: `folder-${index % 7}/file "${index}".txt`,
    }));
    async function* batches() {
      for (let at = 0; at < results.length; at += 1024) yield results.slice(at, at + 1024);
    }
    const chunks: string[] = [];
    for await (const chunk of ndjsonChunks(batches())) chunks.push(chunk);
    assert.equal(chunks.length, 3);
    const lines = chunks.join('').split('\n');
    assert.equal(lines.pop(), '');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line) as unknown),
      results,
    );
  });
});
