// Publishing a post's front matter in place: draft and date rewritten where they stand, every other byte kept.
import type { FrontMatterBlock } from './front-matter';
import {
  FrontMatterError,
  findFrontMatter,
  jsonValueEnd,
  parseFrontMatter,
  readPublishState,
} from './front-matter';

/** A change to make: the key (lower case), its new value, and whether to add it when missing. */
interface KeyChange {
  key: string;
  value: { kind: 'bool'; value: boolean } | { kind: 'date'; value: string };
  addIfMissing: boolean;
}

/** One replacement in the text: [start, end) becomes `text`. */
interface Splice {
  start: number;
  end: number;
  text: string;
}

function applySplices(text: string, splices: Splice[]): string {
  let out = text;
  for (const splice of [...splices].sort((a, b) => b.start - a.start))
    out = out.slice(0, splice.start) + splice.text + out.slice(splice.end);
  return out;
}

/**
 * Where a value written on one line ends, before any comment: a quoted value ends at its closing
 * quote, an unquoted one at " #" (YAML and TOML comments). Returns the quote used, if any.
 */
function valueExtent(line: string): { end: number; quote: '"' | "'" | '' } {
  const first = line.trimStart();
  const lead = line.length - first.length;
  const quote = first[0] === '"' || first[0] === "'" ? first[0] : '';
  if (quote !== '') {
    let index = lead + 1;
    while (index < line.length && line[index] !== quote)
      index += line[index] === '\\' && quote === '"' ? 2 : 1;
    return { end: Math.min(index + 1, line.length), quote };
  }
  const comment = /\s#/.exec(line);
  return { end: (comment ? line.slice(0, comment.index) : line).trimEnd().length, quote };
}

/** A date keeps the quotes it had; unquoted it is a YAML timestamp or a TOML datetime. */
function formatted(change: KeyChange, quote: string): string {
  if (change.value.kind === 'bool') return String(change.value.value);
  return `${quote}${change.value.value}${quote}`;
}

