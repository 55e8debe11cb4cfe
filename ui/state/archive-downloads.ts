// Archive downloads the transfer panel follows (docs/TRANSFERS.md, "Archive downloads"); following
// one is archive-follow.ts, loaded with the download code.
import { createStore, useStore } from './store';

export type ArchiveState = 'preparing' | 'done' | 'failed';

export interface ArchiveDownload {
  /** The random name the download carries (?progress=), also the row's key. */
  id: string;
  /** What the row shows: the folder or the first item, and the format. */
  name: string;
  sent: number;
  state: ArchiveState;
  /** Bytes per second lately, once measurable. */
  speed?: number;
}

export const archiveDownloadsStore = createStore<ArchiveDownload[]>([]);

export function useArchiveDownloads(): ArchiveDownload[] {
  return useStore(archiveDownloadsStore);
}

/** The panel's close button and a row's own: finished ones go, the ones still coming stay. */
export function dismissArchives(ids?: ReadonlySet<string>): void {
  archiveDownloadsStore.set((items) =>
    items.filter((item) => item.state === 'preparing' || (ids !== undefined && !ids.has(item.id))),
  );
}
