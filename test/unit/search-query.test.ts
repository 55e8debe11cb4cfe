// Search query parsing and name matching, table-driven.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../src/errors';
import { matchesQuery, maxQueryLength, parseSearchQuery } from '../../src/search/search';

describe('parseSearchQuery', () => {
  const cases: [string, { terms: string[]; caseSensitive: boolean; types: string[] }][] = [
    ['cat', { terms: ['cat'], caseSensitive: false, types: [] }],
    ['Cat DOG', { terms: ['cat', 'dog'], caseSensitive: false, types: [] }],
    ['  cat   dog  ', { terms: ['cat', 'dog'], caseSensitive: false, types: [] }],
    ['case:sensitive Cat', { terms: ['Cat'], caseSensitive: true, types: [] }],
    ['Cat case:sensitive case:insensitive', { terms: ['cat'], caseSensitive: false, types: [] }],
    ['"Big  Cat"', { terms: ['big  cat'], caseSensitive: false, types: [] }],
    ['type:image', { terms: [], caseSensitive: false, types: ['image'] }],
    [
      'a type:image  type:pdf b',
      { terms: ['a', 'b'], caseSensitive: false, types: ['image', 'pdf'] },
    ],
    ['mytype:image', { terms: ['mytype:image'], caseSensitive: false, types: [] }],
    ['type:', { terms: ['type:'], caseSensitive: false, types: [] }],
    ['"unclosed', { terms: ['"unclosed'], caseSensitive: false, types: [] }],
    ['Cafe\u0301', { terms: ['café'], caseSensitive: false, types: [] }],
  ];
  for (const [raw, expected] of cases)
    it(`parses ${JSON.stringify(raw)}`, () => assert.deepEqual(parseSearchQuery(raw), expected));

  for (const raw of [
    undefined,
    42,
    '',
    '   ',
    'case:sensitive',
    '""',
    '" "',
    'x'.repeat(maxQueryLength + 1),
  ])
    it(`refuses ${JSON.stringify(raw)?.slice(0, 20)}`, () =>
      assert.throws(
        () => parseSearchQuery(raw),
        (error) => isAppError(error) && error.code === 'search.invalid',
      ));
});

describe('matchesQuery', () => {
  const rows: [string, string, boolean, boolean][] = [
    ['cat', 'Catalog', true, true],
    ['cat', 'dog.png', false, false],
    ['case:sensitive Cat', 'catalog', false, false],
    ['case:sensitive Cat', 'Catalog', false, true],
    ['cat dog', 'dog.png', false, true],
    ['"cat dog"', 'dog cat.png', false, false],
    ['type:image', 'photo.JPG', false, true],
    ['type:image', 'photo.jpg', true, false],
    ['type:image', 'jpg', false, false],
    ['type:audio', 'a.mp3', false, true],
    ['type:music', 'a.flac', false, true],
    ['type:video', 'a.mp4', false, true],
    ['type:pdf', 'a.pdf', false, true],
    ['type:pdf', 'a.txt', false, false],
    ['type:txt', 'a.txt', false, true],
    ['type:txt', 'a.TXT', false, false],
    ['type:bashrc', '.bashrc', false, true],
    ['type:image cat', 'dog.png', false, false],
    ['type:image cat', 'cat.png', false, true],
    ['café', 'Cafe\u0301.txt', false, true],
  ];
  for (const [query, name, isDir, expected] of rows)
    it(`${query} ${expected ? 'matches' : 'skips'} ${name}${isDir ? '/' : ''}`, () =>
      assert.equal(matchesQuery(parseSearchQuery(query), name, isDir), expected));
});
