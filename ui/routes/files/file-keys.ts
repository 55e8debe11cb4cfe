// What the files screen's keys do (docs/UI.md, Input and Figures): F2, Delete, Esc, Ctrl/Cmd+S, and Ctrl/Cmd+C, X, V.
import type { QueryClient } from '@tanstack/react-query';
import type { Resource } from '../../api/resources';
import type { ApiClient } from '../../api/client';
import { notifyError } from '../../components/notify-error';
import { clipboardStore } from '../../state/clipboard';
import { promptStore, showPrompt } from '../../state/prompt';
import { clearSelection, selectionStore } from '../../state/selection';
import { sessionStore } from '../../state/session';
import { download } from './download-items';
import { listedItems } from './paged-items';
import type { FilesScreenKind } from './file-actions';

function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface FileKeysContext {
  resource: Resource | undefined;
  screen: FilesScreenKind | undefined;
  api: ApiClient;
  queryClient: QueryClient;
}

/** Acts on one key press of the files screen (or leaves it to the browser). */
export function handleFileKey(event: KeyboardEvent, context: FileKeysContext): void {
  const { api, queryClient, resource: shown, screen: kind } = context;
  const user = sessionStore.get()?.user;
  if (!shown || !kind || !user || promptStore.get()) return;
  const listing = kind === 'listing';
  const selectedPaths = new Set(selectionStore.get().paths);
  const selected = listing
    ? listedItems(queryClient, shown).filter((item) => selectedPaths.has(item.path))
    : [];
  const modifier = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();

  if (event.key === 'F2') {
    const [only] = selected;
    if (!listing || !user.perm.rename || selected.length !== 1 || !only) return;
    event.preventDefault();
    showPrompt('rename', { item: only, isOpen: false });
  } else if (event.key === 'Delete') {
    if (kind === 'editor' || !user.perm.delete || typingInField(event.target)) return;
    const items = listing ? selected : [shown];
    if (items.length === 0) return;
    event.preventDefault();
    showPrompt('delete', { items, isOpen: !listing });
  } else if (event.key === 'Escape') {
    if (listing) clearSelection();
  } else if (modifier && key === 's') {
    // The editor saves on its own; everywhere else Ctrl/Cmd+S downloads.
    if (kind === 'editor') return;
    event.preventDefault();
    if (user.perm.download) download(queryClient, api, shown, selected);
  } else if (modifier && (key === 'c' || key === 'x')) {
    if (!listing || typingInField(event.target) || selected.length === 0) return;
    if (key === 'x' && !user.perm.rename) return;
    event.preventDefault();
    clipboardStore.set({ key: key === 'c' ? 'c' : 'x', items: selected });
  } else if (modifier && key === 'v') {
    const clipboard = clipboardStore.get();
    if (!listing || typingInField(event.target) || !clipboard || clipboard.items.length === 0)
      return;
    const allowed = clipboard.key === 'x' ? user.perm.rename : user.perm.create;
    if (!allowed) return;
    event.preventDefault();
    const action = clipboard.key === 'x' ? 'rename' : 'copy';
    // The transfer code loads on the first paste (the files screen shows sooner without it).
    void import('./transfer').then((transfer) =>
      transfer
        .transferWithConfirmation(api, queryClient, action, clipboard.items, shown.path)
        .then((done) => {
          if (done && clipboard.key === 'x') clipboardStore.set(null);
        })
        .catch(notifyError)
        .finally(() => void transfer.invalidateAfterTransfer(queryClient, action, clipboard.items)),
    );
  }
}
