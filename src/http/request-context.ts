// Type additions Fastify needs: the route's auth level and the actor each request carries.
import type { TicketScope } from '../auth/tickets';
import type { TokenClaims } from '../auth/tokens';
import type { StoredUser } from '../users/user';

/** Who a route admits: anyone, any logged-in user, or admins only. */
export type AuthLevel = 'public' | 'user' | 'admin';

/**
 * A route a browser opens by URL (a download, a media source, the command WebSocket), so it may
 * carry its credential in the URL: a ticket of this scope for the path after `prefix`, or, for File
 * Browser's clients, the session as ?auth= or the auth cookie.
 */
export interface LinkAuth {
  scope: TicketScope;
  /** The route without the base URL, e.g. "/api/raw": the ticket's path is what follows it. */
  prefix: string;
}

/** The user acting on a request, read fresh from the store (never trusted from the token). */
export type Actor = StoredUser;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    linkAuth?: LinkAuth;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
    /** The session token's claims, when the request came with one (not with a ticket). */
    session: TokenClaims | undefined;
  }
}
