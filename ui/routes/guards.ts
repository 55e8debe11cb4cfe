// The route guards (docs/UI.md, Screens) as pure decisions, so they can be tested without a browser.
import type { Session } from '../state/session';

export const defaultAfterLogin = '/files/';

/** Only a path inside this app is followed after login (no '//host', no 'https:'). */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//'))
    return defaultAfterLogin;
  if (value.startsWith('/\\') || value === '/login' || value.startsWith('/login?'))
    return defaultAfterLogin;
  return value;
}

export type GuardDecision = { to: '/login'; redirect: string } | { to: '/403' } | null;

/** Anonymous visitors go to /login?redirect=<full path>; logged-in users pass. */
export function requireSession(session: Session | null, href: string): GuardDecision {
  return session ? null : { to: '/login', redirect: href };
}

/** Admin routes: anonymous visitors log in first, other users see /403. */
export function requireAdmin(session: Session | null, href: string): GuardDecision {
  if (!session) return { to: '/login', redirect: href };
  return session.user.perm.admin ? null : { to: '/403' };
}
