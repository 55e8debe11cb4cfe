// Transfers the user can watch: one entry per file, what the panel and the progress bar show
// (docs/UI.md, Behaviour). Changing them is in transfer-changes.ts, loaded with the first upload (the
// files screen's first load has no room for it); the uploading itself is in upload-queue.ts.
import { createStore, useStore } from './store';

/**
 * queued waits for a free slot; interrupted was cut off by a reload and needs its file chosen again;
 * failed carries the reason in words; skipped was left out at the replace prompt (its name exists).
 * Cancelled transfers leave the list.
 */
export type TransferStatus =
  'queued' | 'running' | 'paused' | 'done' | 'failed' | 'interrupted' | 'skipped';

export interface Transfer {
  id: number;
  /** What the row shows: the path relative to the folder it was dropped in ('photos/a.jpg'). */
  name: string;
  /** The target's virtual path. */
  path: string;
  size: number;
  /** Bytes sent so far. */
  sent: number;
  status: TransferStatus;
  override: boolean;
  /** 'Keep both' chose its numbered name: when the name is taken meanwhile, the next number is tried. */
  keepBoth?: boolean;
  /** Bytes per second lately, once measurable. */
  speed?: number;
  /** Why it failed, in words. */
  error?: string;
  /** The server's error code, when there was one ('fs.exists' offers Replace). */
  errorCode?: string;
}

export interface TransfersState {
  items: Transfer[];
  /** The panel shows its rows (otherwise only its header). */
  expanded: boolean;
  /** The last batch just finished without failures: the upload button shows a tick for a moment. */
  justFinished: boolean;
}

export const transfersStore = createStore<TransfersState>({
  items: [],
  expanded: true,
  justFinished: false,
});
export function useTransfers(): TransfersState {
  return useStore(transfersStore);
}

/** Still has work to do in this page (an interrupted one waits for the user, not for the network). */
export function isUnfinished(transfer: Transfer): boolean {
  return (
    transfer.status === 'queued' || transfer.status === 'running' || transfer.status === 'paused'
  );
}

/** The top bar's percentage: files still uploading and those done beside them, averaged. */
export function uploadProgress(items: readonly Transfer[]): number | undefined {
  if (!items.some(isUnfinished)) return undefined;
  const counted = items.filter((item) => isUnfinished(item) || item.status === 'done');
  return averageProgress(
    counted.map((item) =>
      item.status === 'done' ? 1 : item.size > 0 ? Math.min(1, item.sent / item.size) : 0,
    ),
  );
}

/** docs/UI.md, Behaviour: the mean of each file's percentage, rounded up (an empty file counts as done once sent). */
export function averageProgress(fractions: readonly number[]): number {
  if (fractions.length === 0) return 0;
  const sum = fractions.reduce((total, fraction) => total + fraction * 100, 0);
  return Math.min(100, Math.max(0, Math.ceil(sum / fractions.length - 1e-9)));
}
