// The interface languages (docs/UI.md, Languages), each named in its own language (so nobody has to read a
// foreign word to find theirs; these names are deliberately not translated).
import type { SupportedLocale } from '../../locale-match';
import { supportedLocales } from '../../locale-match';

/** Typed by the supported list, so a language added there cannot lack its name here. */
const nativeNames: Record<SupportedLocale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  is: 'Íslenska',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  'nl-be': 'Nederlands (België)',
  pl: 'Polski',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  'sv-se': 'Svenska',
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
};

export const languages: readonly (readonly [code: string, name: string])[] = supportedLocales.map(
  (code) => [code, nativeNames[code]] as const,
);

/** The list entry for a stored locale ('pt-BR' is 'pt-br'); unknown or empty ones fall back to `fallback`. */
export function languageCode(locale: string | undefined, fallback = 'en'): string {
  const wanted = (locale ?? '').toLowerCase();
  return languages.some(([code]) => code === wanted) ? wanted : fallback;
}
