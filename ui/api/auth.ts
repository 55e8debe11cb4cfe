// Logging in and out, signing up, and keeping the token fresh (docs/UI.md, Behaviour; docs/API.md).
import { config } from '../config';
import {
  clearSession,
  parseToken,
  sessionStore,
  setToken,
  tokenStorageKey,
} from '../state/session';
import type { ApiClient } from './client';

export async function logIn(
  api: ApiClient,
  username: string,
  password: string,
  recaptcha = '',
): Promise<void> {
  const token = await api.text('POST', 'api/login', {
    json: { username, password, recaptcha },
    anonymous: true,
  });
  setToken(token);
}

export async function signUp(api: ApiClient, username: string, password: string): Promise<void> {
  await api.call('POST', 'api/signup', { json: { username, password }, anonymous: true });
}

let renewing: Promise<void> | null = null;

/** Swaps the current token for a fresh one; concurrent hints share one call. */
export function renewToken(api: ApiClient): Promise<void> {
  const token = sessionStore.get()?.token;
  if (!token) return Promise.resolve();
  renewing ??= api
    .text('POST', 'api/renew', { headers: { 'X-Auth': token }, anonymous: true })
    .then((fresh) => void setToken(fresh))
    .finally(() => (renewing = null));
  return renewing;
}

/**
 * On start: a stored token is checked (three parts, not expired) and then renewed; an invalid one is
 * dropped with a warning. Without a login page (no-auth mode, or a login proxy that names the user)
 * the server hands out a token for empty credentials.
 */
export async function startSession(api: ApiClient): Promise<void> {
  const stored = localStorage.getItem(tokenStorageKey);
  if (stored) {
    try {
      sessionStore.set(parseToken(stored));
      await renewToken(api);
      return;
    } catch (error) {
      console.warn(`Ignoring the stored session: ${(error as Error).message}`);
      clearSession();
    }
  }
  if (!config.LoginPage) {
    try {
      await logIn(api, '', '');
    } catch (error) {
      console.warn(`Automatic login failed: ${(error as Error).message}`);
    }
  }
}

/**
 * Ends the session on the server too, so the token stops working wherever it was copied to; the
 * local session is cleared even when the server cannot be reached. With a logout page of its own
 * (a login proxy's) the browser leaves for it; the screen is left as it is until the page goes.
 */
export async function logOut(api: ApiClient): Promise<'left' | 'stayed'> {
  const token = sessionStore.get()?.token;
  try {
    if (token)
      await api.call('POST', 'api/logout', { headers: { 'X-Auth': token }, anonymous: true });
  } catch (error) {
    console.warn(`Logout could not reach the server: ${(error as Error).message}`);
  }
  if (config.LogoutPage !== '/login') {
    localStorage.removeItem(tokenStorageKey);
    window.location.assign(config.LogoutPage);
    return 'left';
  }
  clearSession();
  return 'stayed';
}

/** Whether the UI offers to log out: not without login, nor behind a proxy with nowhere to go. */
export const canLogOut = !config.NoAuth && (config.LoginPage || config.LogoutPage !== '/login');
