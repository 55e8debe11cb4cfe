// Search (docs/UI.md, Screens; docs/API.md): GET /api/search/{folder}?query= streams one JSON result per line.
import type { SearchResult } from '../../src/api/search';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath } from './paths';

/** The type boxes of the panel and the text each puts in the input. */
export const searchTypes = ['image', 'audio', 'video', 'pdf'] as const;
export type SearchType = (typeof searchTypes)[number];

export function typeQuery(type: SearchType): string {
  return `type:${type} `;
}

function parseLine(line: string): SearchResult | null {
  const text = line.trim();
  // The server may send an empty line as a keep-alive.
  if (text === '') return null;
  const value = JSON.parse(text) as Partial<SearchResult>;
  return typeof value.path === 'string' ? { path: value.path, dir: value.dir === true } : null;
}

/**
 * Runs a search and hands over results as they arrive, a network chunk at a time, so a long walk
 * shows its first matches at once. Resolves when the stream ends; abort the signal to stop it.
 */
export async function streamSearch(
  api: ApiClient,
  folder: string,
  query: string,
  onResults: (results: SearchResult[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  const path = normalizePath(folder);
  const response = await api.call('GET', `api/search${path === '/' ? '/' : encodePath(path)}`, {
    query: { query },
    signal,
  });
  if (!response.body) {
    const results = (await response.text()).split('\n').map(parseLine);
    onResults(results.filter((result): result is SearchResult => result !== null));
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    const results = lines
      .map(parseLine)
      .filter((result): result is SearchResult => result !== null);
    if (results.length > 0) onResults(results);
  }
  const last = parseLine(pending);
  if (last) onResults([last]);
}

/** The app URL of a result: the searched folder joined with the result's path. */
export function resultUrl(folder: string, result: SearchResult): string {
  const base = normalizePath(folder).replace(/\/$/, '');
  return `/files${encodePath(`${base}/${result.path}`)}${result.dir ? '/' : ''}`;
}

const mediaExtensions: [string, string][] = [
  ['image', 'jpg jpeg png gif webp avif heic heif tif tiff bmp svg ico'],
  ['audio', 'mp3 flac ogg oga opus wav m4a aac wma'],
  ['video', 'mp4 m4v mkv webm mov avi wmv mpg mpeg ogv 3gp'],
];
const typeByExtension = new Map(
  mediaExtensions.flatMap(([type, list]) => list.split(' ').map((ext) => [ext, type] as const)),
);

/**
 * A result's type as its name tells it (results carry only a path), for its icon and whether to ask
 * for a thumbnail; a wrong guess only costs a 415 and the icon stays.
 */
export function resultType(result: SearchResult): string {
  if (result.dir) return '';
  const name = result.path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return (dot > 0 && typeByExtension.get(name.slice(dot + 1).toLowerCase())) || 'blob';
}

/** The virtual path of a result: the searched folder joined with the result's path. */
export function resultPath(folder: string, result: SearchResult): string {
  return `${normalizePath(folder).replace(/\/$/, '')}/${result.path}`;
}
