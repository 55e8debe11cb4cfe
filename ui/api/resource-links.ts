// The links that open files outside the page: downloads of one item or of several as an archive, a
// file shown inline, its subtitles. Every one carries a ticket, never the session (docs/SECURITY.md).
import type { ArchiveAlgo } from '../../src/api/resources';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath, parentPath } from './paths';
import type { Ticket } from './tickets';
import { ticketParams } from './tickets';

/** Archive formats: the value sent as algo, and the label shown (docs/UI.md, Screens and Figures). */
export const archiveFormats = [
  ['zip', 'zip'],
  ['tar', 'tar'],
  ['targz', 'tar.gz'],
  ['tarbz2', 'tar.bz2'],
  ['tarxz', 'tar.xz'],
  ['tarlz4', 'tar.lz4'],
  ['tarsz', 'tar.sz'],
] as const satisfies readonly (readonly [ArchiveAlgo, string])[];

/**
 * What a download's ticket must cover: the one item itself, or the folder holding every selected
 * item (a selection is always named relative to that folder, so the ticket opens nothing beside it).
 */
export function downloadFolder(paths: readonly string[]): string {
  const normalised = paths.map((path) => normalizePath(path));
  if (normalised.length === 1) return normalised[0] ?? '/';
  const parents = normalised.map((path) => parentPath(path).split('/').filter(Boolean));
  const first = parents[0] ?? [];
  let length = first.length;
  for (const other of parents) {
    let index = 0;
    while (index < length && other[index] === first[index]) index += 1;
    length = index;
  }
  return `/${first.slice(0, length).join('/')}`;
}

/** A download link: one item as is (or as an archive when algo is given), several as one archive. */
export function downloadLink(
  api: ApiClient,
  paths: readonly string[],
  ticket: Ticket,
  algorithm?: string,
  /** Names an archive download so the page can ask how far it got (GET /api/downloads/<id>). */
  progress?: string,
): string {
  const folder = downloadFolder(paths);
  const query = { algo: algorithm, progress, ...ticketParams(ticket) };
  if (paths.length === 1) return api.link(`api/raw${encodePath(folder)}`, query);
  const prefix = folder === '/' ? '/' : `${folder}/`;
  const files = paths
    .map((path) => encodeURIComponent(normalizePath(path).slice(prefix.length)))
    .join(',');
  return api.link(`api/raw${encodePath(folder === '/' ? '/' : prefix)}`, { files, ...query });
}

/** A link that shows a file in the page (images, media, PDFs), under a ticket for it or its folder. */
export function inlineLink(api: ApiClient, virtualPath: string, ticket: Ticket): string {
  return api.link(`api/raw${encodePath(normalizePath(virtualPath))}`, {
    inline: true,
    ...ticketParams(ticket),
  });
}

/** A subtitle track, converted to WebVTT by the server. */
export function subtitleLink(api: ApiClient, virtualPath: string, ticket: Ticket): string {
  return api.link(`api/subtitle${encodePath(normalizePath(virtualPath))}`, {
    inline: true,
    ...ticketParams(ticket),
  });
}
