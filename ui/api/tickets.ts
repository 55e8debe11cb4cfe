// Download tickets: short-lived, path-bound credentials for URLs (links, media, the shell's socket),
// so the session token itself never travels in an address bar, a log or a Referer. Here what a
// listing needs (its folder's ticket for thumbnails); one link's tickets are in link-tickets.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionStore, useSession } from '../state/session';
import { config } from '../config';
import type { ApiClient, Query } from './client';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';
import { useApi } from './use-api';

export type TicketScope = 'download' | 'command';

/** POST /api/tickets answers this; `expires` in seconds since the epoch, `ticket` empty in no-auth mode. */
export interface Ticket {
  ticket: string;
  expires: number;
}

/** The query parameters that carry a ticket (none when the server checks no credential). */
export function ticketParams(ticket: Ticket): Query {
  return ticket.ticket === '' ? {} : { ticket: ticket.ticket };
}

/**
 * Thumbnail addresses carry a ticket, so a new ticket is a new address the browser has not cached:
 * a folder's preview ticket is kept for eight of its ten minutes, leaving two for a picture
 * scrolled into view just before the renewal.
 */
const previewTicketHeldMs = 8 * 60_000;

/** One download ticket for a folder's thumbnails (it opens every file below it). */
export function previewTicketQuery(api: ApiClient, folder: string) {
  const session = sessionStore.get()?.sid ?? '';
  // '/a/' and '/a' are one folder and one ticket.
  const path = normalizePath(folder);
  return queryOptions({
    queryKey: queryKeys.previewTicket(session, path),
    queryFn: () => api.json<Ticket>('POST', 'api/tickets', { json: { scope: 'download', path } }),
    staleTime: previewTicketHeldMs,
    gcTime: previewTicketHeldMs,
  });
}

/** The folder's preview ticket while the component shows it, renewed in the background; none when off. */
export function usePreviewTicket(
  folder: string,
  enabled = config.EnableThumbs,
): Ticket | undefined {
  const api = useApi();
  // Read for its change: a new session is a new key (previewTicketQuery reads the store).
  useSession();
  return useQuery({
    ...previewTicketQuery(api, folder),
    refetchInterval: previewTicketHeldMs,
    enabled,
  }).data;
}
