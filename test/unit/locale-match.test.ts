// Which interface language wanted locales give: exact, then the base language, then the next wanted, then English.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isRightToLeft,
  languageTag,
  matchLocale,
  matchOne,
  supportedLocales,
} from '../../ui/locale-match';

describe('supportedLocales', () => {
  it('are the 18 languages of docs/UI.md', () => {
    assert.deepEqual(
      [...supportedLocales],
      'ar de en es fr is it ja ko nl-be pl pt pt-br ro ru sv-se zh-cn zh-tw'.split(' '),
    );
  });
});

describe('matchOne', () => {
  const cases: [string | undefined, string | undefined][] = [
    // Exact codes, any spelling.
    ['de', 'de'],
    ['nl-be', 'nl-be'],
    ['nl-BE', 'nl-be'],
    ['pt-BR', 'pt-br'],
    ['pt_BR', 'pt-br'],
    ['zh-TW', 'zh-tw'],
    ['zh-CN', 'zh-cn'],
    ['sv-SE', 'sv-se'],
    ['  FR  ', 'fr'],
    // Regions without their own file fall to the language.
    ['de-AT', 'de'],
    ['en-GB', 'en'],
    ['ar-EG', 'ar'],
    ['fr-CA', 'fr'],
    ['is-IS', 'is'],
    ['es-419', 'es'],
    ['pt', 'pt'],
    ['pt-PT', 'pt'],
    ['pt-AO', 'pt'],
    // Languages whose only file is regional.
    ['nl', 'nl-be'],
    ['nl-NL', 'nl-be'],
    ['sv', 'sv-se'],
    ['sv-FI', 'sv-se'],
    // Chinese: Traditional for Taiwan, Hong Kong, Macau and the Hant script; Simplified otherwise.
    ['zh', 'zh-cn'],
    ['zh-SG', 'zh-cn'],
    ['zh-Hans', 'zh-cn'],
    ['zh-Hans-HK', 'zh-cn'],
    ['zh-HK', 'zh-tw'],
    ['zh-MO', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    // Nothing to match.
    ['', undefined],
    [undefined, undefined],
    ['xx', undefined],
    ['nb-NO', undefined],
    ['e', undefined],
  ];
  for (const [wanted, expected] of cases)
    it(`${JSON.stringify(wanted)} → ${String(expected)}`, () =>
      assert.equal(matchOne(wanted), expected));
});

describe('matchLocale', () => {
  const cases: [(string | undefined)[], string][] = [
    // The user's setting wins over the browser.
    [['de', 'fr-FR', 'fr'], 'de'],
    // No setting: the browser's languages in order.
    [[undefined, 'pt-BR', 'pt', 'en'], 'pt-br'],
    [['', 'zh-TW', 'zh'], 'zh-tw'],
    // A setting or browser language without a file is skipped, not turned into English.
    [['xx', 'nb-NO', 'nl-NL', 'en'], 'nl-be'],
    [['', 'fr-CA', 'de'], 'fr'],
    [['', 'en-US', 'de'], 'en'],
    // Nothing usable at all.
    [[], 'en'],
    [[undefined, '', 'xx-YY'], 'en'],
  ];
  for (const [wanted, expected] of cases)
    it(`${JSON.stringify(wanted)} → ${expected}`, () =>
      assert.equal(matchLocale(wanted), expected));
});

describe('direction and language tag', () => {
  it('only Arabic is right-to-left', () => {
    assert.deepEqual(
      supportedLocales.filter((locale) => isRightToLeft(locale)),
      ['ar'],
    );
  });
  it('spells codes the BCP 47 way for <html lang>', () => {
    assert.equal(languageTag('pt-br'), 'pt-BR');
    assert.equal(languageTag('zh-tw'), 'zh-TW');
    assert.equal(languageTag('ar'), 'ar');
    assert.equal(languageTag('not a tag'), 'not a tag');
  });
});
