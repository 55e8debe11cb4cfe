// applyLocale with a stand-in browser: the language it picks, <html lang/dir>, regional bundles, and the latest call winning.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readLocale } from '../helpers/locale-files';

const browser = { languages: ['en-US'] as string[], language: 'en-US' };
const root = { lang: 'en', dir: 'ltr' };
Object.defineProperty(globalThis, 'navigator', { value: browser, configurable: true });
Object.defineProperty(globalThis, 'document', {
  value: { documentElement: root },
  configurable: true,
});
const { applyLocale, i18n, pickLocale } = await import('../../ui/i18n');

function browserSpeaks(...languages: string[]): void {
  browser.languages = languages;
  browser.language = languages[0] ?? '';
}

describe('applyLocale', () => {
  before(() => browserSpeaks('en-US'));

  it("uses the user's locale over the browser's", async () => {
    browserSpeaks('fr-FR', 'fr');
    assert.equal(pickLocale('de'), 'de');
    await applyLocale('de');
    assert.equal(i18n.language, 'de');
    assert.equal(i18n.t('sidebar.myFiles'), readLocale('de').get('sidebar.myFiles'));
    assert.deepEqual(root, { lang: 'de', dir: 'ltr' });
  });

  it("falls back to the browser's languages in order when the user has none", async () => {
    browserSpeaks('xx-YY', 'es-MX', 'en');
    await applyLocale('');
    assert.equal(i18n.language, 'es');
    assert.deepEqual(root, { lang: 'es', dir: 'ltr' });
  });

  it('finds a regional bundle under its own code (pt-br is not looked up as pt-BR and missed)', async () => {
    await applyLocale('pt-BR');
    assert.equal(i18n.language, 'pt-br');
    assert.equal(i18n.t('login.username'), readLocale('pt-br').get('login.username'));
    assert.notEqual(i18n.t('login.username'), 'Username');
    assert.deepEqual(root, { lang: 'pt-BR', dir: 'ltr' });
  });

  it('turns the page right-to-left for Arabic and back', async () => {
    await applyLocale('ar');
    assert.deepEqual(root, { lang: 'ar', dir: 'rtl' });
    assert.equal(i18n.t('login.submit'), readLocale('ar').get('login.submit'));
    await applyLocale('en');
    assert.deepEqual(root, { lang: 'en', dir: 'ltr' });
  });

  it('uses each language’s plural forms', async () => {
    await applyLocale('ar');
    const arabic = readLocale('ar');
    assert.equal(
      i18n.t('settings.commands.count', { count: 0 }),
      arabic.get('settings.commands.count_zero'),
    );
    assert.equal(
      i18n.t('settings.commands.count', { count: 2 }),
      arabic.get('settings.commands.count_two'),
    );
    assert.equal(
      i18n.t('settings.commands.count', { count: 5 }),
      String(arabic.get('settings.commands.count_few')).replace('{{count, number}}', '5'),
    );
    await applyLocale('de');
    assert.equal(i18n.t('settings.commands.count', { count: 1 }), '1 Befehl');
    assert.equal(i18n.t('settings.commands.count', { count: 21 }), '21 Befehle');
  });

  it('lets the latest call win when an earlier one is still loading', async () => {
    await applyLocale('en');
    const slow = applyLocale('it');
    const fast = applyLocale('en');
    await Promise.all([slow, fast]);
    assert.equal(i18n.language, 'en');
    assert.deepEqual(root, { lang: 'en', dir: 'ltr' });
  });
});
