// Download tickets: short-lived, path-bound credentials for URLs (links, media, the shell's socket),
// so the session token itself never travels in an address bar, a log or a Referer.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { sessionStore, useSession } from '../state/session';
import { config } from '../config';
import type { ApiClient, Query } from './client';
import { useApi } from './use-api';

export type TicketScope = 'download' | 'command';

/** POST /api/tickets answers this; `expires` in seconds since the epoch, `ticket` empty in no-auth mode. */
export interface Ticket {
  ticket: string;
  expires: number;
}

export const ticketsKey = ['tickets'] as const;

/**
 * The server's tickets last ten minutes; one older than half that is fetched afresh, so a link
 * built from it still works when it is clicked a little later.
 */
const ticketFreshMs = 5 * 60_000;

/** Keyed by session: a new login (or a password change) never reuses the old session's tickets. */
export function ticketQuery(api: ApiClient, scope: TicketScope, path: string) {
  const session = sessionStore.get()?.sid ?? '';
  return queryOptions({
    queryKey: [...ticketsKey, session, scope, path],
    queryFn: () => api.json<Ticket>('POST', 'api/tickets', { json: { scope, path } }),
    staleTime: ticketFreshMs,
    gcTime: ticketFreshMs,
  });
}

export function fetchTicket(
  queryClient: QueryClient,
  api: ApiClient,
  scope: TicketScope,
  path: string,
): Promise<Ticket> {
  return queryClient.fetchQuery(ticketQuery(api, scope, path));
}

/** The query parameters that carry a ticket (none when the server checks no credential). */
export function ticketParams(ticket: Ticket): Query {
  return ticket.ticket === '' ? {} : { ticket: ticket.ticket };
}

/**
 * A download ticket for `path` while the component shows it, renewed in the background so a link on
 * screen always carries a live one; undefined until it has arrived.
 */
export function useTicket(path: string): Ticket | undefined {
  const api = useApi();
  useSession();
  return useQuery({ ...ticketQuery(api, 'download', path), refetchInterval: ticketFreshMs }).data;
}

/**
 * A ticket that stays put once given, for media elements: a new `src` would restart playback.
 * `renew` swaps in a fresh one when the player fails (the ticket ended while it was open).
 */
export function useStableTicket(path: string): { ticket: Ticket | undefined; renew(): void } {
  const api = useApi();
  const fetched = useTicket(path);
  const [held, setHeld] = useState<{ path: string; ticket: Ticket } | undefined>(undefined);
  useEffect(() => {
    if (fetched && held?.path !== path) setHeld({ path, ticket: fetched });
  }, [fetched, held, path]);
  const renew = useCallback(() => {
    void api
      .json<Ticket>('POST', 'api/tickets', { json: { scope: 'download', path } })
      .then((ticket) => setHeld({ path, ticket }))
      .catch(() => undefined);
  }, [api, path]);
  return { ticket: held?.path === path ? held.ticket : undefined, renew };
}

/**
 * Thumbnail addresses carry a ticket, so a new ticket is a new address the browser has not cached:
 * a folder's preview ticket is kept for eight of its ten minutes, leaving two for a picture
 * scrolled into view just before the renewal.
 */
const previewTicketHeldMs = 8 * 60_000;

/** One download ticket for a folder's thumbnails (it opens every file below it); none when off. */
export function usePreviewTicket(
  folder: string,
  enabled = config.EnableThumbs,
): Ticket | undefined {
  const api = useApi();
  const session = useSession()?.sid ?? '';
  // '/a/' and '/a' are one folder and one ticket (resources.ts imports this module, so no import back).
  const path = `/${folder}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return useQuery({
    queryKey: [...ticketsKey, session, 'download', path, 'previews'],
    queryFn: () => api.json<Ticket>('POST', 'api/tickets', { json: { scope: 'download', path } }),
    staleTime: previewTicketHeldMs,
    gcTime: previewTicketHeldMs,
    refetchInterval: previewTicketHeldMs,
    enabled,
  }).data;
}
