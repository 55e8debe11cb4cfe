// Sizes in binary units and modified times relative to now, in the interface language.
import { i18n } from '../i18n';
import { isRightToLeft } from '../locale-match';

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
/** Intl's (decimal) units: their place in a language's pattern is where the binary names go. */
const intlUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'];

/**
 * Intl's formatters are slow to make (150 took 46 ms on the project's VM) and a listing asks for
 * three an item at each render: one is kept per kind and language.
 */
const made = new Map<string, unknown>();
function formatter<T>(kind: string, make: (language: string) => T, language = i18n.language): T {
  const key = `${kind} ${language}`;
  const kept = made.get(key) as T | undefined;
  if (kept !== undefined) return kept;
  const fresh = make(language);
  made.set(key, fresh);
  return fresh;
}

/** '28.6 MiB' in English, '28,6 MiB' in German, '28.6MiB' in Korean: the language's digits and pattern. */
export function formatSize(bytes: number, language = i18n.language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const format = formatter(
    `size${unit}.${digits}`,
    (tag) =>
      new Intl.NumberFormat(tag, {
        style: 'unit',
        unit: intlUnits[unit],
        unitDisplay: 'short',
        maximumFractionDigits: digits,
      }),
    language,
  );
  const text = format
    .formatToParts(value)
    .map((part) => (part.type === 'unit' ? units[unit] : part.value))
    .join('')
    .replace(/[\u200e\u200f\u061c]/g, '');
  // A Latin unit in right-to-left text is laid out backwards ('B 2'): the size stays left to right.
  return isRightToLeft(language) ? `\u2066${text}\u2069` : text;
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** '5 minutes ago', 'yesterday', 'in 2 days' in the user's language. */
export function formatRelative(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let value = (time - now) / 1000;
  const format = formatter(
    'relative',
    (language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
  );
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return formatter(
    'date',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(time);
}
