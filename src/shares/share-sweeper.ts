// Deleting gone share links once their grace period is over: at start, then periodically.
import type { Logger } from '../logger';
import type { SharesStore } from './shares-store';
import { isPastGrace } from './share';

export interface ShareSweeperDeps {
  shares: SharesStore;
  now: () => number;
  /** --share-grace: how long a gone link answers 410 before it is deleted. */
  graceMs: number;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** Deletes the links past their grace; the database is written only when there are some. */
export async function sweepShares(deps: ShareSweeperDeps): Promise<number> {
  const now = deps.now();
  const isDue = (share: Parameters<typeof isPastGrace>[0]) => isPastGrace(share, now, deps.graceMs);
  if (!deps.shares.list().some(isDue)) return 0;
  return deps.shares.removeWhere(isDue);
}

/** How often: a quarter of the grace period, between a minute and an hour. */
export function shareSweepIntervalOf(graceMs: number): number {
  return Math.min(60 * 60 * 1000, Math.max(60 * 1000, Math.floor(graceMs / 4)));
}

export interface ShareSweeper {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Links are also deleted when they are looked up or listed past their grace; the sweep removes
 * the ones nobody asks about, so a database does not keep dead links forever.
 */
export function createShareSweeper(deps: ShareSweeperDeps): ShareSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweepAndLog = () => {
    if (running) return;
    running = sweepShares(deps)
      .then(
        (removed) => {
          if (removed > 0) deps.log.info({ removed }, 'gone share links deleted');
        },
        (error: unknown) => deps.log.warn({ err: error }, 'the share sweeper failed'),
      )
      .finally(() => (running = undefined));
  };
  return {
    start() {
      sweepAndLog();
      timer = setInterval(sweepAndLog, shareSweepIntervalOf(deps.graceMs));
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
