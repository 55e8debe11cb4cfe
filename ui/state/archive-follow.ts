// Following an archive download: the browser saves the archive by itself, so the page asks the
// server, once a second, how many bytes it has sent (docs/TRANSFERS.md, "Archive downloads").
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/client';
import type { ArchiveDownload, ArchiveState } from './archive-downloads';
import { archiveDownloadsStore } from './archive-downloads';
import type { RateSample } from './transfer-rate';
import { addSample, speedOf } from './transfer-rate';

/** Between two questions to the server. */
export const pollMs = 1000;
/** A download the server never heard of after this long (the browser refused it) is given up. */
const unknownAfterMs = 30_000;

/** A random name the server accepts (16 to 64 of A-Z a-z 0-9 _ -); works outside secure contexts. */
export function newDownloadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

function update(id: string, change: Partial<ArchiveDownload>): void {
  archiveDownloadsStore.set((items) =>
    items.map((item) => (item.id === id ? { ...item, ...change } : item)),
  );
}

/** Adds the row and asks about it until the server says it ended. */
export function followArchive(api: ApiClient, id: string, name: string): void {
  archiveDownloadsStore.set((items) => [...items, { id, name, sent: 0, state: 'preparing' }]);
  const started = Date.now();
  let samples: RateSample[] = [{ at: started, bytes: 0 }];
  const ask = async () => {
    if (!archiveDownloadsStore.get().some((item) => item.id === id)) return; // dismissed
    try {
      const progress = await api.json<{ sent: number; state: 'sending' | 'done' | 'failed' }>(
        'GET',
        `api/downloads/${id}`,
      );
      samples = addSample(samples, { at: Date.now(), bytes: progress.sent });
      const speed = speedOf(samples);
      const state: ArchiveState =
        progress.state === 'sending' ? 'preparing' : progress.state === 'done' ? 'done' : 'failed';
      update(id, { sent: progress.sent, state, ...(speed === undefined ? {} : { speed }) });
      if (state !== 'preparing') return;
    } catch (error) {
      const unheardOf = error instanceof ApiError && error.status === 404;
      if (!unheardOf || Date.now() - started > unknownAfterMs) {
        update(id, { state: 'failed' });
        return;
      }
    }
    setTimeout(() => void ask(), pollMs);
  };
  setTimeout(() => void ask(), pollMs);
}
