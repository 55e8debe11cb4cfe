// A shared folder's contents on the public page, with thumbnails: sub-folders and files open in the
// page (a file shows itself there), and each file has its download button.
import { mayHaveThumb } from '../../api/resources';
import { useTranslation } from 'react-i18next';
import type { PublicShareItem } from '../../api/shares';
import { publicDownloadUrl, publicPreviewLink } from '../../api/shares';
import { AppLink } from '../../components/app-link';
import { FileIcon, Thumbnail } from '../../components/file-icon';
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
  const thumb = mayHaveThumb(item)
    ? publicPreviewLink('thumb', hash, item, false, token)
    : undefined;
  const content = (
    <>
      {item.isDir ? (
        <FileIcon item={item} size={22} />
      ) : (
        <Thumbnail item={item} src={thumb} iconSize={22} />
      )}
      <span className="share-entry-name">{item.name}</span>
    </>
  );
  // A view-only link's files open in a tab of their own, as the browser shows them.
  if (viewOnly && !item.isDir)
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
  // Folders open in the page; a file opens its own page, which shows it.
  return (
    <AppLink href={sharePageUrl(hash, item.path)} className="share-entry-link">
      {content}
    </AppLink>
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
