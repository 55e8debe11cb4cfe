// Transfers the user can watch: one entry per file, what the panel and the progress bar show, and the
// leave-page warning while any is unfinished (docs/UI.md, Behaviour). The uploading itself is in upload-queue.ts.
import { i18n } from '../i18n';
import { createStore, useStore } from './store';

/**
 * queued waits for a free slot; interrupted was cut off by a reload and needs its file chosen again;
 * failed carries the reason in words. Cancelled transfers leave the list.
 */
export type TransferStatus = 'queued' | 'running' | 'paused' | 'done' | 'failed' | 'interrupted';

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
/** How long the success tick shows after the last upload (docs/UI.md, Behaviour). */
export const uploadDoneMs = 1000;

let nextId = 1;

export function newTransferId(): number {
  return nextId++;
}

export function useTransfers(): TransfersState {
  return useStore(transfersStore);
}

/** Still has work to do in this page (an interrupted one waits for the user, not for the network). */
export function isUnfinished(transfer: Transfer): boolean {
  return (
    transfer.status === 'queued' || transfer.status === 'running' || transfer.status === 'paused'
  );
}

export function updateTransfer(id: number, change: Partial<Transfer>): void {
  transfersStore.set((state) => ({
    ...state,
    items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
  }));
}

export function addTransfers(items: readonly Transfer[]): void {
  transfersStore.set((state) => {
    // A new batch after everything finished starts a fresh list, keeping failures to retry.
    const busy = state.items.some(isUnfinished);
    const kept = busy ? state.items : state.items.filter((item) => item.status !== 'done');
    const paths = new Set(items.map((item) => item.path));
    return {
      ...state,
      justFinished: false,
      // Choosing a file again for an interrupted upload replaces its row.
      items: [
        ...kept.filter((item) => !(item.status === 'interrupted' && paths.has(item.path))),
        ...items,
      ],
    };
  });
}

export function removeTransfers(ids: ReadonlySet<number>): void {
  transfersStore.set((state) => ({
    ...state,
    items: state.items.filter((item) => !ids.has(item.id)),
  }));
}

/**
 * The panel's close button: finished rows go, unfinished ones stay. An interrupted upload leaves the
 * list but stays stored, to be offered again after the next reload.
 */
export function clearFinished(): void {
  transfersStore.set((state) => ({ ...state, items: state.items.filter(isUnfinished) }));
}

export function setExpanded(expanded: boolean): void {
  transfersStore.set((state) => ({ ...state, expanded }));
}

/** After a file settles: the tick when the last of a batch went through without a failure. */
export function noteSettled(): void {
  const { items } = transfersStore.get();
  if (items.some(isUnfinished) || items.some((item) => item.status === 'failed')) return;
  transfersStore.set((state) => ({ ...state, justFinished: true }));
  setTimeout(
    () => transfersStore.set((state) => ({ ...state, justFinished: false })),
    uploadDoneMs,
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

function warnBeforeLeaving(event: BeforeUnloadEvent): string | undefined {
  if (!transfersStore.get().items.some(isUnfinished)) return undefined;
  event.preventDefault();
  const message = i18n.t('upload.leaveWarning');
  event.returnValue = message;
  return message;
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', warnBeforeLeaving);
