// A post's front matter: finding the block (YAML ---, TOML +++ or a JSON object) and reading draft and date.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

/** A post whose front matter Drawer cannot read or edit safely; the file is left as it is. */
export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

export type FrontMatterFormat = 'yaml' | 'toml' | 'json';

/** Where the block lies in the text; every offset is a UTF-16 index into it. */
export interface FrontMatterBlock {
  format: FrontMatterFormat;
  /** Start and end of what lies between the delimiters (for JSON, the whole object). */
  bodyStart: number;
  bodyEnd: number;
  /** The newline the file uses, for lines Drawer adds. */
  newline: '\n' | '\r\n';
}

const delimiters = { yaml: '---', toml: '+++' } as const;

/** A byte-order mark stays where it is; the block starts after it. */
function startOf(text: string): number {
  return text.startsWith('\uFEFF') ? 1 : 0;
}

/** The end of a JSON value starting at `at` (strings, nesting and escapes respected). */
export function jsonValueEnd(text: string, at: number): number {
  let depth = 0;
  let index = at;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '"') {
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      if (index >= text.length) break;
      index += 1;
      if (depth === 0) return index;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      if (depth === 0) return index;
      depth -= 1;
      if (depth === 0) return index + 1;
    } else if (depth === 0 && (char === ',' || /\s/.test(char))) return index;
    index += 1;
  }
  if (depth === 0 && index > at) return index;
  throw new FrontMatterError('the JSON front matter is not closed');
}

/** The front matter block, undefined when the post has none; a block left open is an error. */
export function findFrontMatter(text: string): FrontMatterBlock | undefined {
  const start = startOf(text);
  const firstLineEnd = text.indexOf('\n', start);
  const newline = firstLineEnd > 0 && text[firstLineEnd - 1] === '\r' ? '\r\n' : '\n';
  if (text[start] === '{') {
    const end = jsonValueEnd(text, start);
    return { format: 'json', bodyStart: start, bodyEnd: end, newline };
  }
  for (const format of ['yaml', 'toml'] as const) {
    const mark = delimiters[format];
    const firstLine = text.slice(start, firstLineEnd === -1 ? text.length : firstLineEnd);
    if (firstLine.trimEnd() !== mark) continue;
    if (firstLineEnd === -1) throw new FrontMatterError(`the ${mark} front matter is not closed`);
    const bodyStart = firstLineEnd + 1;
    const closing = new RegExp(`^${mark.replace(/\+/g, '\\+')}[ \\t]*\\r?$`, 'm');
    const match = closing.exec(text.slice(bodyStart));
    if (!match) throw new FrontMatterError(`the ${mark} front matter is not closed`);
    return { format, bodyStart, bodyEnd: bodyStart + match.index, newline };
  }
  return undefined;
}

/** The front matter's keys and values, parsed by the format's own parser. */
export function parseFrontMatter(text: string, block: FrontMatterBlock): Record<string, unknown> {
  const body = text.slice(block.bodyStart, block.bodyEnd);
  let data: unknown;
  try {
    if (block.format === 'yaml') data = parseYaml(body, { maxAliasCount: 100 }) ?? {};
    else if (block.format === 'toml') data = parseToml(body);
    else data = JSON.parse(body);
  } catch (error) {
    throw new FrontMatterError(`the front matter is not valid ${block.format.toUpperCase()}`, {
      cause: error,
    });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new FrontMatterError('the front matter is not a set of keys and values');
  return data as Record<string, unknown>;
}

export interface PublishState {
  draft: boolean;
  /** The `date` key as written (a TOML date in its RFC 3339 form), null when there is none. */
  date: string | null;
}

/** Hugo reads front matter keys without regard to case. */
function valueOf(data: Record<string, unknown>, key: string): unknown {
  const found = Object.keys(data).find((name) => name.toLowerCase() === key);
  return found === undefined ? undefined : data[found];
}

export function readPublishState(text: string): PublishState {
  const block = findFrontMatter(text);
  if (!block) return { draft: false, date: null };
  const data = parseFrontMatter(text, block);
  const draft = valueOf(data, 'draft');
  const date = valueOf(data, 'date');
  return {
    draft: draft === true || (typeof draft === 'string' && draft.toLowerCase() === 'true'),
    date:
      date instanceof Date
        ? date.toISOString()
        : typeof date === 'string' || typeof date === 'number'
          ? String(date)
          : null,
  };
}
