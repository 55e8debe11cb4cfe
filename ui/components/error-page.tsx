// The /403, /404 and /500 pages, and the same messages inside the files screen (docs/UI.md, Screens and
// Errors). Loaded when an error shows: the first screen has none.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './document-title';
import type { ErrorKind } from './error-kind';
import type { IconName } from './icons';
import { Icon } from './icons';

const kinds = {
  403: { icon: 'lock', key: 'forbidden' },
  404: { icon: 'error', key: 'notFound' },
  500: { icon: 'error', key: 'internal' },
} as const satisfies Record<ErrorKind, { icon: IconName; key: string }>;

/** The message block alone, for use inside a screen. */
export function ErrorMessage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  return (
    <div className="error-message" role="alert">
      <Icon name={kinds[kind].icon} size={56} />
      <h2>{t(`errorPages.${kinds[kind].key}`)}</h2>
    </div>
  );
}

/** A whole page, with a way back to the files. */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`titles.${kinds[kind].key}`));
  return (
    <main className="error-page">
      <ErrorMessage kind={kind} />
      <Link to="/files/" className="button">
        {t('errorPages.goHome')}
      </Link>
    </main>
  );
}

/** The pages of /403, /404 and /500, for their routes to load. */
export const ForbiddenPage = () => <ErrorPage kind={403} />;
export const NotFoundPage = () => <ErrorPage kind={404} />;
export const InternalErrorPage = () => <ErrorPage kind={500} />;
