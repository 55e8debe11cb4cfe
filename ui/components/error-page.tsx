// The /403, /404 and /500 pages, and the same messages inside the files screen (docs/UI.md, Screens and
// Errors). Loaded when an error shows: the first screen has none.
import { Link, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { useDocumentTitle } from './document-title';
import { ApiError } from '../api/client';
import type { ErrorKind } from './error-kind';
import { errorKindOf } from './error-kind';
import type { IconName } from './icons';
import { Icon } from './icons';

// Imported, not bundled in: a static import would tie the layout's code into a shared chunk and grow the
// files screen's first load (docs/UI.md, Figures), though the logged-in layout is loaded already.
const AppLayout = lazy(() => import('./app-layout'));

const kinds = {
  403: { icon: 'lock', key: 'forbidden' },
  404: { icon: 'error', key: 'notFound' },
  500: { icon: 'error', key: 'internal' },
} as const satisfies Record<ErrorKind, { icon: IconName; key: string }>;

/**
 * The message block. `level` 1 when the error is what the screen is about (an error page, a file
 * that failed to load: docs/UI.md, Accessibility), 2 inside a screen that has its own title.
 */
export function ErrorMessage({ kind, level = 2 }: { kind: ErrorKind; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="error-message" role="alert">
      <Icon name={kinds[kind].icon} size={56} />
      <Heading>{t(`errorPages.${kinds[kind].key}`)}</Heading>
    </div>
  );
}

/** The ways back from an error: back in history when the app has one, and the files home. */
export function ErrorWaysBack() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div className="error-actions">
      {router.history.canGoBack() && (
        <button type="button" className="button button-flat" onClick={() => router.history.back()}>
          {t('buttons.back')}
        </button>
      )}
      <Link to="/files/" className="button">
        {t('errorPages.goHome')}
      </Link>
    </div>
  );
}

/** A path of the files screen that failed to load: the error is the screen's title, then the ways back. */
export function FilesError({ kind }: { kind: ErrorKind }) {
  return (
    <div className="error-screen">
      <ErrorMessage kind={kind} level={1} />
      <ErrorWaysBack />
    </div>
  );
}

function kindOfError(error: unknown): ErrorKind {
  return errorKindOf(error instanceof ApiError ? error.status : undefined);
}

/**
 * The error view of a route that has none of its own (a settings screen whose data could not be
 * loaded): the error pages' words, title and ways back, where the screen would be.
 */
export function RouteFailed({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const kind = kindOfError(error);
  useDocumentTitle(t(`titles.${kinds[kind].key}`));
  return <FilesError kind={kind} />;
}

/**
 * A whole page. A logged-in user keeps the header and sidebar around it; a visitor without a session
 * gets the plain page, since the layout's controls all need one.
 */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t(`titles.${kinds[kind].key}`));
  const content = (
    <>
      <ErrorMessage kind={kind} level={1} />
      <ErrorWaysBack />
    </>
  );
  if (!session) return <main className="error-page">{content}</main>;
  return (
    <Suspense fallback={null}>
      <AppLayout>
        <div className="error-screen">{content}</div>
      </AppLayout>
    </Suspense>
  );
}

/** The pages of /403, /404 and /500, for their routes to load. */
export const ForbiddenPage = () => <ErrorPage kind={403} />;
export const NotFoundPage = () => <ErrorPage kind={404} />;
export const InternalErrorPage = () => <ErrorPage kind={500} />;
