// Which interface language a list of wanted locales (user setting, then the browser's) ends up with.

/** The languages of docs/UI.md (Languages); each has locales/<code>.json. */
export const supportedLocales = [
  'ar',
  'de',
  'en',
  'es',
  'fr',
  'is',
  'it',
  'ja',
  'ko',
  'nl-be',
  'pl',
  'pt',
  'pt-br',
  'ro',
  'ru',
  'sv-se',
  'zh-cn',
  'zh-tw',
] as const;

export type SupportedLocale = (typeof supportedLocales)[number];

const supported: ReadonlySet<string> = new Set(supportedLocales);
const rightToLeft: ReadonlySet<string> = new Set(['ar']);

/** Traditional Chinese is written in Taiwan, Hong Kong and Macau; elsewhere Chinese means Simplified. */
const traditionalChineseRegions = new Set(['tw', 'hk', 'mo']);

function isSupported(code: string): code is SupportedLocale {
  return supported.has(code);
}

/** The locale a language without an exact match falls to: 'nl' → 'nl-be', 'zh-Hant' → 'zh-tw'. */
function baseMatch(parts: string[]): SupportedLocale | undefined {
  const [language = '', ...subtags] = parts;
  if (language === 'zh') {
    if (subtags.includes('hans')) return 'zh-cn';
    if (subtags.includes('hant') || subtags.some((tag) => traditionalChineseRegions.has(tag)))
      return 'zh-tw';
    return 'zh-cn';
  }
  if (isSupported(language)) return language;
  // Dutch and Swedish have one regional variant each, so every region of the language gets it.
  return supportedLocales.find((code) => code.split('-')[0] === language);
}

/** One wanted locale ('pt_BR', 'nl-NL', 'zh-Hant-HK') → a supported code, or undefined. */
export function matchOne(wanted: string | undefined): SupportedLocale | undefined {
  const normalized = (wanted ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!normalized) return undefined;
  if (isSupported(normalized)) return normalized;
  return baseMatch(normalized.split('-'));
}

/** The first wanted locale that matches (in order), else English. */
export function matchLocale(wanted: readonly (string | undefined)[]): SupportedLocale {
  for (const candidate of wanted) {
    const match = matchOne(candidate);
    if (match) return match;
  }
  return 'en';
}

export function isRightToLeft(locale: string): boolean {
  return rightToLeft.has(locale.split('-')[0] ?? '');
}

/** The BCP 47 spelling for <html lang>: 'pt-br' → 'pt-BR'. */
export function languageTag(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? locale;
  } catch {
    return locale;
  }
}
