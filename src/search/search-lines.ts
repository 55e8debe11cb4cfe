// Search results as NDJSON, File Browser's format: one JSON object per line.
import type { SearchResult } from '../api/search';
import { jsonString, needsJsonEscaping } from '../http/json-text';

/** Lines of a walk's results, as they are found. */
export async function* ndjson(results: AsyncIterable<SearchResult>): AsyncGenerator<string> {
  for await (const result of results) yield `${JSON.stringify(result)}\n`;
}

const folderLineStart = Buffer.from('{"dir":true,"path":"');
const fileLineStart = Buffer.from('{"dir":false,"path":"');
const lineEnd = Buffer.from('"}\n');
/** The most bytes a UTF-16 code unit takes in JSON text: a control character as \u00XX. */
const mostBytesPerUnit = 6;

/**
 * The index's answer, one buffer per batch, each line exactly what JSON.stringify writes for a
 * SearchResult: the paths are written into the buffer as they are (escaped only when they must
 * be), where a string per line, joined, then encoded, was a quarter of a 25,000-result answer's
 * time (docs/SEARCH.md).
 */
export async function* ndjsonChunks(
  batches: AsyncIterable<readonly SearchResult[]>,
): AsyncGenerator<Buffer> {
  for await (const batch of batches) {
    let most = 0;
    for (const result of batch)
      most += fileLineStart.length + result.path.length * mostBytesPerUnit + lineEnd.length;
    const chunk = Buffer.allocUnsafe(most);
    let at = 0;
    for (const result of batch) {
      const start = result.dir ? folderLineStart : fileLineStart;
      if (needsJsonEscaping(result.path)) {
        // The quotes come with JSON.stringify's text: the line's own are left out.
        at += start.copy(chunk, at, 0, start.length - 1);
        at += chunk.write(jsonString(result.path), at, 'utf8');
        at += lineEnd.copy(chunk, at, 1);
      } else {
        at += start.copy(chunk, at);
        at += chunk.write(result.path, at, 'utf8');
        at += lineEnd.copy(chunk, at);
      }
    }
    yield chunk.subarray(0, at);
  }
}
