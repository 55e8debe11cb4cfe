// Search results as NDJSON, File Browser's format: one JSON object per line.
import type { SearchResult } from '../api/search';
import { jsonString, needsJsonEscaping } from '../http/json-text';
import type { IndexedResult } from './search-index-query';
import { pathOfResult } from './search-index-query';

/** Lines of a walk's results, as they are found. */
export async function* ndjson(results: AsyncIterable<SearchResult>): AsyncGenerator<string> {
  for await (const result of results) yield `${JSON.stringify(result)}\n`;
}

const folderLineStart = Buffer.from('{"dir":true,"path":"');
const fileLineStart = Buffer.from('{"dir":false,"path":"');
const lineEnd = Buffer.from('"}\n');
const slash = 0x2f;
/** The most bytes a UTF-16 code unit takes in JSON text: a control character as \u00XX. */
const mostBytesPerUnit = 6;

/**
 * The index's answer, one buffer per batch, each line exactly what JSON.stringify writes for the
 * result's SearchResult: its folder and name are written into the buffer as they are (escaped only
 * when they must be), where a string per path, then per line, joined and encoded, was a third of a
 * 25,000-result answer's time (docs/SEARCH.md).
 */
export async function* ndjsonChunks(
  batches: AsyncIterable<readonly IndexedResult[]>,
  /** No folder or name needs escaping (NameTable.namesArePlainJson): none is tested. */
  plainNames = false,
): AsyncGenerator<Buffer> {
  for await (const batch of batches) {
    let most = 0;
    for (const result of batch)
      most +=
        fileLineStart.length +
        (result.folder.length + 1 + result.name.length) * mostBytesPerUnit +
        lineEnd.length;
    const chunk = Buffer.allocUnsafe(most);
    let at = 0;
    for (const result of batch) {
      const start = result.dir ? folderLineStart : fileLineStart;
      if (!plainNames && (needsJsonEscaping(result.folder) || needsJsonEscaping(result.name))) {
        // The quotes come with JSON.stringify's text: the line's own are left out.
        chunk.set(start.subarray(0, start.length - 1), at);
        at += start.length - 1;
        at += chunk.write(jsonString(pathOfResult(result)), at, 'utf8');
        chunk.set(lineEnd.subarray(1), at);
        at += lineEnd.length - 1;
        continue;
      }
      chunk.set(start, at);
      at += start.length;
      if (result.folder !== '') {
        at += chunk.write(result.folder, at, 'utf8');
        chunk[at] = slash;
        at += 1;
      }
      at += chunk.write(result.name, at, 'utf8');
      chunk.set(lineEnd, at);
      at += lineEnd.length;
    }
    yield chunk.subarray(0, at);
  }
}
