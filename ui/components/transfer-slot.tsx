// The transfer panel's place in the layout: nothing until there is a transfer, or an upload a reload
// cut off, then the panel, whose code (tus-js-client with it) loads only then.
import { lazy, Suspense, useMemo } from 'react';
import { hasStoredUploads } from '../api/upload-keys';
import { useSession } from '../state/session';
import { useStore } from '../state/store';
import { transfersStore } from '../state/transfers';
import { archiveDownloadsStore } from '../state/archive-downloads';

const TransferPanel = lazy(() => import('./transfer-panel'));

export function TransferSlot() {
  const user = useSession()?.user.id;
  const uploads = useStore(transfersStore, (state) => state.items.length > 0);
  const archives = useStore(archiveDownloadsStore, (items) => items.length > 0);
  const busy = uploads || archives;
  const leftOver = useMemo(() => user !== undefined && hasStoredUploads(user), [user]);
  if (!busy && !leftOver) return null;
  return (
    <Suspense fallback={null}>
      <TransferPanel />
    </Suspense>
  );
}
