// The files screen: breadcrumbs, the header actions, and exactly one body: not found, forbidden, error,
// the editor, the listing, the preview or 'Loading...' (docs/UI.md, Screens and Behaviour), which a
// folder shows as the skeleton of its listing.
import { usePreviewTicket } from '../api/tickets';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { samePath } from '../api/paths';
import { isBigFolder, resourcePageQuery, resourceQuery } from '../api/resources';
import type { Resource } from '../api/resources';
import { useApi } from '../api/use-api';
import { pathFromPathname } from '../components/current-path';
import { useDocumentTitle } from '../components/document-title';
import { config } from '../config';
import { errorKindOf } from '../components/error-kind';
import { useLoaded } from '../components/use-loaded';
import { Spinner } from '../components/icon-button';
import { currentStore } from '../state/current';
import { resetSelection } from '../state/selection';
import { Breadcrumbs } from './files/breadcrumbs';
import { FileActions } from './files/file-actions';
import type { FilesScreenKind } from './files/file-actions';
import { Listing } from './files/listing';
import { ListingSkeleton } from './files/listing-skeleton';
import { useFileKeys } from './files/use-file-keys';

const loadFilesError = () => import('../components/error-page').then((module) => module.FilesError);
const Editor = lazy(() => import('./files/editor'));
const Preview = lazy(() => import('./files/preview'));

/** Text with its content (downloadable) opens in the editor; other files in the preview. */
export function screenOf(resource: Resource): FilesScreenKind {
  if (resource.isDir) return 'listing';
  const text = resource.type === 'text' || resource.type === 'textImmutable';
  return text && resource.content !== undefined ? 'editor' : 'preview';
}

/** 'Loading...' only once a load takes a moment, so quick ones do not flash. */
function Loading() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="screen-message" aria-busy="true">
      {visible && (
        <>
          <Spinner />
          <span>{t('files.loading')}</span>
        </>
      )}
    </div>
  );
}

export default function FilesScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const located = pathFromPathname(pathname) ?? { path: '/', isDir: true };
  const path = located.path;
  // A folder's first page says how big it is: a big one is listed page by page, a small one (or
  // anything the page cannot show) is loaded whole, as File Browser's client does (docs/LISTINGS.md).
  const firstPage = useQuery({ ...resourcePageQuery(api, path, 0), enabled: located.isDir });
  const paged =
    firstPage.data && isBigFolder(firstPage.data) && samePath(firstPage.data.path, path)
      ? firstPage.data
      : undefined;
  const query = useQuery({
    ...resourceQuery(api, path),
    enabled: !located.isDir || (firstPage.isFetched && !paged),
  });
  // A folder's thumbnails need its ticket: asked for beside the listing, not after it.
  usePreviewTicket(path, config.EnableThumbs && located.isDir);
  // A response for another path than the route's is discarded (docs/UI.md, Behaviour).
  const resource =
    paged ?? (query.data && samePath(query.data.path, path) ? query.data : undefined);
  const screen = resource ? screenOf(resource) : undefined;

  useEffect(() => {
    currentStore.set(resource ?? null);
  }, [resource]);
  useEffect(() => () => currentStore.set(null), []);
  useEffect(() => resetSelection(), [path]);
  useEffect(() => {
    // The router treats /files and /files/ alike, so the URL is corrected in the history directly.
    if (pathname === '/files') router.history.replace(`${config.BaseURL}/files/`);
  }, [pathname, router]);
  useFileKeys(resource, screen);
  const failed = !resource && query.isError;
  const FilesError = useLoaded(loadFilesError, failed);
  useDocumentTitle(resource ? resource.name || t('files.home') : t('titles.files'));

  const breadcrumbs = (
    <Breadcrumbs
      path={path}
      isDir={resource ? resource.isDir : located.isDir}
      titled={screen !== 'preview' && !failed}
    />
  );
  let body;
  if (resource && screen === 'listing')
    body = <Listing key={resource.path} resource={resource} breadcrumbs={breadcrumbs} />;
  else if (resource && screen === 'editor')
    body = <Editor key={resource.path} resource={resource} />;
  else if (resource) body = <Preview key={resource.path} resource={resource} />;
  else if (failed)
    body = FilesError && (
      <FilesError
        kind={errorKindOf(query.error instanceof ApiError ? query.error.status : undefined)}
      />
    );
  else body = located.isDir ? <ListingSkeleton /> : <Loading />;

  return (
    <div className={`files files-${screen ?? 'loading'}`}>
      {/* A listing shows them in its top, which stays in view while it scrolls. */}
      {screen !== 'listing' && breadcrumbs}
      {/* The preview brings its own top bar with the actions on the open file. */}
      {resource && screen && screen !== 'preview' && (
        <FileActions resource={resource} screen={screen} />
      )}
      <Suspense fallback={<Loading />}>{body}</Suspense>
    </div>
  );
}
