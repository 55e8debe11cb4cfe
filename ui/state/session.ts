// The session: the stored token and the user snapshot it carries (docs/UI.md, Data and Behaviour).
import type { TokenUser } from '../../src/api/users';
import { createStore, useStore } from './store';

/**
 * The user a session's token carries (the server's TokenUser). The last four are optional: tokens
 * of File Browser and of older Drawer versions lack them.
 */
export type SessionUser = Pick<
  TokenUser,
  'id' | 'username' | 'locale' | 'lockPassword' | 'viewMode' | 'perm' | 'commands' | 'sorting'
> &
  Partial<Pick<TokenUser, 'hideDotfiles' | 'singleClick' | 'dateFormat' | 'folderSizes'>>;

export interface Session {
  token: string;
  user: SessionUser;
  /** Expiry in seconds since the epoch. */
  exp: number;
  /** The server's id for this login, the same across renewals ('' from servers without one). */
  sid: string;
}

export const tokenStorageKey = 'jwt';

export class TokenError extends Error {
  constructor(readonly reason: 'malformed' | 'expired') {
    super(reason === 'malformed' ? 'token malformed' : 'token expired');
  }
}

function decodePart(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Reads a token's claims: three dot-separated parts and an unexpired exp, or a TokenError. */
export function parseToken(token: string, nowMs = Date.now()): Session {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('malformed');
  let claims: { user?: SessionUser; exp?: number; sid?: unknown };
  try {
    claims = decodePart(parts[1] ?? '') as typeof claims;
  } catch {
    throw new TokenError('malformed');
  }
  if (!claims || typeof claims.exp !== 'number' || typeof claims.user?.id !== 'number')
    throw new TokenError('malformed');
  if (claims.exp * 1000 <= nowMs) throw new TokenError('expired');
  const sid = typeof claims.sid === 'string' ? claims.sid : '';
  return { token, user: claims.user, exp: claims.exp, sid };
}

export const sessionStore = createStore<Session | null>(null);

export function setToken(token: string): Session {
  const session = parseToken(token);
  localStorage.setItem(tokenStorageKey, token);
  sessionStore.set(session);
  return session;
}

export function clearSession(): void {
  localStorage.removeItem(tokenStorageKey);
  sessionStore.set(null);
}

/** Changes fields of the local user right away (the server's fresh token follows on renew). */
export function patchUser(patch: Partial<SessionUser>): void {
  sessionStore.set((session) =>
    session ? { ...session, user: { ...session.user, ...patch } } : session,
  );
}

export function useSession(): Session | null {
  return useStore(sessionStore);
}

/** The logged-in user; only call inside the authenticated layout. */
export function useUser(): SessionUser {
  const session = useStore(sessionStore);
  if (!session) throw new Error('useUser outside a session');
  return session.user;
}
