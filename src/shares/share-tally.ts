// Counters of links without a limit (downloads, bytes received), written to the database in batches.
import type { Logger } from '../logger';
import type { SharesStore } from './shares-store';
import { addDownloads } from './share';

export type TallyField = 'downloads' | 'uploadedBytes';

export interface ShareTally {
  /** Adds to a link's counter; it reaches the database within a second, with others. */
  add(hash: string, field: TallyField, amount: number): void;
  /** What was added to a link's counter and is not in the database yet. */
  pending(hash: string, field: TallyField): number;
  /** Writes what is pending now (the server stopping). */
  flush(): Promise<void>;
}

/** How long counts wait for others before one database write takes them all. */
const batchMs = 1000;

/**
 * A link with a limit counts inside one database change per download, since that is what keeps
 * it from ever passing the limit. Without a limit nothing depends on the count being written at
 * once, and the database is one file rewritten on every change: a popular link would rewrite it
 * per download. Counts are kept here and written together; a crash loses at most a second's.
 */
export function createShareTally(
  shares: SharesStore,
  now: () => number,
  log: Pick<Logger, 'warn'>,
): ShareTally {
  let waiting = new Map<string, Record<TallyField, number>>();
  /** Batches being written: still counted as pending until their write is done. */
  const inFlight = new Set<Map<string, Record<TallyField, number>>>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    if (batch.size === 0) return;
    inFlight.add(batch);
    const task = writing.then(async () => {
      await shares.updateAll((stored) => {
        for (const share of stored) {
          const counts = batch.get(share.hash);
          if (!counts) continue;
          if (counts.downloads > 0) addDownloads(share, counts.downloads, now());
          if (counts.uploadedBytes > 0)
            share.uploadedBytes = (share.uploadedBytes ?? 0) + counts.uploadedBytes;
        }
      });
    });
    writing = task
      .catch((error: unknown) => {
        log.warn({ err: error }, 'share counters were not written');
      })
      .finally(() => inFlight.delete(batch));
    await writing;
  };

  return {
    add(hash, field, amount) {
      const counts = waiting.get(hash) ?? { downloads: 0, uploadedBytes: 0 };
      counts[field] += amount;
      waiting.set(hash, counts);
      if (!timer) {
        timer = setTimeout(() => void write(), batchMs);
        timer.unref();
      }
    },
    pending(hash, field) {
      let total = waiting.get(hash)?.[field] ?? 0;
      for (const batch of inFlight) total += batch.get(hash)?.[field] ?? 0;
      return total;
    },
    async flush() {
      clearTimeout(timer);
      await write();
    },
  };
}
