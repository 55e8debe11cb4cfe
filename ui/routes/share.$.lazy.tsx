// The public share page (SPEC §2): icon, name, download link and QR code; a folder also lists its items.
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { publicDownloadUrl, publicShareQuery } from '../api/shares';
import type { PublicShare } from '../api/shares';
import { useApi } from '../api/use-api';
import { AppLink } from '../components/app-link';
import { useDocumentTitle } from '../components/document-title';
import { FileIcon } from '../components/file-icon';
import { formatDate, formatSize } from '../components/format';
import { Icon, Logo } from '../components/icons';
import { Spinner } from '../components/icon-button';
import { appName } from '../config';
import { QrCode } from './share/qr-code';
import { shareAddressOf, sharePageUrl } from './share/share-address';
import { ShareListing } from './share/share-listing';

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

function Summary({ share, hash }: { share: PublicShare; hash: string }) {
  const { t } = useTranslation();
  const href = publicDownloadUrl(hash, share, !share.isDir);
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
        <p className="share-hint">
          {share.isDir ? t('publicShare.folderHint') : t('publicShare.fileHint')}
        </p>
        <a className="button button-primary share-download" href={href} download>
          <Icon name="download" size={20} />
          {share.isDir ? t('publicShare.downloadFolder') : t('publicShare.downloadFile')}
        </a>
      </div>
      <QrCode text={new URL(href, location.href).href} />
    </section>
  );
}

export default function PublicSharePage() {
  const { t } = useTranslation();
  const api = useApi();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { hash, sub } = shareAddressOf(pathname);
  const share = useQuery({ ...publicShareQuery(api, hash, sub), enabled: hash !== '' });
  useDocumentTitle(share.data?.name || t('publicShare.title'));

  let body;
  if (hash === '' || share.isError)
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
  else
    body = (
      <>
        {sub !== '/' && <Crumbs hash={hash} sub={sub} />}
        <Summary share={share.data} hash={hash} />
        {share.data.isDir && <ShareListing hash={hash} items={share.data.items ?? []} />}
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
