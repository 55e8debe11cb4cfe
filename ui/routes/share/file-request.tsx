// A file request's public page: the folder's name, an upload zone (drop, files, a folder) sending
// each file through tus to /api/public/tus/<hash>/<path> with the visit's token, progress per file,
// what this visit put in place and the bytes the link still takes. Never the folder's content.
// Loaded only for file requests, with tus-js-client.
import { Upload } from 'tus-js-client';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, encodePath } from '../../api/client';
import type { PublicShare } from '../../api/shares';
import { storedVisit } from '../../api/shares';
import { apiErrorOf } from '../../api/tus-upload';
import { describeError } from '../../components/describe-error';
import { formatRelative, formatSize } from '../../components/format';
import { Icon } from '../../components/icons';
import { config } from '../../config';
import { isFileDrag, takeDrop } from '../files/drop';
import { batchFromDrop, batchFromFiles } from '../files/upload';
import type { UploadEntry } from '../files/upload';

interface Sending {
  id: number;
  name: string;
  size: number;
  sent: number;
  status: 'queued' | 'sending' | 'done' | 'failed';
  error?: string;
}

let nextId = 1;

/** A failure of one file in the visitor's words. */
function words(error: Error, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 409 || error.code === 'fs.exists') return t('fileRequest.exists');
    if (error.code === 'share.uploadLimit') return t('fileRequest.limitReached');
    if (error.status === 401) return t('fileRequest.visitEnded');
    if (error.status === 410) return t('fileRequest.ended');
  }
  return describeError(error);
}

function endpointOf(hash: string, relativePath: string): string {
  const path = `${config.BaseURL}/api/public/tus/${encodeURIComponent(hash)}${encodePath(`/${relativePath}`)}`;
  return new URL(path, location.href).href;
}

function send(
  hash: string,
  visit: string,
  entry: UploadEntry,
  onProgress: (sent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const chunk = config.TusSettings.chunkSize;
    const upload = new Upload(entry.file, {
      endpoint: endpointOf(hash, entry.relativePath),
      headers: { 'X-Share-Visit': visit },
      chunkSize: Number.isSafeInteger(chunk) && chunk > 0 ? chunk : 10 * 1024 * 1024,
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 423 || (status >= 500 && status !== 507);
      },
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => resolve(),
      onError: (error) => reject(apiErrorOf(error)),
    });
    upload.start();
  });
}

export default function FileRequest({
  hash,
  share,
  onUploaded,
}: {
  hash: string;
  share: PublicShare;
  /** Asks the server again: this visit's files and the bytes left. */
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const queue = useRef(Promise.resolve());

  const change = (id: number, part: Partial<Sending>) =>
    setSending((old) => old.map((item) => (item.id === id ? { ...item, ...part } : item)));

  const start = (entries: UploadEntry[]) => {
    const visit = share.visit ?? storedVisit(hash) ?? '';
    const rows = entries.map((entry) => ({
      entry,
      row: {
        id: nextId++,
        name: entry.relativePath,
        size: entry.file.size,
        sent: 0,
        status: 'queued' as const,
      },
    }));
    setSending((old) => [...rows.map(({ row }) => row), ...old]);
    // One file after the other: a visitor's connection is shared by all of them anyway.
    for (const { entry, row } of rows)
      queue.current = queue.current.then(async () => {
        change(row.id, { status: 'sending' });
        try {
          await send(hash, visit, entry, (sent) => change(row.id, { sent }));
          change(row.id, { status: 'done', sent: row.size });
        } catch (error) {
          change(row.id, {
            status: 'failed',
            error: words(error instanceof Error ? error : new Error(String(error)), t),
          });
        }
        onUploaded();
      });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isFileDrag(event.dataTransfer)) return;
    void batchFromDrop(takeDrop(event.dataTransfer)).then((batch) => start(batch.files));
  };

  const uploads = share.uploads ?? [];
  return (
    <>
      <section className="share-card file-request" aria-labelledby="file-request-title">
        <div className="share-details">
          <div className="share-summary">
            <Icon name="uploadFolder" size={56} className="icon file-request-icon" />
            <div className="share-summary-text">
              <h1 id="file-request-title" className="share-name">
                {share.name}
              </h1>
              <p className="share-meta">{t('fileRequest.title')}</p>
            </div>
          </div>
          <p className="share-hint">{t('fileRequest.hint')}</p>
          {share.uploadBytesLeft !== undefined && (
            <p className="file-request-left">
              {t('fileRequest.bytesLeft', { size: formatSize(share.uploadBytesLeft) })}
            </p>
          )}
          <div
            className={`file-request-zone${dragging ? ' file-request-zone-active' : ''}`}
            onDragOver={(event) => {
              if (!isFileDrag(event.dataTransfer)) return;
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <Icon name="upload" size={36} />
            <p>{t('fileRequest.drop')}</p>
            <div className="file-request-buttons">
              <button
                type="button"
                className="button button-primary"
                onClick={() => filesInput.current?.click()}
              >
                <Icon name="upload" size={20} />
                {t('fileRequest.chooseFiles')}
              </button>
              <button type="button" className="button" onClick={() => folderInput.current?.click()}>
                <Icon name="uploadFolder" size={20} />
                {t('fileRequest.chooseFolder')}
              </button>
            </div>
            <input
              ref={filesInput}
              type="file"
              multiple
              hidden
              aria-label={t('fileRequest.chooseFiles')}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                start(batchFromFiles(files).files);
              }}
            />
            <input
              ref={folderInput}
              type="file"
              multiple
              hidden
              aria-label={t('fileRequest.chooseFolder')}
              {...{ webkitdirectory: '' }}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                start(batchFromFiles(files).files);
              }}
            />
          </div>
        </div>
      </section>
      {sending.length > 0 && (
        <section className="share-card file-request-sending" aria-labelledby="file-request-sending">
          <h2 id="file-request-sending" className="file-request-heading">
            {t('fileRequest.sending')}
          </h2>
          <ul className="file-request-list">
            {sending.map((item) => (
              <li key={item.id} className="file-request-item" data-status={item.status}>
                <span className="file-request-name">{item.name}</span>
                {item.status === 'failed' ? (
                  <span className="file-request-error" role="alert">
                    {item.error}
                  </span>
                ) : item.status === 'done' ? (
                  <span className="file-request-done">
                    <Icon name="check" size={18} />
                    {t('fileRequest.done')}
                  </span>
                ) : (
                  <progress
                    max={item.size || 1}
                    value={item.size ? item.sent : item.status === 'sending' ? 0 : undefined}
                    aria-label={t('fileRequest.progress', { name: item.name })}
                  />
                )}
                <span className="file-request-size">{formatSize(item.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="share-card file-request-uploads" aria-labelledby="file-request-uploads">
        <h2 id="file-request-uploads" className="file-request-heading">
          {t('fileRequest.uploaded')}
        </h2>
        {uploads.length === 0 ? (
          <p className="share-listing-empty">{t('fileRequest.noneYet')}</p>
        ) : (
          <ul className="file-request-list" aria-label={t('fileRequest.uploaded')}>
            {uploads.map((upload) => (
              <li key={upload.path} className="file-request-item">
                <span className="file-request-name">{upload.path.replace(/^\//, '')}</span>
                <span className="file-request-size">{formatSize(upload.size)}</span>
                <span className="file-request-when">{formatRelative(upload.uploaded)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
