// A shared folder's contents on the public page: sub-folders open in the page, files download.
import { useTranslation } from 'react-i18next';
import type { PublicShareItem } from '../../api/shares';
import { publicDownloadUrl } from '../../api/shares';
import { AppLink } from '../../components/app-link';
import { FileIcon } from '../../components/file-icon';
import { formatRelative, formatSize } from '../../components/format';
import { Icon } from '../../components/icons';
import { sharePageUrl } from './share-address';

function ItemName({
  hash,
  item,
  token,
  viewOnly,
}: {
  hash: string;
  item: PublicShareItem;
  token: string | undefined;
  viewOnly: boolean;
}) {
  const content = (
    <>
      <FileIcon item={item} size={22} />
      <span className="share-entry-name">{item.name}</span>
    </>
  );
  if (item.isDir)
    return (
      <AppLink href={sharePageUrl(hash, item.path)} className="share-entry-link">
        {content}
      </AppLink>
    );
  // A view-only link's files open in a tab of their own, as the browser shows them.
  if (viewOnly)
    return (
      <a
        href={publicDownloadUrl(hash, item, false, token, true)}
        className="share-entry-link"
        target="_blank"
        rel="noreferrer"
      >
        {content}
      </a>
    );
  return (
    <a href={publicDownloadUrl(hash, item, false, token)} className="share-entry-link" download>
      {content}
    </a>
  );
}

/**
 * `token`: a password-protected share's, which its downloads carry. `viewOnly`: a view link's
 * listing, whose files open inline and offer no download.
 */
export function ShareListing({
  hash,
  items,
  token,
  viewOnly = false,
}: {
  hash: string;
  items: PublicShareItem[];
  token: string | undefined;
  viewOnly?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="share-listing-empty">{t('publicShare.empty')}</p>;
  return (
    <ul className="share-listing" aria-label={t('publicShare.contents')}>
      {items.map((item) => (
        <li key={item.path} className="share-entry">
          <ItemName hash={hash} item={item} token={token} viewOnly={viewOnly} />
          <span className="share-entry-size">
            {item.isDir ? t('publicShare.noSize') : formatSize(item.size)}
          </span>
          <span className="share-entry-modified">{formatRelative(item.modified)}</span>
          {item.isDir || viewOnly ? (
            <span className="share-entry-action" aria-hidden="true">
              <Icon name="chevron" size={20} />
            </span>
          ) : (
            <a
              href={publicDownloadUrl(hash, item, false, token)}
              className="icon-button share-entry-action"
              download
              aria-label={t('publicShare.downloadItem', { name: item.name })}
              title={t('publicShare.downloadItem', { name: item.name })}
            >
              <Icon name="download" size={20} />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
