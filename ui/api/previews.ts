// Thumbnail and preview addresses (docs/PREVIEWS.md): /api/preview/{thumb|big}/<path> under one
// folder ticket per screen (the share pages' are in shares.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../config';
import { sessionStore, useSession } from '../state/session';
import type { ApiClient } from './client';
import { encodePath } from './client';
import { normalizePath } from './resources';
import type { Ticket } from './tickets';
import { ticketParams, ticketsKey } from './tickets';
import { useApi } from './use-api';

export type PreviewSize = 'thumb' | 'big';

/** What the server may draw a thumbnail of: pictures, and video posters (415 without ffmpeg). */
export function mayHaveThumb(item: { isDir: boolean; type?: string }): boolean {
  return config.EnableThumbs && !item.isDir && (item.type === 'image' || item.type === 'video');
}

/**
 * File Browser's `key`: the modification time in milliseconds. A URL carrying it names one version
 * of the file, which the server lets the browser keep for a month.
 */
export function versionKey(modified: string | undefined): number | undefined {
  if (!modified) return undefined;
  const time = Date.parse(modified.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(time) ? undefined : time;
}

export function previewLink(
  api: ApiClient,
  size: PreviewSize,
  path: string,
  ticket: Ticket,
  modified?: string,
): string {
  return api.link(`api/preview/${size}${encodePath(normalizePath(path))}`, {
    key: versionKey(modified),
    ...ticketParams(ticket),
  });
}

/**
 * Tickets live ten minutes (src/auth/tickets.ts). Thumbnail addresses carry one, so a new ticket is
 * a new address the browser has not cached: one is kept for eight minutes, leaving two for a
 * picture scrolled into view just before the renewal.
 */
const heldMs = 8 * 60_000;

function folderTicketQuery(api: ApiClient, folder: string) {
  const session = sessionStore.get()?.sid ?? '';
  const path = normalizePath(folder);
  return queryOptions({
    queryKey: [...ticketsKey, session, 'download', path, 'previews'],
    queryFn: () => api.json<Ticket>('POST', 'api/tickets', { json: { scope: 'download', path } }),
    staleTime: heldMs,
    gcTime: heldMs,
  });
}

/** One download ticket for a folder's previews (it opens every file below it); none when off. */
export function usePreviewTicket(
  folder: string,
  enabled = config.EnableThumbs,
): Ticket | undefined {
  const api = useApi();
  useSession();
  return useQuery({ ...folderTicketQuery(api, folder), enabled, refetchInterval: heldMs }).data;
}
