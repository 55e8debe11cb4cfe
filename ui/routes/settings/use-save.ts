// Saving a settings card: busy while it runs; a failure becomes a persistent error notification that
// keeps the server's words when it names the offending field (docs/UI.md, Errors).
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { describeError } from '../../components/describe-error';
import { notifyError } from '../../components/notify-error';
import { i18n } from '../../i18n';
import { showError } from '../../state/toasts';

/** A 400 answer's message names the field ("defaults.scope: ..."): show it beside the translation. */
export function describeSaveError(error: unknown): string {
  const text = describeError(error);
  if (error instanceof ApiError && error.status === 400 && error.message && error.message !== text)
    return i18n.t('settings.errorDetail', { error: text, detail: error.message });
  return text;
}

export function notifySaveError(error: unknown): void {
  if (error instanceof ApiError && error.status === 400) showError(describeSaveError(error));
  else notifyError(error);
}

export function useSave(): { busy: boolean; run(work: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  // A second Enter while the first save runs must not send it twice.
  const running = useRef(false);
  return {
    busy,
    async run(work) {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await work();
      } catch (error) {
        notifySaveError(error);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}
