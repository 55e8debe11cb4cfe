// Turns any failure into words: t('errors.<code>'), else words for the status, else the server's message;
// the status and code go into the details.
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { showError } from '../state/toasts';

/**
 * Words for an answer that came without Drawer's {code, message}: a proxy's or gateway's page
 * ("413 Request Entity Too Large" from nginx), which would otherwise show as raw HTML.
 */
const wordsByStatus: Record<number, string> = {
  401: 'errors.auth.required',
  403: 'errors.fs.forbidden',
  404: 'errors.fs.notFound',
  409: 'errors.fs.exists',
  413: 'errors.fs.tooLarge',
  423: 'errors.upload.locked',
  429: 'errors.server.busy',
  500: 'errors.internal',
  502: 'errors.network',
  503: 'errors.server.busy',
  504: 'errors.network',
  507: 'errors.fs.noSpace',
};

export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    const byStatus = wordsByStatus[error.status];
    if (byStatus) return i18n.t(byStatus);
    return error.message || i18n.t('errors.unknown');
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unknown');
}

/**
 * What a failed call was, for the Details under its words and for a bug report: 'HTTP 409 ·
 * fs.exists · <the server's message>'. People read the words; the status is not for them.
 */
export function describeDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // The server's message only when it says more than the words shown above it.
  const message = error.message === describeError(error) ? '' : error.message;
  const parts = [error.status > 0 ? `HTTP ${error.status}` : '', error.code, message];
  return parts.filter(Boolean).join(' · ');
}

/** The notification of a failed action: its words, and the details under them. */
export function showFailure(error: unknown): void {
  showError(describeError(error), describeDetail(error));
}
