// Reads locales/*.json and works out which keys each language must have (plural forms per Intl.PluralRules).
import fs from 'node:fs';
import path from 'node:path';

export const localesDir = path.resolve(import.meta.dirname, '..', '..', 'locales');

/** i18next's JSON v4 plural suffixes. */
const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralKey = new RegExp(`^(.+)_(${pluralSuffixes.join('|')})$`);

export type FlatLocale = Map<string, unknown>;

export function localeFile(code: string): string {
  return path.join(localesDir, `${code}.json`);
}

/** 'a.b.c' → value for every leaf; arrays and nulls count as leaves so a test can complain about them. */
export function flatten(tree: unknown, prefix = '', into: FlatLocale = new Map()): FlatLocale {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree))
      flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, tree);
  }
  return into;
}

export function readLocale(code: string): FlatLocale {
  return flatten(JSON.parse(fs.readFileSync(localeFile(code), 'utf8')));
}

/** The language's plural categories in CLDR order (zero, one, two, few, many, other). */
export function pluralCategories(code: string): string[] {
  const categories: readonly string[] = new Intl.PluralRules(code).resolvedOptions()
    .pluralCategories;
  return pluralSuffixes.filter((suffix) => categories.includes(suffix));
}

/** Keys English gives as x_one + x_other are plurals 'x'; the rest are plain keys. */
export function pluralBases(english: FlatLocale): Set<string> {
  const bases = new Set<string>();
  for (const key of english.keys()) {
    const base = pluralKey.exec(key)?.[1];
    if (base && english.has(`${base}_one`) && english.has(`${base}_other`)) bases.add(base);
  }
  return bases;
}

/** The base of a plural form key ('x_few' → 'x') when English treats 'x' as a plural. */
export function pluralBaseOf(key: string, bases: Set<string>): string | undefined {
  const base = pluralKey.exec(key)?.[1];
  return base && bases.has(base) ? base : undefined;
}

/** Every key the language must have: English's plain keys, and each plural in the language's own categories. */
export function expectedKeys(english: FlatLocale, code: string): string[] {
  const bases = pluralBases(english);
  const keys: string[] = [];
  for (const key of english.keys()) {
    const base = pluralBaseOf(key, bases);
    if (!base) keys.push(key);
    else if (key === `${base}_other`)
      keys.push(...pluralCategories(code).map((category) => `${base}_${category}`));
  }
  return keys;
}

export function keyDifferences(english: FlatLocale, locale: FlatLocale, code: string) {
  const expected = expectedKeys(english, code);
  const wanted = new Set(expected);
  return {
    missing: expected.filter((key) => !locale.has(key)),
    extra: [...locale.keys()].filter((key) => !wanted.has(key)),
  };
}

/** Interpolations ({{count}}, {{n, number}}), nestings ($t(key)) and tags (<1>, </strong>) a value uses. */
export function placeholders(value: string): string[] {
  const tokens = value.match(/\{\{\s*[^{}]+?\s*\}\}|\$t\([^()]*\)|<\/?[A-Za-z0-9]+\s*\/?>/g) ?? [];
  return [...new Set(tokens.map((token) => token.replace(/\s+/g, '')))].sort();
}
