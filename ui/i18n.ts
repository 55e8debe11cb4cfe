// i18next setup: English is bundled, other languages load on demand; the user's locale wins over the browser's.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { isRightToLeft, languageTag, matchLocale } from './locale-match';
import type { SupportedLocale } from './locale-match';

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  // Codes stay as in locales/ ('pt-br'): i18next would otherwise look 'pt-br' up as 'pt-BR' and miss the bundle.
  lowerCaseLng: true,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The user's locale if supported, else the browser's languages in order ('pt-BR' → 'pt-br', 'nl' → 'nl-be'), else English. */
export function pickLocale(wanted: string | undefined): SupportedLocale {
  return matchLocale([wanted, ...navigator.languages, navigator.language]);
}

async function loadBundle(locale: SupportedLocale): Promise<boolean> {
  if (i18n.hasResourceBundle(locale, 'translation')) return true;
  try {
    // A template import: esbuild gives every locale file its own lazy chunk.
    const bundle = (await import(`../locales/${locale}.json`)) as { default: object };
    i18n.addResourceBundle(locale, 'translation', bundle.default);
    return true;
  } catch (error) {
    console.warn(`Could not load the ${locale} interface language: ${String(error)}`);
    return false;
  }
}

let latestRequest = 0;

/** Switches the interface and date language; an empty locale means the browser's. */
export async function applyLocale(wanted: string | undefined): Promise<void> {
  const request = ++latestRequest;
  const picked = pickLocale(wanted);
  const locale = (await loadBundle(picked)) ? picked : 'en';
  // A slower load must not override a newer choice made while it was in flight.
  if (request !== latestRequest) return;
  await i18n.changeLanguage(locale);
  document.documentElement.lang = languageTag(locale);
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

export { i18n };
