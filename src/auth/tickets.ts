// Download tickets: short-lived signed tokens for URLs, bound to a user's session, a purpose and a path.
import { createHmac } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { AppError } from '../errors';
import { decodeSigned } from './tokens';
import type { VirtualPath } from '../fs/virtual-path';
import { isWithin } from '../fs/virtual-path';
import type { TokenClaims } from './tokens';

/** What a ticket opens: downloads (raw files, archives, subtitles) or the command WebSocket. */
export const ticketScopes = ['download', 'command'] as const;
export type TicketScope = (typeof ticketScopes)[number];

export interface TicketClaims {
  /** The user, their session version and session: a password change or logout ends the ticket. */
  uid: number;
  sv: number;
  sid: string;
  scope: TicketScope;
  /** The file or folder it was issued for; it opens that path and what lies below it. */
  path: VirtualPath;
  iat: number;
  exp: number;
}

export interface IssuedTicket {
  ticket: string;
  /** Seconds since the epoch. */
  expires: number;
}

export interface TicketService {
  issue(session: TokenClaims, scope: TicketScope, path: VirtualPath): IssuedTicket;
  /** Verified claims for this scope and path, or AppError auth.tokenInvalid / auth.tokenExpired. */
  verify(ticket: string, scope: TicketScope, path: VirtualPath): TicketClaims;
}

/**
 * Ten minutes: URLs leak (server and proxy logs, browser history, Referer), so a ticket must die
 * soon; yet a media player asks for new byte ranges whenever the user seeks, and it keeps the URL
 * it was given, so the UI takes a fresh ticket when the player reports an error.
 */
export const ticketLifetimeSeconds = 10 * 60;

const audience = 'drawer-ticket';

/**
 * The ticket key is derived from the install secret for this one use: a session token never
 * verifies as a ticket, nor a ticket as a session, whatever claims either carries.
 */
export function ticketKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('drawer download ticket v1').digest();
}

export function createTicketService(
  key: Buffer,
  now: () => number,
  sessionEnd: (authTime: number) => number,
): TicketService {
  const sign = createSigner({ key, algorithm: 'HS256', aud: audience });
  const verifyTicket = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedAud: audience,
    requiredClaims: ['exp', 'iat', 'uid', 'sv', 'sid', 'scope', 'path'],
    cache: false,
  });
  return {
    issue(session, scope, path) {
      const iat = Math.floor(now() / 1000);
      const exp = Math.min(iat + ticketLifetimeSeconds, session.exp, sessionEnd(session.auth_time));
      const claims = { uid: session.user.id, sv: session.sv, sid: session.sid, scope, path };
      return { ticket: sign({ ...claims, iat, exp }), expires: exp };
    },
    verify(ticket, scope, path) {
      const claims = decodeSigned(verifyTicket, ticket) as TicketClaims;
      if (
        typeof claims.uid !== 'number' ||
        typeof claims.sv !== 'number' ||
        typeof claims.sid !== 'string' ||
        typeof claims.path !== 'string' ||
        claims.iat > Math.floor(now() / 1000) + 60
      )
        throw new AppError('auth.tokenInvalid');
      if (claims.scope !== scope || !isWithin(path, claims.path))
        throw new AppError('auth.ticketMismatch', 'the ticket is not for this address');
      return claims;
    },
  };
}
