// The functions and time methods archetypes call: Hugo's text helpers, comparisons, printf and dates.
import { TemplateError } from './archetype-lex';
import { TemplateTime, formatGoTime, parseTemplateDate } from './archetype-time';
import { humanizeText, titleText, upperText, urlizeText } from './archetype-text';
import type { TemplateValue } from './archetype-values';
import {
  checkedLength,
  compare,
  isEqual,
  isTrue,
  printAll,
  printed,
  printf,
  textOf,
} from './archetype-values';

const invalid = (problem: string) => new TemplateError('invalid', `the archetype ${problem}`);

export type TemplateFunction = (args: TemplateValue[], now: TemplateTime) => TemplateValue;

function arity(name: string, args: TemplateValue[], min: number, max = min): void {
  if (args.length < min || args.length > max)
    throw invalid(`calls ${name} with ${args.length} arguments`);
}

function timeOf(value: TemplateValue, what: string): TemplateTime {
  if (value instanceof TemplateTime) return value;
  const parsed = typeof value === 'string' ? parseTemplateDate(value) : undefined;
  if (!parsed) throw invalid(`gives ${what} something that is not a date`);
  return parsed;
}

const text1 =
  (name: string, change: (text: string) => string): TemplateFunction =>
  (args) => {
    arity(name, args, 1);
    return change(textOf(args[0] as TemplateValue, name));
  };

/** The functions archetypes commonly call; any other name is refused, naming it. */
export const functions: Record<string, TemplateFunction> = {
  title: text1('title', titleText),
  lower: text1('lower', (text) => text.toLowerCase()),
  upper: text1('upper', upperText),
  humanize: text1('humanize', humanizeText),
  urlize: text1('urlize', (text) => urlizeText(text)),
  replace(args) {
    arity('replace', args, 3, 4);
    const [source, old, replacement] = args.map((arg) => textOf(arg, 'replace'));
    const limit = args[3] === undefined ? -1 : Number(args[3]);
    if (old === undefined || source === undefined || replacement === undefined) return '';
    let count = 0;
    const parts = source.split(old);
    if (old === '') return checkedLength(source);
    let out = parts[0] ?? '';
    for (const part of parts.slice(1)) {
      out += (limit < 0 || count < limit ? replacement : old) + part;
      count += 1;
      checkedLength(out);
    }
    return out;
  },
  trim(args) {
    arity('trim', args, 2);
    const [source = '', cutset = ''] = args.map((arg) => textOf(arg, 'trim'));
    const chars = new Set(cutset);
    const list = [...source];
    let start = 0;
    let end = list.length;
    while (start < end && chars.has(list[start] as string)) start += 1;
    while (end > start && chars.has(list[end - 1] as string)) end -= 1;
    return list.slice(start, end).join('');
  },
  printf(args) {
    if (args.length === 0) throw invalid('calls printf without a format');
    return printf(textOf(args[0] as TemplateValue, 'printf'), args.slice(1));
  },
  print: (args) => printAll(args),
  println: (args) => checkedLength(`${args.map((arg) => printed(arg, '<nil>')).join(' ')}\n`),
  default(args) {
    arity('default', args, 1, 2);
    const [fallback, given] = args as [TemplateValue, TemplateValue | undefined];
    if (given === undefined || given === null) return fallback;
    // Hugo counts any boolean as set, and 0 or "" as unset.
    return typeof given === 'boolean' || isTrue(given) ? given : fallback;
  },
  now(args, now) {
    arity('now', args, 0);
    return now;
  },
  time(args) {
    arity('time', args, 1);
    return timeOf(args[0] as TemplateValue, 'time');
  },
  dateFormat(args) {
    arity('dateFormat', args, 2);
    const layout = textOf(args[0] as TemplateValue, 'dateFormat');
    return formatGoTime(timeOf(args[1] as TemplateValue, 'dateFormat'), layout);
  },
  len(args) {
    arity('len', args, 1);
    const value = args[0] as TemplateValue;
    if (typeof value === 'string') return Buffer.byteLength(value);
    if (value !== null && typeof value === 'object' && !(value instanceof TemplateTime))
      return Object.keys(value).length;
    throw invalid('asks for the length of something that has none');
  },
  not(args) {
    arity('not', args, 1);
    return !isTrue(args[0] as TemplateValue);
  },
  and(args) {
    if (args.length === 0) throw invalid('calls and without arguments');
    return args.find((arg) => !isTrue(arg)) ?? (args[args.length - 1] as TemplateValue);
  },
  or(args) {
    if (args.length === 0) throw invalid('calls or without arguments');
    return args.find((arg) => isTrue(arg)) ?? (args[args.length - 1] as TemplateValue);
  },
  eq(args) {
    if (args.length < 2) throw invalid('calls eq with fewer than 2 arguments');
    const [first, ...others] = args as [TemplateValue, ...TemplateValue[]];
    return others.some((other) => isEqual(first, other));
  },
  ne(args) {
    arity('ne', args, 2);
    return !isEqual(args[0] as TemplateValue, args[1] as TemplateValue);
  },
  lt: (args) => (arity('lt', args, 2), compare(args[0] ?? null, args[1] ?? null) < 0),
  le: (args) => (arity('le', args, 2), compare(args[0] ?? null, args[1] ?? null) <= 0),
  gt: (args) => (arity('gt', args, 2), compare(args[0] ?? null, args[1] ?? null) > 0),
  ge: (args) => (arity('ge', args, 2), compare(args[0] ?? null, args[1] ?? null) >= 0),
};

/** Methods of a time value; only Format takes an argument. */
export function timeMethod(time: TemplateTime, name: string, args: TemplateValue[]): TemplateValue {
  const layouts: Record<string, string> = {
    Year: '2006',
    Month: 'January',
    Day: '2',
    Hour: '15',
    Minute: '4',
    Second: '5',
    Weekday: 'Monday',
    YearDay: '002',
  };
  if (name === 'Format') {
    arity('.Format', args, 1);
    return formatGoTime(time, textOf(args[0] as TemplateValue, '.Format'));
  }
  if (args.length > 0) throw invalid(`gives arguments to .${name}, which takes none`);
  if (name === 'Unix') return Math.floor(time.ms / 1000);
  const layout = layouts[name];
  if (layout === undefined)
    throw new TemplateError(
      'unsupported',
      `the archetype uses the time method .${name}, which Drawer does not interpret`,
    );
  const text = formatGoTime(time, layout);
  return name === 'Month' || name === 'Weekday' ? text : Number(text);
}
