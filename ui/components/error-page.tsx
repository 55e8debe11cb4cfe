// The /403, /404 and /500 pages, and the same messages inside the files screen (docs/UI.md, Screens and Errors).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './document-title';
import type { IconName } from './icons';
import { Icon } from './icons';

const kinds = {
  403: { icon: 'lock', key: 'forbidden' },
  404: { icon: 'error', key: 'notFound' },
  500: { icon: 'error', key: 'internal' },
} as const satisfies Record<number, { icon: IconName; key: string }>;

export type ErrorKind = keyof typeof kinds;

export function errorKindOf(status: number | undefined): ErrorKind {
  return status === 403 || status === 404 ? status : 500;
}

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
