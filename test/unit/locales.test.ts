// locales/*.json: one file per language of docs/UI.md, each with every key of en.json, real translations and the same placeholders.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { supportedLocales } from '../../ui/locale-match';
import {
  expectedKeys,
  flatten,
  keyDifferences,
  localeFile,
  localesDir,
  placeholders,
  pluralBaseOf,
  pluralBases,
  pluralCategories,
  readLocale,
} from '../helpers/locale-files';
import type { FlatLocale } from '../helpers/locale-files';

const english = readLocale('en');
const bases = pluralBases(english);
const translations = supportedLocales.filter((code) => code !== 'en');

/** Values that may read the same as English in every language: a brand, and OK, which every language uses. */
const sameEverywhere = ['Drawer', 'OK'];
/** Keys whose text is not language: key chords (Latin key names may stay, says the I18N brief) and program names. */
const literalKeys = new Set([
  ...['help', 'rename', 'delete', 'escape', 'save', 'search', 'clipboard'].map(
    (key) => `prompts.help.keys.${key}`,
  ),
  'users.commandsExample',
  'settings.global.shellPlaceholder',
  // An example pattern: translating the word in it is optional.
  'settings.rules.regexPlaceholder',
  // A speed: '/s' is the unit symbol many languages write as it is.
  'transfers.speed',
]);
/** Words a language really spells like English ('Name' is German for name), placeholders aside. True cognates only. */
const cognates: Record<string, readonly string[]> = {
  de: [
    'Admin',
    'Administrator',
    'Branding',
    'Details',
    'Editor',
    'In',
    'Info',
    'Name',
    'Regex',
    'Video',
  ],
  es: ['Audio', 'Editor', 'No'],
  fr: ['Admin', 'Audio', 'Images', 'Minutes', 'Permanent', 'Permissions'],
  it: ['Audio', 'Editor', 'In', 'Info', 'No', 'Password', 'Video'],
  'nl-be': ['Archetype', 'Audio', 'Details', 'In', 'Info', 'Permanent', 'Regex', 'Video'],
  pl: ['Administrator'],
  pt: ['item'],
  'pt-br': ['item'],
};

/** The plural number, plain or formatted for the language ({{count, number}}). */
const isCount = (token: string) => token === '{{count}}' || token === '{{count,number}}';

const tokenPattern = /\{\{[^{}]*\}\}|\$t\([^()]*\)|<\/?[A-Za-z0-9]+\s*\/?>/g;

/** The words of a value without its placeholders: 'Video {{name}}' → 'Video'. */
function words(value: string): string {
  return value.replace(tokenPattern, ' ').replace(/\s+/g, ' ').trim();
}

/** Letters left once placeholders and technical tokens are gone: nothing to translate if there are none. */
function hasWords(value: string): boolean {
  const bare = words(value).replace(
    /\b(zip|tar(\.\w+)*|MD5|SHA-?\d+|URL|QR|PDF|Drawer|Ctrl|Esc|F\d+)\b/gi,
    '',
  );
  return /\p{L}/u.test(bare);
}

function englishValue(key: string): unknown {
  const base = pluralBaseOf(key, bases);
  if (!base) return english.get(key);
  return english.get(key) ?? english.get(`${base}_other`);
}

function strings(locale: FlatLocale): [string, string][] {
  return [...locale].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    const files = fs
      .readdirSync(localesDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort();
    assert.deepEqual(files, [...supportedLocales].sort());
  });

  it('English gives every plural exactly its own categories (one, other)', () => {
    assert.deepEqual(pluralCategories('en'), ['one', 'other']);
    assert.deepEqual(keyDifferences(english, english, 'en'), { missing: [], extra: [] });
  });

  it('the key walk expands plurals per language (Arabic gets six forms, Japanese one)', () => {
    const sample = flatten({ a: 'A', n_one: '{{count}} file', n_other: '{{count}} files' });
    assert.deepEqual(expectedKeys(sample, 'ar'), [
      'a',
      'n_zero',
      'n_one',
      'n_two',
      'n_few',
      'n_many',
      'n_other',
    ]);
    assert.deepEqual(expectedKeys(sample, 'ja'), ['a', 'n_other']);
    assert.deepEqual(
      keyDifferences(sample, flatten({ n_one: 'x', n_other: 'y', n_few: 'z' }), 'de'),
      {
        missing: ['a'],
        extra: ['n_few'],
      },
    );
  });
});

for (const code of supportedLocales) {
  describe(`locales/${code}.json`, () => {
    const present = fs.existsSync(localeFile(code));
    const locale = present ? readLocale(code) : new Map<string, unknown>();

    it('exists and parses', () => assert.ok(present, `${localeFile(code)} is missing`));

    it('has every key of en.json and no other (plurals in its own categories)', () => {
      assert.deepEqual(keyDifferences(english, locale, code), { missing: [], extra: [] });
    });

    it('has no empty or non-text values', () => {
      const bad = [...locale].filter(
        ([, value]) => typeof value !== 'string' || value.trim() === '',
      );
      assert.deepEqual(bad, []);
    });

    it('keeps the placeholders of the English text', () => {
      const wrong: string[] = [];
      for (const [key, value] of strings(locale)) {
        const source = englishValue(key);
        if (typeof source !== 'string') continue;
        const base = pluralBaseOf(key, bases);
        const mine = placeholders(value);
        const theirs = placeholders(source);
        // A plural form may leave the number out ('one file', Arabic's dual), but nothing else.
        const expected = base
          ? theirs.filter((token) => !isCount(token) || mine.includes(token))
          : theirs;
        if (base && key.endsWith('_other') && !mine.some(isCount) && theirs.some(isCount))
          wrong.push(`${key}: the general plural form must show {{count}}`);
        if (mine.join(' ') !== expected.join(' '))
          wrong.push(
            `${key}: ${JSON.stringify(value)} has ${mine.join(' ') || 'none'}, English ${theirs.join(' ') || 'none'}`,
          );
      }
      assert.deepEqual(wrong, []);
    });

    if (code === 'en') return;

    it('translates: no value is an English copy (outside the short allow-list)', () => {
      const allowed = new Set([...sameEverywhere, ...(cognates[code] ?? [])]);
      const copies = strings(locale)
        .filter(([key, value]) => value === englishValue(key) && hasWords(value))
        .filter(([key, value]) => !allowed.has(words(value)) && !literalKeys.has(key))
        .map(([key, value]) => `${key}: ${value}`);
      assert.deepEqual(copies, []);
    });
  });
}

describe('the allow-list stays tight', () => {
  it('every cognate is used by its language', () => {
    const unused: string[] = [];
    for (const [code, list] of Object.entries(cognates)) {
      if (!translations.includes(code as (typeof translations)[number]))
        unused.push(`${code}: not a language`);
      if (!fs.existsSync(localeFile(code))) continue;
      const locale = readLocale(code);
      for (const word of list)
        if (
          !strings(locale).some(
            ([key, value]) => words(value) === word && englishValue(key) === value,
          )
        )
          unused.push(`${code}: ${word}`);
    }
    assert.deepEqual(unused, []);
  });
});
