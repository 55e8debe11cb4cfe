// One archive download in the transfer panel: its name, the bytes the server has sent, and once it
// ended, a tick or why not. Its length is unknown until the end, so the bar only says it moves.
import { useTranslation } from 'react-i18next';
import type { ArchiveDownload } from '../state/archive-downloads';
import { dismissArchives } from '../state/archive-downloads';
import { formatSize } from './format';
import { IconButton } from './icon-button';
import { Icon } from './icons';

export function useArchiveDetail(archive: ArchiveDownload): string {
  const { t } = useTranslation();
  switch (archive.state) {
    case 'preparing':
      return [
        t('transfers.archiveSending', { sent: formatSize(archive.sent) }),
        archive.speed === undefined
          ? ''
          : t('transfers.speed', { speed: formatSize(Math.round(archive.speed)) }),
      ]
        .filter(Boolean)
        .join(' · ');
    case 'done':
      return t('transfers.archiveDone', { size: formatSize(archive.sent) });
    case 'failed':
      return t('transfers.archiveFailed');
  }
}

export function ArchiveRow({ archive }: { archive: ArchiveDownload }) {
  const { t } = useTranslation();
  const detail = useArchiveDetail(archive);
  const { id, name, state } = archive;
  return (
    <li className="transfer" data-status={state} data-kind="archive">
      <div className="transfer-text">
        <span className="transfer-name">{name}</span>
        <span className="transfer-detail">{detail}</span>
      </div>
      <div className="transfer-actions">
        {state === 'done' && <Icon name="check" className="icon transfer-done" />}
        {state !== 'preparing' && (
          <IconButton
            icon="close"
            label={t('transfers.dismiss', { name })}
            onClick={() => dismissArchives(new Set([id]))}
          />
        )}
      </div>
      <div
        className={`transfer-bar${state === 'preparing' ? ' indeterminate' : ''}`}
        role="progressbar"
        aria-label={name}
        aria-valuetext={detail}
        {...(state === 'preparing'
          ? {}
          : { 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': 100 })}
      >
        <span style={{ width: state === 'preparing' ? undefined : '100%' }} />
      </div>
    </li>
  );
}
