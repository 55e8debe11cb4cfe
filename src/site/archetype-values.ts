// Values inside an archetype and how Go prints them: print, printf's verbs, truth and comparison.
import { TemplateError } from './archetype-parse';
import { TemplateTime, timeString } from './archetype-time';

/** A page's or site's fields; a missing key of a map reads as nil. */
export interface TemplateMap {
  readonly [key: string]: TemplateValue;
}

export type TemplateValue = string | number | boolean | null | TemplateTime | TemplateMap;

/** No single string an archetype builds may pass this (nested replaces grow exponentially). */
export const maxTextLength = 1024 * 1024;

export function checkedLength(text: string): string {
  if (text.length > maxTextLength)
    throw new TemplateError('invalid', 'the archetype builds text that is too long');
  return text;
}

const invalid = (problem: string) => new TemplateError('invalid', `the archetype ${problem}`);

/**
 * Go's %v of a number: whole numbers as integers (template constants such as 3.0 are ints),
 * others in the shortest form, in exponent form (1e-06, 1.5e+07) below 1e-4 or from 1e6 on.
 */
export function numberText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -4 && exponent < 6) return String(value);
  return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
}

/** What `{{ value }}` writes. */
export function printed(value: TemplateValue, nilText = '<no value>'): string {
  if (value === null) return nilText;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof TemplateTime) return timeString(value);
  throw new TemplateError('unsupported', 'the archetype prints a whole map, which Drawer does not');
}

/** A string argument: numbers and booleans are converted as Hugo's cast does; anything else is refused. */
export function textOf(value: TemplateValue, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return printed(value);
  throw invalid(`gives ${what} something that is not text`);
}

/** Go's truth: false, 0, nil, "" and empty maps are false; everything else is true. */
export function isTrue(value: TemplateValue): boolean {
  if (value === null || value === false || value === 0 || value === '') return false;
  if (value instanceof TemplateTime) return true;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** eq and ne: values of one basic kind; comparing a number with text is an error, as in Go. */
export function isEqual(a: TemplateValue, b: TemplateValue): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a !== typeof b || typeof a === 'object')
    throw invalid('compares values of different or incomparable kinds');
  return a === b;
}

export function compare(a: TemplateValue, b: TemplateValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw invalid('orders values that are not both numbers or both text');
}

/** Go's print: operands joined, with a space between two that are both not strings. */
export function printAll(values: TemplateValue[]): string {
  let out = '';
  values.forEach((value, index) => {
    const previous = values[index - 1];
    if (index > 0 && typeof value !== 'string' && typeof previous !== 'string') out += ' ';
    out += printed(value, '<nil>');
  });
  return checkedLength(out);
}

/** A width or precision past this is refused: printf "%99999999d" would build a huge string. */
const maxWidth = 1000;

function goTypeName(value: TemplateValue): string {
  if (value === null) return 'nil';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (value instanceof TemplateTime) return 'time.Time';
  return 'map';
}

function quoted(text: string): string {
  return JSON.stringify(text).replace(/\\u00([0-9a-f]{2})/g, '\\x$1');
}

function formatVerb(verb: string, value: TemplateValue, precision: number | undefined): string {
  const wrong = () => `%!${verb}(${goTypeName(value)}=${printed(value, '<nil>')})`;
  switch (verb) {
    case 'v':
      return printed(value, '<nil>');
    case 's':
      return typeof value === 'string' || value instanceof TemplateTime ? printed(value) : wrong();
    case 'q':
      return typeof value === 'string' ? quoted(value) : wrong();
    case 'd':
      return typeof value === 'number' && Number.isInteger(value) ? String(value) : wrong();
    case 'f':
      return typeof value === 'number' ? value.toFixed(precision ?? 6) : wrong();
    case 't':
      return typeof value === 'boolean' ? String(value) : wrong();
    case 'x':
    case 'X': {
      let text: string;
      if (typeof value === 'number' && Number.isInteger(value)) text = value.toString(16);
      else if (typeof value === 'string') text = Buffer.from(value, 'utf8').toString('hex');
      else return wrong();
      return verb === 'X' ? text.toUpperCase() : text;
    }
    default:
      throw new TemplateError(
        'unsupported',
        `the archetype uses printf's %${verb}, which Drawer does not`,
      );
  }
}

/** Go's Sprintf for the verbs archetypes use (%s %v %q %d %f %t %x), with widths, precision and - or 0. */
export function printf(format: string, values: TemplateValue[]): string {
  let out = '';
  let used = 0;
  const directive = /%([-+ 0#]*)(\d*)(?:\.(\d*))?(.)?/y;
  let at = 0;
  while (at < format.length) {
    const percent = format.indexOf('%', at);
    if (percent === -1) {
      out += format.slice(at);
      break;
    }
    out += format.slice(at, percent);
    directive.lastIndex = percent;
    const match = directive.exec(format);
    const [whole = '%', flags = '', widthText = '', precisionText, verb] = match ?? [];
    at = percent + whole.length;
    if (verb === undefined) {
      out += '%!(NOVERB)';
      continue;
    }
    if (verb === '%') {
      out += '%';
      continue;
    }
    const width = widthText === '' ? 0 : Number(widthText);
    const precision = precisionText === undefined ? undefined : Number(precisionText || '0');
    if (width > maxWidth || (precision ?? 0) > maxWidth)
      throw invalid('asks printf for too wide a field');
    if (used >= values.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    let text = formatVerb(verb, values[used] as TemplateValue, precision);
    used += 1;
    if (verb === 's' && precision !== undefined) text = [...text].slice(0, precision).join('');
    if (flags.includes('+') && /^[0-9]/.test(text) && (verb === 'd' || verb === 'f'))
      text = `+${text}`;
    const fill = flags.includes('0') && !flags.includes('-') ? '0' : ' ';
    const length = [...text].length;
    if (length < width) {
      const padding = fill.repeat(width - length);
      if (flags.includes('-')) text += padding;
      else if (fill === '0' && /^[+-]/.test(text)) text = text[0] + padding + text.slice(1);
      else text = padding + text;
    }
    out = checkedLength(out + text);
  }
  if (used < values.length) {
    const extra = values
      .slice(used)
      .map((value) => `${goTypeName(value)}=${printed(value, '<nil>')}`)
      .join(', ');
    out += `%!(EXTRA ${extra})`;
  }
  return checkedLength(out);
}
