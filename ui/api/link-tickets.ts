// The ticket of one link (a download, a media element, the shell's socket), asked for when that link
// is made or shown; a listing's thumbnails share their folder's ticket (tickets.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { sessionStore, useSession } from '../state/session';
import type { ApiClient } from './client';
import { queryKeys } from './query-keys';
import type { Ticket, TicketScope } from './tickets';
import { useApi } from './use-api';

/**
 * The server's tickets last ten minutes; one older than half that is fetched afresh, so a link
 * built from it still works when it is clicked a little later.
 */
const ticketFreshMs = 5 * 60_000;

/** Keyed by session: a new login (or a password change) never reuses the old session's tickets. */
export function ticketQuery(api: ApiClient, scope: TicketScope, path: string) {
  const session = sessionStore.get()?.sid ?? '';
  return queryOptions({
    queryKey: queryKeys.ticket(session, scope, path),
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