/** Top-level `key: value` (YAML) or `key = value` (TOML) lines of the block; TOML stops at its first table. */
function editLines(text: string, block: FrontMatterBlock, changes: KeyChange[]): string {
  const format = block.format === 'toml' ? 'toml' : 'yaml';
  const separator = format === 'toml' ? '=' : ':';
  const keyLine = new RegExp(`^([ \\t]*)(["']?)([A-Za-z_][A-Za-z0-9_-]*)\\2([ \\t]*)${separator}`);
  const splices: Splice[] = [];
  const found = new Set<string>();
  let position = block.bodyStart;
  let inMultiline: string | undefined;
  let insertAt = block.bodyEnd;
  while (position < block.bodyEnd) {
    const next = text.indexOf('\n', position);
    const lineEnd = next === -1 ? block.bodyEnd : Math.min(next, block.bodyEnd);
    const line = text.slice(position, lineEnd).replace(/\r$/, '');
    const lineStart = position;
    position = lineEnd + 1;
    if (format === 'toml') {
      // Lines inside a multi-line string are text, not keys.
      for (const quote of ['"""', "'''"]) {
        const count = line.split(quote).length - 1;
        if (count % 2 === 1)
          inMultiline = inMultiline === quote ? undefined : (inMultiline ?? quote);
      }
      if (inMultiline !== undefined) continue;
      if (/^\s*\[/.test(line)) {
        insertAt = lineStart;
        break;
      }
    }
    const match = keyLine.exec(line);
    if (!match || (format === 'yaml' && match[1] !== '')) continue;
    const key = (match[3] as string).toLowerCase();
    const change = changes.find((candidate) => candidate.key === key);
    if (!change || found.has(key)) continue;
    found.add(key);
    const valueStart = match[0].length;
    const rest = line.slice(valueStart);
    const extent = valueExtent(rest);
    if (rest.slice(0, extent.end).trim() === '' || /^\s*[|>]/.test(rest))
      throw new FrontMatterError(`the ${key} key holds a value Drawer cannot rewrite in place`);
    const lead = rest.length - rest.trimStart().length;
    splices.push({
      start: lineStart + valueStart + lead,
      end: lineStart + valueStart + extent.end,
      text: formatted(change, extent.quote),
    });
  }
  const missing = changes.filter((change) => change.addIfMissing && !found.has(change.key));
  if (missing.length > 0) {
    const lines = missing.map((change) =>
      format === 'toml'
        ? `${change.key} = ${formatted(change, '')}`
        : `${change.key}: ${formatted(change, '')}`,
    );
    // At the end of the top-level keys: before the first TOML table, else before the closing line.
    splices.push({
      start: insertAt,
      end: insertAt,
      text: lines.join(block.newline) + block.newline,
    });
  }
  return applySplices(text, splices);
}

/** The members of the top-level JSON object: each key (lower case) and where its value lies. */
function editJson(text: string, block: FrontMatterBlock, changes: KeyChange[]): string {
  const splices: Splice[] = [];
  const found = new Set<string>();
  const skipSpace = (at: number) => {
    while (/\s/.test(text[at] ?? '')) at += 1;
    return at;
  };
  let at = skipSpace(block.bodyStart + 1);
  const firstMember = at;
  while (text[at] !== '}') {
    if (text[at] !== '"')
      throw new FrontMatterError('the JSON front matter is not an object of keys');
    const keyEnd = jsonValueEnd(text, at);
    const key = (JSON.parse(text.slice(at, keyEnd)) as string).toLowerCase();
    at = skipSpace(keyEnd);
    if (text[at] !== ':')
      throw new FrontMatterError('the JSON front matter is not an object of keys');
    const valueStart = skipSpace(at + 1);
    const valueEnd = jsonValueEnd(text, valueStart);
    const change = changes.find((candidate) => candidate.key === key);
    if (change && !found.has(key)) {
      found.add(key);
      splices.push({ start: valueStart, end: valueEnd, text: JSON.stringify(change.value.value) });
    }
    at = skipSpace(valueEnd);
    if (text[at] === ',') at = skipSpace(at + 1);
    else if (text[at] !== '}') throw new FrontMatterError('the JSON front matter is not valid');
  }
  const missing = changes.filter((change) => change.addIfMissing && !found.has(change.key));
  if (missing.length > 0) {
    const members = missing.map(
      (change) => `"${change.key}": ${JSON.stringify(change.value.value)}`,
    );
    const isEmpty = firstMember === at;
    // Added members take the indentation the first one has, so they look like their neighbours.
    const gap = text.slice(block.bodyStart + 1, firstMember);
    const inserted = isEmpty
      ? `${block.newline}  ${members.join(`,${block.newline}  `)}${block.newline}`
      : `${members.join(`,${gap}`)},${gap}`;
    splices.push({ start: firstMember, end: firstMember, text: inserted });
  }
  return applySplices(text, splices);
}

/**
 * The post published at `date` (RFC 3339): `draft` becomes false and `date` the given time, each
 * added when missing; a `publishDate` already there moves with `date`, else Hugo would keep the
 * post back. A post without front matter gets a YAML block. Nothing else in the file changes.
 */
export function setPublished(text: string, date: string): string {
  const changes: KeyChange[] = [
    { key: 'date', value: { kind: 'date', value: date }, addIfMissing: true },
    { key: 'draft', value: { kind: 'bool', value: false }, addIfMissing: true },
    { key: 'publishdate', value: { kind: 'date', value: date }, addIfMissing: false },
  ];
  const block = findFrontMatter(text);
  if (!block) {
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    const head = ['---', `date: ${date}`, 'draft: false', '---', ''].join(newline);
    return bom + head + text.slice(bom.length);
  }
  // Parsed first: a block its own format rejects is not edited blindly.
  parseFrontMatter(text, block);
  const edited =
    block.format === 'json' ? editJson(text, block, changes) : editLines(text, block, changes);
  const state = readPublishState(edited);
  if (state.draft || state.date === null)
    throw new FrontMatterError('the front matter could not be rewritten safely');
  return edited;
}
