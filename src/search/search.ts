// Searching a folder by name: query parsing (terms, phrases, case and type filters) and the walk.
import type { SearchResult } from '../api/search';
import libraries from '../deferred-libraries.cjs';
import { AppError } from '../errors';
import type { ListedEntry, Resolved, ScopedFs } from '../fs/scoped-fs';

/** Longer queries are refused before any work. */
export const maxQueryLength = 1000;

export interface SearchQuery {
  /** An entry matches when its name contains at least one term (none: every entry passing the types). */
  terms: string[];
  caseSensitive: boolean;
  /** type: filters, OR-ed; only files pass them. */
  types: string[];
}

const caseToken = /(?<=^|\s)case:(sensitive|insensitive)(?=\s|$)/g;
const typeToken = /(?<=^|\s)type:(\w+)(?=\s|$)/g;

/**
 * File Browser's syntax, without its quirk of an empty term (two spaces) matching everything:
 * whitespace runs separate terms, and a query with neither terms nor types is refused.
 */
export function parseSearchQuery(raw: unknown): SearchQuery {
  if (typeof raw !== 'string')
    throw new AppError('search.invalid', 'the query parameter is missing');
  if (raw.length > maxQueryLength)
    throw new AppError('search.invalid', `the query is longer than ${maxQueryLength} characters`);
  let caseSensitive = false;
  const types: string[] = [];
  const rest = raw
    .replace(caseToken, (_token, mode: string) => {
      caseSensitive = mode === 'sensitive';
      return ' ';
    })
    .replace(typeToken, (_token, word: string) => {
      types.push(word);
      return ' ';
    })
    .trim();
  let terms: string[];
  if (rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"')) {
    const phrase = rest.slice(1, -1);
    terms = phrase.trim() === '' ? [] : [phrase];
  } else terms = rest.split(/\s+/).filter((term) => term !== '');
  if (terms.length === 0 && types.length === 0)
    throw new AppError('search.invalid', 'the query is empty');
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase()).normalize('NFC');
  return { terms: terms.map(fold), caseSensitive, types };
}

function passesType(type: string, name: string): boolean {
  // mime-types treats a bare "png" as an extension; only a name with a dot has one.
  const mimeType = name.includes('.') ? libraries.mimeTypes().lookup(name) || '' : '';
  switch (type) {
    case 'image':
      return mimeType.startsWith('image/');
    case 'audio':
    case 'music':
      return mimeType.startsWith('audio/');
    case 'video':
      return mimeType.startsWith('video/');
    case 'pdf':
      return mimeType === 'application/pdf';
    default: {
      const dot = name.lastIndexOf('.');
      return dot !== -1 && name.slice(dot) === `.${type}`;
    }
  }
}

/** The query's type: filters alone (none: anything passes; any: only files of one of them). */
export function passesTypes(query: SearchQuery, name: string, isDir: boolean): boolean {
  return query.types.length === 0 || (!isDir && query.types.some((type) => passesType(type, name)));
}

/** Plain substring tests on the base name: no regular expression, so no catastrophic backtracking. */
export function matchesQuery(query: SearchQuery, name: string, isDir: boolean): boolean {
  if (!passesTypes(query, name, isDir)) return false;
  if (query.terms.length === 0) return true;
  const folded = (query.caseSensitive ? name : name.toLowerCase()).normalize('NFC');
  return query.terms.some((term) => folded.includes(term));
}

function relativeTo(start: Resolved, entry: ListedEntry): string {
  return start.virtual === '/'
    ? entry.virtual.slice(1)
    : entry.virtual.slice(start.virtual.length + 1);
}

/**
 * Matching entries below `start`, as the gate's walk finds them (hidden entries and everything
 * under a hidden folder never reach here). Stops as soon as `signal` aborts.
 */
export async function* searchFolder(
  fsView: ScopedFs,
  start: Resolved,
  query: SearchQuery,
  signal: AbortSignal,
): AsyncGenerator<SearchResult> {
  for await (const entry of fsView.walk(start, signal)) {
    const dir = entry.stats.isDirectory();
    if (matchesQuery(query, entry.name, dir)) yield { dir, path: relativeTo(start, entry) };
  }
}
