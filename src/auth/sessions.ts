// Ending a session (logout) and handing out tickets from one: the session's side of tokens in URLs.
import type { Context } from '../context';
import { canonicalise } from '../fs/virtual-path';
import type { IssuedTicket, TicketScope } from './tickets';
import { ticketLifetimeSeconds } from './tickets';
import type { TokenClaims } from './tokens';

/** Slack for clocks and rounding: a revocation outlives its session's last token by this much. */
const revocationMarginSeconds = 60;

/**
 * Revokes the session with every token it was renewed into. Each of them was issued before now, so
 * none outlives now plus one token lifetime, nor the session's absolute end: after that the entry
 * can go. Without a session (no-auth mode) there is nothing to end.
 */
export async function endSession(ctx: Context, session: TokenClaims | undefined): Promise<void> {
  if (!session) return;
  const nowSeconds = Math.floor(ctx.now() / 1000);
  const lastExpiry = Math.min(
    nowSeconds + Math.ceil(ctx.tokens.lifetimeMs / 1000),
    ctx.tokens.sessionEnd(session.auth_time),
  );
  await ctx.sessions.revoke(session.sid, lastExpiry + revocationMarginSeconds);
}

/**
 * A ticket for `path` (a file, or a folder and all below it). In no-auth mode there is no session to
 * bind it to and no credential is checked, so the ticket is empty.
 */
export function issueTicket(
  ctx: Context,
  session: TokenClaims | undefined,
  scope: TicketScope,
  path: string,
): IssuedTicket {
  const canonical = canonicalise(path).path;
  if (!session)
    return { ticket: '', expires: Math.floor(ctx.now() / 1000) + ticketLifetimeSeconds };
  return ctx.tickets.issue(session, scope, canonical);
}
