// Changing the transfers (transfers.ts): adding, updating and clearing rows, the success tick, and the
// leave-page warning while any is unfinished (docs/UI.md, Behaviour). Loaded with the first upload.
import { i18n } from '../i18n';
import type { Transfer } from './transfers';
import { isUnfinished, transfersStore } from './transfers';

/** How long the success tick shows after the last upload (docs/UI.md, Behaviour). */
export const uploadDoneMs = 1000;

let nextId = 1;

export function newTransferId(): number {
  return nextId++;
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
    const kept = busy
      ? state.items
      : state.items.filter((item) => item.status !== 'done' && item.status !== 'skipped');
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

function warnBeforeLeaving(event: BeforeUnloadEvent): string | undefined {
  if (!transfersStore.get().items.some(isUnfinished)) return undefined;
  event.preventDefault();
  const message = i18n.t('upload.leaveWarning');
  event.returnValue = message;
  return message;
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', warnBeforeLeaving);
