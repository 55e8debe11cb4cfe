// Expands an archetype the way `hugo new` does, by walking its parsed tree: nothing is compiled or evaluated as code.
import type { Operand, Pipeline, TemplateNode } from './archetype-parse';
import { parseTemplate, TemplateError } from './archetype-parse';
import { TemplateTime, formatGoTime, parseTemplateDate, rfc3339 } from './archetype-time';
import { humanizeText, titleText, upperText, urlizeText } from './archetype-text';
import type { TemplateMap, TemplateValue } from './archetype-values';
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

export { TemplateError } from './archetype-parse';

/** What `hugo new` tells an archetype about the post being made. */
export interface ArchetypePage {
  /** The file name without its extension (.Name, .File.ContentBaseName). */
  name: string;
  /** The file name with its extension. */
  fileName: string;
  /** The first folder under the content folder, "" at its top. */
  section: string;
  /** The archetype asked for, else the section, else "page". */
  type: string;
  /** The post's folder relative to the content folder, "" or ending with "/" (.File.Dir). */
  dir: string;
  /** The instant of .Date and of `now`. */
  now: TemplateTime;
  site: { title: string; baseURL: string; languageCode: string; params: TemplateMap };
}

const invalid = (problem: string) => new TemplateError('invalid', `the archetype ${problem}`);

/** Maps standing for Go structs: a field they lack is an error naming it, not nil. */
const structs = new WeakSet<TemplateMap>();
const struct = (fields: TemplateMap): TemplateMap => {
  structs.add(fields);
  return fields;
};

function pageOf(page: ArchetypePage): TemplateMap {
  const extension = page.fileName.slice(page.name.length + 1);
  return struct({
    Name: page.name,
    Date: rfc3339(page.now),
    Section: page.section,
    Type: page.type,
    File: struct({
      ContentBaseName: page.name,
      BaseFileName: page.name,
      LogicalName: page.fileName,
      Ext: extension,
      Dir: page.dir,
      Path: `${page.dir}${page.fileName}`,
    }),
    Site: struct({
      Title: page.site.title,
      BaseURL: page.site.baseURL,
      LanguageCode: page.site.languageCode,
      Params: page.site.params,
    }),
  });
}

type TemplateFunction = (args: TemplateValue[], now: TemplateTime) => TemplateValue;

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
const functions: Record<string, TemplateFunction> = {
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
function timeMethod(time: TemplateTime, name: string, args: TemplateValue[]): TemplateValue {
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

/** Reads `path` from `value`; the last step receives `args` (a method call such as now.Format "2006"). */
function readChain(
  value: TemplateValue,
  path: readonly string[],
  args: TemplateValue[],
  shown: string,
): TemplateValue {
  let current = value;
  path.forEach((name, index) => {
    const isLast = index === path.length - 1;
    if (current instanceof TemplateTime) {
      current = timeMethod(current, name, isLast ? args : []);
      return;
    }
    if (current === null || typeof current !== 'object')
      throw invalid(`reads .${name} of something that has no fields (${shown})`);
    const fields: TemplateMap = current;
    // Hugo reads the keys of maps (params) without regard to case.
    const key = structs.has(fields) ? name : name.toLowerCase();
    if (Object.hasOwn(fields, key)) current = fields[key] as TemplateValue;
    else if (structs.has(fields))
      throw new TemplateError(
        'unsupported',
        `the archetype uses ${shown}, which Drawer does not provide`,
      );
    else current = null;
    if (isLast && args.length > 0)
      throw invalid(`gives arguments to ${shown}, which is not a function`);
  });
  if (path.length === 0 && args.length > 0) throw invalid('gives arguments to a value');
  return current;
}

interface Scope {
  dot: TemplateValue;
  now: TemplateTime;
  depth: number;
}

function operandValue(operand: Operand, scope: Scope, args: TemplateValue[]): TemplateValue {
  switch (operand.kind) {
    case 'dot':
      if (args.length > 0) throw invalid('gives arguments to .');
      return scope.dot;
    case 'field':
      return readChain(scope.dot, operand.path, args, `.${operand.path.join('.')}`);
    case 'function': {
      const fn = functions[operand.name];
      const shown = [operand.name, ...operand.chain].join('.');
      if (!fn)
        throw new TemplateError(
          'unsupported',
          `the archetype calls ${shown}, which Drawer does not interpret`,
        );
      if (operand.chain.length === 0) return fn(args, scope.now);
      return readChain(fn([], scope.now), operand.chain, args, shown);
    }
    case 'pipeline': {
      if (scope.depth > 64) throw invalid('nests too deeply');
      const result = runPipeline(operand.pipeline, { ...scope, depth: scope.depth + 1 });
      return readChain(result, operand.chain, args, `(…).${operand.chain.join('.')}`);
    }
    case 'string':
    case 'number':
    case 'bool':
      if (args.length > 0) throw invalid('gives arguments to a constant');
      return operand.value;
    case 'nil':
      throw invalid('uses nil as a value');
  }
}

function runPipeline(pipeline: Pipeline, scope: Scope): TemplateValue {
  let piped: TemplateValue | undefined;
  for (const [head, ...rest] of pipeline) {
    if (!head) throw invalid('has an empty command');
    const args = rest.map((operand) => operandValue(operand, scope, []));
    if (piped !== undefined) args.push(piped);
    piped = operandValue(head, scope, args);
  }
  return piped ?? null;
}

/** The expanded text, bounded: a loop-free template can still multiply text through replace. */
interface Output {
  parts: string[];
  chars: number;
}

const maxOutputChars = 4 * 1024 * 1024;

function render(nodes: TemplateNode[], scope: Scope, out: Output): void {
  const write = (text: string) => {
    out.chars += text.length;
    if (out.chars > maxOutputChars) throw invalid('expands to too much text');
    out.parts.push(text);
  };
  for (const node of nodes) {
    if (node.kind === 'text') write(node.text);
    else if (node.kind === 'action') write(printed(runPipeline(node.pipeline, scope)));
    else {
      const branch = node.branches.find((candidate) =>
        isTrue(runPipeline(candidate.condition, scope)),
      );
      render(branch ? branch.body : node.otherwise, scope, out);
    }
  }
}

/**
 * The post `hugo new` would write from `source` for `page`. Whatever a value holds (a name with
 * "{{" in it) is written as text and never read as template again.
 */
export function expandArchetype(source: string, page: ArchetypePage): string {
  const tree = parseTemplate(source);
  const out: Output = { parts: [], chars: 0 };
  render(tree, { dot: pageOf(page), now: page.now, depth: 0 }, out);
  return out.parts.join('');
}

/** Hugo's own archetype, used when a site has none for the post (hugo v0.111's built-in default). */
export const builtInArchetype = `---
title: "{{ replace .Name "-" " " | title }}"
date: {{ .Date }}
draft: true
---

`;
