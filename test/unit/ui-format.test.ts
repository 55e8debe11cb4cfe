// Sizes in the interface language: Intl's digits, separators and unit pattern, with binary unit names,
// kept left to right inside right-to-left text (Arabic read '2 B' as 'B 2').
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatSize } from '../../ui/components/format';

const mib = 1024 ** 2;
/** Left-to-right isolate around a size in a right-to-left language. */
const ltr = (text: string) => `\u2066${text}\u2069`;

describe('formatSize', () => {
  const cases: [string, number, string][] = [
    ['en', 0, '0 B'],
    ['en', 2, '2 B'],
    ['en', 1023, '1,023 B'],
    ['en', 1536, '1.5 KiB'],
    ['en', 28.6 * mib, '28.6 MiB'],
    ['en', 150 * mib, '150 MiB'],
    ['en', 1.25 * 1024 ** 4, '1.3 TiB'],
    ['en', 3 * 1024 ** 5, '3 PiB'],
    ['de', 2, '2 B'],
    ['de', 1023, '1.023 B'],
    ['de', 1536, '1,5 KiB'],
    ['de', 28.6 * mib, '28,6 MiB'],
    ['ar', 2, ltr('2 B')],
    ['ar', 28.6 * mib, ltr('28.6 MiB')],
    ['ar', 1536, ltr('1.5 KiB')],
    // Each language's own pattern: a narrow no-break space in French, none in Korean.
    ['fr', 28.6 * mib, '28,6\u202fMiB'],
    ['ko', 28.6 * mib, '28.6MiB'],
  ];
  for (const [language, bytes, expected] of cases)
    it(`${bytes} bytes in ${language} read ${JSON.stringify(expected)}`, () =>
      assert.equal(formatSize(bytes, language), expected));

  it('keeps the binary unit names in every language', () => {
    for (const language of ['ar', 'de', 'ja', 'ru', 'zh-cn', 'pt-br'])
      assert.match(formatSize(5 * mib, language), /\bMiB\b/);
  });
});
