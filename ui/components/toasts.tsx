// The notifications in the stack at the bottom right: success with a draining bar, errors with their
// details, Close and Report (when the admin set a tracker). Loaded with the first notification (toast-region.tsx).
import { useTranslation } from 'react-i18next';
import { dismissToast, successToastMs, useToasts } from '../state/toasts';
import { Icon } from './icons';
import { reportIssueHref } from './report-issue';

/** The status and code of a failure, folded away under its words. */
export function ErrorDetails({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return (
    <details className="error-details">
      <summary>{t('prompts.errorDetails')}</summary>
      <code>{detail}</code>
    </details>
  );
}

/** The notifications themselves, inside the live region of toast-region.tsx. */
export function ToastList() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <>
      {toasts.map((toast) => {
        const reportHref =
          toast.kind === 'error'
            ? reportIssueHref(toast.detail ? `${toast.message}\n\n${toast.detail}` : toast.message)
            : undefined;
        return (
          <div
            key={toast.id}
            className={`toast toast-${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            <Icon name={toast.kind === 'error' ? 'error' : 'check'} />
            <p className="toast-message">{toast.message}</p>
            {toast.detail && <ErrorDetails detail={toast.detail} />}
            {toast.kind === 'error' ? (
              <div className="toast-actions">
                {reportHref && (
                  <a
                    className="button button-flat"
                    href={reportHref}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {t('toasts.reportIssue')}
                  </a>
                )}
                <button
                  type="button"
                  className="button button-flat"
                  onClick={() => dismissToast(toast.id)}
                >
                  {t('buttons.close')}
                </button>
              </div>
            ) : (
              <span
                className="toast-progress"
                style={{ animationDuration: `${successToastMs}ms` }}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
