// Turns any failure into words: t('errors.<code>') with the server's message as the fallback.
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { showError } from '../state/toasts';

export function describeError(error: unknown): string {
  if (error instanceof ApiError)
    return i18n.t(`errors.${error.code}`, {
      defaultValue: error.message || i18n.t('errors.unknown'),
    });
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unknown');
}

/** The status line of a failed call, shown in a prompt's 'Something went wrong' dialog. */
export function describeStatus(error: unknown): string {
  const text = describeError(error);
  return error instanceof ApiError && error.status > 0 ? `${error.status}: ${text}` : text;
}

/** A persistent error notification (SPEC §8: failed actions); aborted calls stay silent. */
export function notifyError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  showError(describeError(error));
}
