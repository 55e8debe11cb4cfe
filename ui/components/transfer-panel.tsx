// The transfer panel: a card in the corner on wide screens, a sheet at the bottom on phones, with a row
// per file, buttons for all of them, and a summary once nothing is left to send. Loaded on first use.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateFiles } from '../api/invalidation';
import { useApi } from '../api/use-api';
import { secondsLeft } from '../state/transfer-rate';
import type { Transfer } from '../state/transfers';
import { clearFinished, setExpanded } from '../state/transfer-changes';
import { isUnfinished, useTransfers } from '../state/transfers';
import {
  bindUploads,
  cancelAll,
  pauseAll,
  restoreInterrupted,
  resumeAll,
  retryFailed,
} from '../state/upload-queue';
import { dismissArchives, useArchiveDownloads } from '../state/archive-downloads';
import { ArchiveRow } from './archive-row';
import { formatDuration } from './format-duration';
import { IconButton } from './icon-button';
import { TransferRow } from './transfer-row';

function count(items: readonly Transfer[], status: Transfer['status']): number {
  return items.filter((item) => item.status === status).length;
}

/** 'Uploading 3 files · 45% · 2 min left' while busy; '12 files uploaded, 1 failed' after. */
function useHeadline(items: readonly Transfer[]): { title: string; summary: string } {
  const { t, i18n } = useTranslation();
  const unfinished = items.filter(isUnfinished);
  const parts = [
    count(items, 'done') > 0 ? t('transfers.uploaded', { count: count(items, 'done') }) : '',
    count(items, 'failed') > 0 ? t('transfers.failed', { count: count(items, 'failed') }) : '',
    count(items, 'interrupted') > 0
      ? t('transfers.interrupted', { count: count(items, 'interrupted') })
      : '',
    count(items, 'skipped') > 0 ? t('transfers.skipped', { count: count(items, 'skipped') }) : '',
  ].filter(Boolean);
  const summary =
    parts.length === 0
      ? ''
      : parts.reduce((first, second) => t('transfers.join', { first, second }));
  if (unfinished.length === 0) return { title: summary, summary };
  const counted = items.filter((item) => isUnfinished(item) || item.status === 'done');
  const size = counted.reduce((total, item) => total + item.size, 0);
  const sent = counted.reduce(
    (total, item) => total + (item.status === 'done' ? item.size : item.sent),
    0,
  );
  const running = unfinished.filter((item) => item.status === 'running');
  const speed = running.some((item) => item.speed !== undefined)
    ? running.reduce((total, item) => total + (item.speed ?? 0), 0)
    : undefined;
  const left = secondsLeft(size - sent, speed);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
    size > 0 ? Math.floor((sent / size) * 100) / 100 : 0,
  );
  const title = [
    t('transfers.uploading', { count: unfinished.length }),
    percent,
    left === undefined ? '' : t('transfers.timeLeft', { time: formatDuration(left) }),
  ]
    .filter(Boolean)
    .join(' · ');
  return { title, summary: '' };
}

/**
 * Tells the page how tall the panel is (--transfer-panel-height), so toasts stay above it and, on a
 * phone, the end of a listing can scroll out from under the sheet.
 */
function useHeightOnPage(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      style.setProperty('--transfer-panel-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty('--transfer-panel-height');
    };
  }, [element]);
}

export default function TransferPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { items, expanded } = useTransfers();
  const archives = useArchiveDownloads();
  const bodyId = useId();
  const headline = useHeadline(items);
  // Archives alone: the panel is about them; beside uploads, the uploads speak for it.
  const preparing = archives.some((archive) => archive.state === 'preparing');
  const title =
    items.length === 0 || (!items.some(isUnfinished) && preparing)
      ? t('transfers.archives')
      : headline.title;
  const { summary } = headline;
  const [element, setElement] = useState<HTMLElement | null>(null);
  useHeightOnPage(element);
  const busy = items.some(isUnfinished);
  const sending = items.some((item) => item.status === 'running' || item.status === 'queued');
  const paused = items.some((item) => item.status === 'paused');
  const failed = items.some((item) => item.status === 'failed');

  // Rows restored after a reload can be resumed before any new upload binds the queue.
  useEffect(() => {
    bindUploads({ api, refresh: () => void invalidateFiles(queryClient) });
  }, [api, queryClient]);
  useEffect(restoreInterrupted, []);

  if (items.length === 0 && archives.length === 0) return null;

  return (
    <section
      ref={setElement}
      className={`transfer-panel${expanded ? '' : ' collapsed'}`}
      aria-label={t('transfers.list')}
    >
      <header className="transfer-head">
        <h2 className="transfer-title">{title}</h2>
        {failed && !busy && (
          <button type="button" className="button button-flat" onClick={retryFailed}>
            {t('transfers.retryFailed')}
          </button>
        )}
        <IconButton
          icon="chevron"
          className="transfer-toggle"
          label={expanded ? t('transfers.hide') : t('transfers.show')}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
        />
        {!busy && !preparing && (
          <IconButton
            icon="close"
            label={t('transfers.close')}
            onClick={() => {
              clearFinished();
              dismissArchives();
            }}
          />
        )}
      </header>
      {/* Announced once, when the last file settles. */}
      <p className="visually-hidden" role="status">
        {summary}
      </p>
      <div id={bodyId} className="transfer-body" hidden={!expanded}>
        <ul className="transfer-list">
          {archives.map((archive) => (
            <ArchiveRow key={archive.id} archive={archive} />
          ))}
          {items.map((item) => (
            <TransferRow key={item.id} transfer={item} />
          ))}
        </ul>
        {busy && (
          <footer className="transfer-foot">
            {sending ? (
              <button type="button" className="button button-flat" onClick={pauseAll}>
                {t('transfers.pauseAll')}
              </button>
            ) : (
              paused && (
                <button type="button" className="button button-flat" onClick={resumeAll}>
                  {t('transfers.resumeAll')}
                </button>
              )
            )}
            <button type="button" className="button button-flat" onClick={() => void cancelAll()}>
              {t('transfers.cancelAll')}
            </button>
          </footer>
        )}
      </div>
    </section>
  );
}
