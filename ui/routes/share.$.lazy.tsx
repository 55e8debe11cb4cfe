// The public share page (docs/UI.md, Screens): icon, name, download link and QR code; a folder also lists its
// items (with thumbnails), a file is shown inline. A password-protected share asks for its
// password first, then works with its token. A view-only link offers no download, a file request
// its upload zone (a chunk of its own), and a link past its expiry or limit says it has ended.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { publicDownloadUrl, publicShareQuery, storeVisit } from '../api/shares';
import type { PublicShare } from '../api/shares';
import { queryKeys } from '../api/query-keys';
import { useApi } from '../api/use-api';
import { AppLink } from '../components/app-link';
import { useDocumentTitle } from '../components/document-title';
import { FileIcon } from '../components/file-icon';
import { formatDate, formatSize } from '../components/format';
import { Icon, Logo } from '../components/icons';
import { Spinner } from '../components/icon-button';
import { appName, config } from '../config';
import type { shareRoute } from './share.$';
import { QrCode } from './share/qr-code';
import { shareAddressOf, sharePageUrl } from './share/share-address';
import { ShareListing } from './share/share-listing';
import { SharePreview } from './share/share-preview';
import { SharePasswordForm } from './share/share-password';

const FileRequest = lazy(() => import('./share/file-request'));

/** The route by its id (TanStack's getRouteApi): importing it would give its module a chunk of its own. */
const shareRouteId: (typeof shareRoute)['id'] = '/share/$';
const shareRouteApi = getRouteApi(shareRouteId);

function Crumbs({ hash, sub }: { hash: string; sub: string }) {
  const { t } = useTranslation();
  const names = sub.split('/').filter(Boolean);
  return (
    <nav className="share-crumbs" aria-label={t('publicShare.location')}>
      <AppLink href={sharePageUrl(hash, '/')} className="crumb" title={t('publicShare.root')}>
        <Icon name="home" size={18} />
        <span className="visually-hidden">{t('publicShare.root')}</span>
      </AppLink>
      {names.map((name, index) => (
        <span key={index} className="crumb-part">
          <Icon name="chevron" size={16} />
          <AppLink
            href={sharePageUrl(hash, `/${names.slice(0, index + 1).join('/')}`)}
            className="crumb"
            aria-current={index === names.length - 1 ? 'page' : undefined}
          >
            {name}
          </AppLink>
        </span>
      ))}
    </nav>
  );
}

/** The share is one file (addressed by its name), not a file opened inside a shared folder. */
function isFileShare(share: PublicShare, sub: string): boolean {
  return !share.isDir && sub === '/';
}

function Summary({ share, hash, sub }: { share: PublicShare; hash: string; sub: string }) {
  const { t } = useTranslation();
  const token = share.token;
  const viewOnly = share.kind === 'view';
  const href = publicDownloadUrl(hash, share, isFileShare(share, sub), token);
  // A protected share's QR code leads to this page, which asks for the password: a code
  // seen over a shoulder must not carry the token that opens the share without it. A view-only
  // link's leads to the page too: its files are not downloads.
  const opensPage = token !== undefined || viewOnly;
  const qrTarget = opensPage ? config.BaseURL + sharePageUrl(hash, sub) : href;
  const hint = viewOnly
    ? t(share.isDir ? 'publicShare.viewFolderHint' : 'publicShare.viewFileHint')
    : share.isDir
      ? t(token ? 'publicShare.protectedFolderHint' : 'publicShare.folderHint')
      : t(token ? 'publicShare.protectedFileHint' : 'publicShare.fileHint');
  const meta = share.isDir
    ? t('publicShare.counts', { folders: share.numDirs ?? 0, files: share.numFiles ?? 0 })
    : `${formatSize(share.size)} · ${formatDate(share.modified)}`;
  return (
    <section className="share-card">
      <div className="share-details">
        <div className="share-summary">
          <FileIcon item={share} size={56} />
          <div className="share-summary-text">
            <h1 className="share-name">{share.name}</h1>
            <p className="share-meta">{meta}</p>
          </div>
        </div>
        <p className="share-hint">{hint}</p>
        {share.downloadsLeft !== undefined && (
          <p className="share-downloads-left">
            {t('publicShare.downloadsLeft', { n: share.downloadsLeft })}
          </p>
        )}
        {viewOnly ? (
          !share.isDir && (
            <a
              className="button button-primary share-view"
              href={publicDownloadUrl(hash, share, true, token, true)}
              target="_blank"
              rel="noreferrer"
            >
              <Icon name="info" size={20} />
              {t('publicShare.viewFile')}
            </a>
          )
        ) : (
          <a className="button button-primary share-download" href={href} download>
            <Icon name="download" size={20} />
            {share.isDir ? t('publicShare.downloadFolder') : t('publicShare.downloadFile')}
          </a>
        )}
      </div>
      <QrCode text={new URL(qrTarget, location.href).href} opensPage={opensPage} />
    </section>
  );
}

