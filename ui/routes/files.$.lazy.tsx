// The files screen, loaded by its route (files.$.tsx) with its pending and error views: breadcrumbs,
// the header actions, and exactly one body (docs/UI.md, Screens): the editor, the listing or the
// preview once the loader has filled the cache; the listing's skeleton or 'Loading...' while it
// works (the pending view); not found, forbidden or any other error as the error pages say it (the
// error view, whose words load with the error pages').
import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { samePath } from '../api/paths';
import { isBigFolder, resourcePageQuery, resourceQuery } from '../api/resources';
import type { Resource } from '../api/resources';
import { useApi } from '../api/use-api';
import { useDocumentTitle } from '../components/document-title';
import { errorKindOf } from '../components/error-kind';
import { Spinner } from '../components/icon-button';
import { useLoaded } from '../components/use-loaded';
import { config } from '../config';
import { resetSelection } from '../state/selection';
import { Breadcrumbs } from './files/breadcrumbs';
import { FileActions } from './files/file-actions';
import type { FilesScreenKind } from './files/file-actions';
import type { FilesLocation } from './files/files-location';
import type { FilesLoaded } from './files/files-loader';
import { filesRouteApi, useFilesLocation } from './files/files-place';
import { Listing } from './files/listing';
import { ListingSkeleton } from './files/listing-skeleton';
import { useFileKeys } from './files/use-file-keys';

const loadFilesError = () => import('../components/error-page').then((module) => module.FilesError);
const Editor = lazy(() => import('./files/editor'));
const Preview = lazy(() => import('./files/preview'));

/** Text with its content (downloadable) opens in the editor; other files in the preview. */
function screenOf(resource: Resource): FilesScreenKind {
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

/** While the loader works: the breadcrumbs, and a folder's skeleton or a file's 'Loading...'. */
export function FilesPending() {
  const { t } = useTranslation();
  const location = useFilesLocation();
  useDocumentTitle(t('titles.files'));
  return (
    <div className="files files-loading">
      <Breadcrumbs path={location.path} isDir={location.isDir} titled />
      {location.isDir ? <ListingSkeleton /> : <Loading />}
    </div>
  );
}

/** A path that failed: its message is the screen's title, as the error pages show it. */
export function FilesFailed({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const location = useFilesLocation();
  const FilesError = useLoaded(loadFilesError, true);
  useDocumentTitle(t('titles.files'));
  return (
    <div className="files files-error">
      <Breadcrumbs path={location.path} isDir={location.isDir} titled={false} />
      {FilesError && (
        <FilesError kind={errorKindOf(error instanceof ApiError ? error.status : undefined)} />
      )}
    </div>
  );
}

function FilesBody({ location, resource }: { location: FilesLocation; resource: Resource }) {
  const { t } = useTranslation();
  const screen = screenOf(resource);
  useEffect(() => resetSelection(), [location.path]);
  useFileKeys(resource, screen);
  useDocumentTitle(resource.name || t('files.home'));
  const breadcrumbs = (
    <Breadcrumbs path={location.path} isDir={resource.isDir} titled={screen !== 'preview'} />
  );
  let body;
  if (screen === 'listing')
    body = <Listing key={resource.path} resource={resource} breadcrumbs={breadcrumbs} />;
  else if (screen === 'editor') body = <Editor key={resource.path} resource={resource} />;
  else body = <Preview key={resource.path} resource={resource} />;
  return (
    <div className={`files files-${screen}`}>
      {/* A listing shows them in its top, which stays in view while it scrolls. */}
      {screen !== 'listing' && breadcrumbs}
      {/* The preview brings its own top bar with the actions on the open file. */}
      {screen !== 'preview' && <FileActions resource={resource} screen={screen} />}
      <Suspense fallback={<Loading />}>{body}</Suspense>
    </div>
  );
}

/** An answer naming another place than the URL's is not shown (docs/UI.md, Behaviour: Loading). */
function Shown({ location, resource }: { location: FilesLocation; resource: Resource }) {
  if (!samePath(resource.path, location.path)) return <FilesPending />;
  return <FilesBody location={location} resource={resource} />;
}

/*
 * The two reads below take what the loader put in the cache, so they do not suspend on entry, and
 * follow the cache: an invalidation after a change brings the new answer here. The loader fetched
 * it, so mounting does not fetch it again.
 */

function WholeItem({ location }: { location: FilesLocation }) {
  const api = useApi();
  const query = resourceQuery(api, location.path);
  const resource = useSuspenseQuery({ ...query, refetchOnMount: false }).data;
  return <Shown location={location} resource={resource} />;
}

/** A big folder's first page; one that no longer tells of a big folder (it shrank) gives way. */
function FirstPage({ location }: { location: FilesLocation }) {
  const api = useApi();
  const query = resourcePageQuery(api, location.path, 0);
  const page = useSuspenseQuery({ ...query, refetchOnMount: false }).data;
  if (!isBigFolder(page)) return <WholeItem location={location} />;
  return <Shown location={location} resource={page} />;
}

export function FilesScreen() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const location = useFilesLocation();
  const { paged }: FilesLoaded = filesRouteApi.useLoaderData();
  useEffect(() => {
    // The router treats /files and /files/ alike, so the URL is corrected in the history directly.
    if (pathname === '/files') router.history.replace(`${config.BaseURL}/files/`);
  }, [pathname, router]);
  return paged ? <FirstPage location={location} /> : <WholeItem location={location} />;
}
