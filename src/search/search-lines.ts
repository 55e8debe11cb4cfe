// Search results as NDJSON, File Browser's format: one JSON object per line.
import type { SearchResult } from '../api/search';

/** Lines of a walk's results, as they are found. */
export async function* ndjson(results: AsyncIterable<SearchResult>): AsyncGenerator<string> {
  for await (const result of results) yield `${JSON.stringify(result)}\n`;
}

/** What JSON.stringify would escape in a string: quotes, backslashes, controls, surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * One result's line, exactly as JSON.stringify writes a SearchResult; a path with nothing to
 * escape is copied as it is (a 25,000-result answer took 12 ms to stringify, docs/SEARCH.md).
 */
export function ndjsonLine(result: SearchResult): string {
  const path = needsEscaping.test(result.path) ? JSON.stringify(result.path) : `"${result.path}"`;
  return `{"dir":${result.dir},"path":${path}}\n`;
}

/** The index's answer, a chunk of lines per batch: one string per result would be as many writes. */
export async function* ndjsonChunks(
  batches: AsyncIterable<readonly SearchResult[]>,
): AsyncGenerator<string> {
  for await (const batch of batches) {
    let chunk = '';
    for (const result of batch) chunk += ndjsonLine(result);
    yield chunk;
  }
}
