// A shared file shown on the public page itself: a picture (its 1080 px rendition), video, audio,
// a PDF, or text (Markdown rendered), so the recipient sees it before downloading it.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { encodePath } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { publicDownloadUrl, publicPreviewLink } from '../../api/shares';
import type { PublicShareItem } from '../../api/shares';
import { isMarkdown, MarkdownView } from '../../components/markdown-file';
import { config } from '../../config';

/** Text is shown up to this much; the rest is in the download. */
export const textPreviewBytes = 512 * 1024;

export interface SharedFile {
  hash: string;
  item: PublicShareItem;
  /** The share is this one file (its address is by name), not a file in a shared folder. */
  isFileShare: boolean;
  token: string | undefined;
  /** The link has a download limit: fetching the file itself would use one of its downloads. */
  limited: boolean;
}

function inlineUrl(
  hash: string,
  target: { path: string; name: string },
  isFileShare: boolean,
  token: string | undefined,
): string {
  const url = publicDownloadUrl(hash, target, isFileShare, token);
  return `${url}${url.includes('?') ? '&' : '?'}inline=true`;
}

function fileUrl({ hash, item, isFileShare, token }: SharedFile): string {
  return inlineUrl(hash, item, isFileShare, token);
}

function SharedImage({ file }: { file: SharedFile }) {
  const original = fileUrl(file);
  const big = config.ResizePreview
    ? publicPreviewLink('big', file.hash, file.item, file.isFileShare, file.token)
    : original;
  // A picture the server cannot draw (415) may still show as it is, unless that would use a download.
  const [src, setSrc] = useState<string | undefined>(
    file.limited && !config.ResizePreview ? undefined : big,
  );
  if (src === undefined) return null;
  return (
    <img
      className="share-preview-image"
      src={src}
      alt={file.item.name}
      onError={() => setSrc(file.limited || src === original ? undefined : original)}
    />
  );
}

function SharedText({ file }: { file: SharedFile }) {
  const { t } = useTranslation();
  const url = fileUrl(file);
  const text = useQuery({
    queryKey: queryKeys.publicShareText(file.hash, url),
    queryFn: async ({ signal }) => {
      const response = await fetch(url, {
        signal,
        headers: { Range: `bytes=0-${textPreviewBytes - 1}` },
      });
      if (!response.ok) throw new Error(String(response.status));
      return new TextDecoder().decode(await response.arrayBuffer());
    },
  });
  const { hash, item, isFileShare, token } = file;
  // Pictures a Markdown file names beside it, when they are in the shared folder too.
  const resolveImage = useCallback(
    (relative: string) => {
      if (isFileShare) return undefined;
      const base = `http://share${encodePath(item.path)}`;
      const path = decodeURIComponent(new URL(relative, base).pathname);
      return inlineUrl(hash, { path, name: path.split('/').pop() ?? '' }, false, token);
    },
    [hash, item.path, isFileShare, token],
  );
  if (text.isError) return null;
  if (text.data === undefined) return null;
  const truncated = item.size > textPreviewBytes;
  return (
    <>
      {isMarkdown(item.name) ? (
        <Suspense fallback={null}>
          <MarkdownView
            source={text.data}
            resolveImage={resolveImage}
            label={t('publicShare.textPreview', { name: item.name })}
          />
        </Suspense>
      ) : (
        <pre
          className="share-preview-text"
          tabIndex={0}
          aria-label={t('publicShare.textPreview', { name: item.name })}
        >
          {text.data}
        </pre>
      )}
      {truncated && <p className="share-preview-note">{t('publicShare.textTruncated')}</p>}
    </>
  );
}

/**
 * What needs the file's own bytes. On a link with a download limit, every fetch of those from the
 * start counts as a download (docs/SHARES.md), so the recipient chooses to spend one on it.
 */
function OnRequest({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (shown) return children;
  return (
    <div className="share-preview-ask">
      <p>{t('publicShare.previewUsesDownload')}</p>
      <button type="button" className="button" onClick={() => setShown(true)}>
        {t('publicShare.showHere')}
      </button>
    </div>
  );
}

export function SharePreview({ file }: { file: SharedFile }) {
  const { t } = useTranslation();
  const { item } = file;
  let body;
  switch (item.type) {
    case 'image':
      body = <SharedImage file={file} />;
      break;
    case 'video':
      body = (
        <video
          className="share-preview-video"
          src={fileUrl(file)}
          controls
          playsInline
          preload="metadata"
          aria-label={t('preview.video', { name: item.name })}
        />
      );
      break;
    case 'audio':
      body = (
        <audio
          src={fileUrl(file)}
          controls
          preload="metadata"
          aria-label={t('preview.audio', { name: item.name })}
        />
      );
      break;
    case 'pdf':
      body = (
        <iframe
          className="share-preview-pdf"
          src={fileUrl(file)}
          title={t('preview.pdf', { name: item.name })}
        />
      );
      break;
    case 'text':
    case 'textImmutable':
      body = <SharedText file={file} />;
      break;
    default:
      return null;
  }
  return (
    <section className="share-preview" aria-label={t('publicShare.preview')}>
      {file.limited && item.type !== 'image' ? <OnRequest>{body}</OnRequest> : body}
    </section>
  );
}
