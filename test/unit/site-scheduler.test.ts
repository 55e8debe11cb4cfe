// The publication scheduler on a hand-driven clock: long waits in steps, missed times at start, stale timers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteSchedule, SiteSchedulesStore } from '../../src/site/site-schedules-store';
import { createSiteScheduler, maxTimerMs, nextWaitMs } from '../../src/site/site-scheduler';
import type { Timers } from '../../src/site/site-scheduler';

/** Lets promise chains started by fired timers (publications and their store writes) finish. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Timers that fire only when the test moves the clock. */
function manualClock(start: number) {
  let now = start;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = next++;
      pending.set(id, { at: now + ms, run, ms });
      return id;
    },
    clearTimeout: (id) => pending.delete(id as number),
  };
  return {
    timers,
    now: () => now,
    pending,
    /** Moves the clock, firing what falls due in order. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

function memoryStore(initial: SiteSchedule[] = []): SiteSchedulesStore {
  let schedules = [...initial];
  return {
    list: () => schedules.map((schedule) => ({ ...schedule })),
    get: (serverPath) => schedules.find((schedule) => schedule.serverPath === serverPath),
    async put(schedule) {
      schedules = [
        ...schedules.filter((entry) => entry.serverPath !== schedule.serverPath),
        schedule,
      ];
    },
    async remove(serverPath, expected) {
      const before = schedules.length;
      schedules = schedules.filter(
        (entry) =>
          entry.serverPath !== serverPath ||
          (expected !== undefined && entry.created !== expected.created),
      );
      return schedules.length < before;
    },
  };
}

const silent = { info() {}, warn() {}, error() {} };
const day = 24 * 60 * 60 * 1000;

describe('the site scheduler', () => {
  it('waits at most one timer at a time', () => {
    assert.equal(nextWaitMs(1000, 400), 600);
    assert.equal(nextWaitMs(400, 1000), 0);
    assert.equal(nextWaitMs(100 * day, 0), maxTimerMs);
  });

  it('publishes a post 100 days ahead in steps, not at the first timer', async () => {
    const clock = manualClock(0);
    const store = memoryStore();
    const ran: string[] = [];
    const scheduler = createSiteScheduler({
      store,
      now: clock.now,
      timers: clock.timers,
      log: silent,
      run: async (schedule) => {
        ran.push(`${schedule.serverPath}@${clock.now()}`);
      },
    });
    scheduler.start();
    const schedule = {
      serverPath: '/blog/content/a.md',
      userId: 1,
      path: '/blog/content/a.md',
      at: 100 * day,
      created: 1,
    };
    await store.put(schedule);
    scheduler.plan(schedule);
    assert.equal([...clock.pending.values()][0]?.ms, maxTimerMs);
    await clock.advance(99 * day);
    assert.deepEqual(ran, []);
    await clock.advance(day);
    assert.deepEqual(ran, [`/blog/content/a.md@${100 * day}`]);
    assert.deepEqual(store.list(), []);
    await scheduler.stop();
  });

  it('runs at start what fell due while stopped, one at a time, and skips replaced or cancelled ones', async () => {
    const clock = manualClock(10_000);
    const store = memoryStore([
      { serverPath: '/missed', userId: 1, path: '/missed', at: 5_000, created: 1 },
      { serverPath: '/later', userId: 1, path: '/later', at: 20_000, created: 1 },
      { serverPath: '/cancelled', userId: 1, path: '/cancelled', at: 30_000, created: 1 },
    ]);
    const ran: string[] = [];
    let running = 0;
    const scheduler = createSiteScheduler({
      store,
      now: clock.now,
      timers: clock.timers,
      log: silent,
      run: async (schedule) => {
        running += 1;
        assert.equal(running, 1, 'one publication at a time');
        await new Promise((resolve) => setImmediate(resolve));
        ran.push(schedule.serverPath);
        running -= 1;
      },
    });
    scheduler.start();
    await clock.advance(0);
    assert.deepEqual(ran, ['/missed']);
    // Replaced by a later time: the first timer must not publish it.
    const replaced = { serverPath: '/later', userId: 1, path: '/later', at: 40_000, created: 2 };
    await store.put(replaced);
    scheduler.plan(replaced);
    await store.remove('/cancelled');
    scheduler.cancel('/cancelled');
    await clock.advance(25_000);
    assert.deepEqual(ran, ['/missed']);
    await clock.advance(10_000);
    assert.deepEqual(ran, ['/missed', '/later']);
    await scheduler.stop();
  });

  it('keeps a schedule whose run failed from running again, and stops its timers when stopped', async () => {
    const clock = manualClock(0);
    const store = memoryStore([
      { serverPath: '/fails', userId: 1, path: '/fails', at: 1_000, created: 1 },
      { serverPath: '/never', userId: 1, path: '/never', at: 5_000, created: 1 },
    ]);
    const ran: string[] = [];
    const scheduler = createSiteScheduler({
      store,
      now: clock.now,
      timers: clock.timers,
      log: silent,
      run: async (schedule) => {
        ran.push(schedule.serverPath);
        throw new Error('the disk is full');
      },
    });
    scheduler.start();
    await clock.advance(2_000);
    assert.deepEqual(ran, ['/fails']);
    assert.deepEqual(
      store.list().map((schedule) => schedule.serverPath),
      ['/never'],
    );
    await scheduler.stop();
    assert.equal(clock.pending.size, 0);
    await clock.advance(10_000);
    assert.deepEqual(ran, ['/fails']);
  });
});
