// One file in the transfer panel: its name, a progress bar, what it is doing in words, and its buttons.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelTransfer,
  pauseTransfer,
  resumeTransfer,
  resumeWithFile,
  retryTransfer,
} from '../state/upload-queue';
import { secondsLeft } from '../state/transfer-rate';
import type { Transfer } from '../state/transfers';
import { formatDuration } from './format-duration';
import { formatSize } from './format';
import { IconButton } from './icon-button';
import { Icon } from './icons';
import type { IconName } from './icons';

function percentOf(transfer: Transfer): number {
  if (transfer.status === 'done') return 100;
  if (transfer.size <= 0) return 0;
  return Math.min(100, Math.floor((transfer.sent / transfer.size) * 100));
}

/** '3.1 MiB of 10 MiB · 1.2 MiB/s · 6 sec left', 'Paused · …', 'Waiting', or why it failed. */
export function useTransferDetail(transfer: Transfer): string {
  const { t } = useTranslation();
  const amount = t('transfers.amount', {
    sent: formatSize(transfer.sent),
    size: formatSize(transfer.size),
  });
  const join = (parts: string[]) => parts.filter(Boolean).join(' · ');
  switch (transfer.status) {
    case 'queued':
      return t('transfers.status.waiting');
    case 'running': {
      const left = secondsLeft(transfer.size - transfer.sent, transfer.speed);
      return join([
        amount,
        transfer.speed === undefined
          ? ''
          : t('transfers.speed', { speed: formatSize(Math.round(transfer.speed)) }),
        left === undefined ? '' : t('transfers.timeLeft', { time: formatDuration(left) }),
      ]);
    }
    case 'paused':
      return join([t('transfers.status.paused'), amount]);
    case 'done':
      return join([t('transfers.status.done'), formatSize(transfer.size)]);
    case 'failed':
      return transfer.error ?? t('errors.unknown');
    case 'interrupted':
      return join([transfer.error ?? t('transfers.interruptedHint'), amount]);
    case 'skipped':
      return t('transfers.status.skipped');
  }
}

interface Action {
  icon: IconName;
  label: string;
  run: () => void;
}

export function TransferRow({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const chooser = useRef<HTMLInputElement>(null);
  const detail = useTransferDetail(transfer);
  const { id, name, status } = transfer;
  const percent = percentOf(transfer);
  // One button in one place whatever the state, so keyboard focus stays on it (Pause → Resume).
  const actions: Partial<Record<Transfer['status'], Action>> = {
    queued: { icon: 'pause', label: t('transfers.pause', { name }), run: () => pauseTransfer(id) },
    running: { icon: 'pause', label: t('transfers.pause', { name }), run: () => pauseTransfer(id) },
    paused: { icon: 'play', label: t('transfers.resume', { name }), run: () => resumeTransfer(id) },
    failed:
      transfer.errorCode === 'fs.exists'
        ? {
            icon: 'upload',
            label: t('transfers.replace', { name }),
            run: () => retryTransfer(id, true),
          }
        : { icon: 'retry', label: t('transfers.retry', { name }), run: () => retryTransfer(id) },
    interrupted: {
      icon: 'upload',
      label: t('transfers.chooseAgain', { name }),
      run: () => chooser.current?.click(),
    },
  };
  const action = actions[status];
  return (
    <li className="transfer" data-status={status}>
      <div className="transfer-text">
        <span className="transfer-name" title={transfer.path}>
          {name}
        </span>
        <span className="transfer-detail">{detail}</span>
      </div>
      <div className="transfer-actions">
        {action && <IconButton icon={action.icon} label={action.label} onClick={action.run} />}
        {status === 'done' ? (
          <Icon name="check" className="icon transfer-done" />
        ) : status === 'skipped' ? null : (
          <IconButton
            icon="close"
            label={t('transfers.cancel', { name })}
            onClick={() => void cancelTransfer(id)}
          />
        )}
        {status === 'interrupted' && (
          <input
            ref={chooser}
            type="file"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) resumeWithFile(id, file);
            }}
          />
        )}
      </div>
      {/* A skipped file was never sent: nothing to cancel, no progress to show. */}
      {status !== 'skipped' && (
        <div
          className="transfer-bar"
          role="progressbar"
          aria-label={name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={detail}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  );
}
