// Runs scheduled publications on time: one timer per post, those missed while the server was down at start.
import type { Logger } from '../logger';
import type { SiteSchedule, SiteSchedulesStore } from './site-schedules-store';

/** The timers the scheduler sets; the context passes the real ones (tests may pass others). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A waiting publication must not keep a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days); longer ones wait in steps. */
export const maxTimerMs = 2 ** 31 - 1;

/** How long to wait before looking at a schedule again: until it is due, at most one timer's worth. */
export function nextWaitMs(at: number, now: number): number {
  return Math.min(Math.max(0, at - now), maxTimerMs);
}

export interface SiteSchedulerDeps {
  store: SiteSchedulesStore;
  now: () => number;
  timers: Timers;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Publishes one due post; the scheduler removes its schedule afterwards, whatever happened. */
  run(schedule: SiteSchedule): Promise<void>;
}

export interface SiteScheduler {
  /** Plans every stored schedule; those whose time passed while the server was down run now. */
  start(): void;
  /** Clears the timers and waits for a publication in progress. */
  stop(): Promise<void>;
  /** (Re)plans a post after its schedule was stored. */
  plan(schedule: SiteSchedule): void;
  /** Forgets a post's timer after its schedule was removed. */
  cancel(serverPath: string): void;
}

/**
 * Due publications run one after another: each may build the site, and two builds of one site
 * at once would write the same files. A timer that fires re-reads the stored schedule, so one
 * replaced or cancelled meanwhile is not run.
 */
export function createSiteScheduler(deps: SiteSchedulerDeps): SiteScheduler {
  const timers = new Map<string, unknown>();
  let isStopped = true;
  let queue: Promise<void> = Promise.resolve();

  const runDue = (schedule: SiteSchedule) => {
    queue = queue.then(async () => {
      const current = deps.store.get(schedule.serverPath);
      if (isStopped || !current || current.created !== schedule.created) return;
      try {
        await deps.run(current);
      } catch (error) {
        deps.log.error({ err: error, post: current.serverPath }, 'a scheduled publication failed');
      }
      try {
        await deps.store.remove(current.serverPath, current);
      } catch (error) {
        deps.log.error({ err: error, post: current.serverPath }, 'a schedule could not be removed');
      }
    });
  };

  const plan = (schedule: SiteSchedule) => {
    if (isStopped) return;
    cancel(schedule.serverPath);
    const wait = nextWaitMs(schedule.at, deps.now());
    if (wait === 0) {
      runDue(schedule);
      return;
    }
    const handle = deps.timers.setTimeout(() => {
      timers.delete(schedule.serverPath);
      const current = deps.store.get(schedule.serverPath);
      if (!current || current.created !== schedule.created) return;
      // A long wait goes in steps; the clock is read again at each.
      if (deps.now() < current.at) plan(current);
      else runDue(current);
    }, wait);
    timers.set(schedule.serverPath, handle);
  };

  const cancel = (serverPath: string) => {
    const handle = timers.get(serverPath);
    if (handle === undefined) return;
    deps.timers.clearTimeout(handle);
    timers.delete(serverPath);
  };

  return {
    start() {
      isStopped = false;
      const stored = deps.store.list();
      const missed = stored.filter((schedule) => schedule.at <= deps.now()).length;
      if (missed > 0) deps.log.info({ missed }, 'publishing posts whose time passed while stopped');
      for (const schedule of stored) plan(schedule);
    },
    async stop() {
      isStopped = true;
      for (const handle of timers.values()) deps.timers.clearTimeout(handle);
      timers.clear();
      await queue;
    },
    plan,
    cancel,
  };
}
