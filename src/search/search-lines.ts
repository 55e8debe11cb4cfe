// Search results as NDJSON, File Browser's format: one JSON object per line.
import type { SearchResult } from '../api/search';
import { jsonString } from '../http/json-text';

/** Lines of a walk's results, as they are found. */
export async function* ndjson(results: AsyncIterable<SearchResult>): AsyncGenerator<string> {
  for await (const result of results) yield `${JSON.stringify(result)}\n`;
}

/** One result's line, exactly as JSON.stringify writes a SearchResult, without walking an object. */
export function ndjsonLine(result: SearchResult): string {
  return `{"dir":${result.dir},"path":${jsonString(result.path)}}\n`;
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