export default function PublicSharePage() {
  const { t } = useTranslation();
  const api = useApi();
  const params: { _splat?: string } = shareRouteApi.useParams();
  const splat = params._splat;
  const queryClient = useQueryClient();
  const { hash, sub } = shareAddressOf(splat);
  // The token a password earned; it opens this share only. Kept in memory: a reload asks again.
  const [opened, setOpened] = useState<{ hash: string; token: string }>();
  const token = opened?.hash === hash ? opened.token : undefined;
  const share = useQuery({
    ...publicShareQuery(api, hash, sub, token),
    enabled: hash !== '',
    // The route's loader asked for it on entry (share/share-loader.ts), refused or not: mounting asks
    // nothing more. Its answer may be a refusal the page shows, so it is read with useQuery.
    refetchOnMount: false,
    retryOnMount: false,
  });
  useDocumentTitle(share.data?.name || t('publicShare.title'));
  // No password yet, or a token that has run out: the server asks for the password.
  const needsPassword = share.error instanceof ApiError && share.error.status === 401;
  // Past its expiry or its download limit, in the grace before it is deleted.
  const gone = share.error instanceof ApiError && share.error.status === 410;

  const open = (answer: PublicShare) => {
    storeVisit(hash, answer.visit);
    queryClient.setQueryData(publicShareQuery(api, hash, sub, answer.token).queryKey, answer);
    setOpened(answer.token ? { hash, token: answer.token } : undefined);
  };

  let body;
  if (needsPassword) body = <SharePasswordForm key={hash} hash={hash} sub={sub} onOpened={open} />;
  else if (gone)
    body = (
      <section className="share-card share-gone" role="alert" aria-labelledby="share-gone-title">
        <Icon name="error" size={40} className="icon share-gone-icon" />
        <h1 id="share-gone-title" className="share-name">
          {t('publicShare.goneTitle')}
        </h1>
        <p className="share-hint">{t('publicShare.goneHint')}</p>
      </section>
    );
  else if (hash === '' || share.isError)
    body = (
      <p className="share-missing" role="alert">
        <Icon name="error" size={40} />
        <span>{t('publicShare.notFound')}</span>
      </p>
    );
  else if (!share.data)
    body = (
      <div className="share-loading">
        <Spinner label={t('publicShare.loading')} />
      </div>
    );
  else if (share.data.kind === 'upload')
    body = (
      <Suspense
        fallback={
          <div className="share-loading">
            <Spinner label={t('publicShare.loading')} />
          </div>
        }
      >
        <FileRequest
          hash={hash}
          share={share.data}
          onUploaded={() =>
            void queryClient.invalidateQueries({ queryKey: queryKeys.publicShare(hash) })
          }
        />
      </Suspense>
    );
  else
    body = (
      <>
        {sub !== '/' && <Crumbs hash={hash} sub={sub} />}
        <Summary share={share.data} hash={hash} sub={sub} />
        {share.data.isDir ? (
          <ShareListing
            hash={hash}
            items={share.data.items ?? []}
            token={share.data.token}
            viewOnly={share.data.kind === 'view'}
          />
        ) : (
          <SharePreview
            key={share.data.path}
            file={{
              hash,
              item: share.data,
              isFileShare: isFileShare(share.data, sub),
              token: share.data.token,
              limited: share.data.downloadsLeft !== undefined,
            }}
          />
        )}
      </>
    );
  return (
    <div className="public-share">
      <header className="share-brand">
        <Logo size={28} />
        <span>{appName}</span>
      </header>
      <main className="share-main">{body}</main>
    </div>
  );
}
