// The stats of a big folder's entries, read in a worker thread: a listing of 100,000 entries is
// 100,000 lstat calls, and each one through libuv's pool cost the event loop about 4 µs of
// dispatching (400 ms a listing, measured in scripts/bench/listing.ts). The worker calls lstat
// directly and answers each batch of names with one array of numbers; the folder stays held open
// by the caller meanwhile, so its /proc/self/fd path names the verified folder throughout
// (docs/SECURITY.md).
import type { ResourceLimits } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';

/** Fields per entry in the answer: mode, size, mtimeMs, dev, ino; mode is NaN for a vanished entry. */
export const statFields = 5;

/** Below this many names the messaging costs more than it saves: the caller stats them itself. */
export const workerThreshold = 512;

/**
 * Plain JavaScript, evaluated as the worker (a single executable cannot start a worker from a
 * file). It only reads: lstat by name inside the folder path it is given, nothing else.
 */
const workerSource = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
parentPort.on('message', ({ id, from, folder, names }) => {
  const out = new Float64Array(names.length * ${statFields});
  for (let index = 0; index < names.length; index += 1) {
    const at = index * ${statFields};
    let stats;
    try {
      stats = lstatSync(folder + '/' + names[index], { throwIfNoEntry: false });
    } catch {
      stats = undefined;
    }
    if (!stats) {
      out[at] = NaN;
      continue;
    }
    out[at] = stats.mode;
    out[at + 1] = stats.size;
    out[at + 2] = stats.mtimeMs;
    out[at + 3] = stats.dev;
    out[at + 4] = stats.ino;
  }
  parentPort.postMessage({ id, from, stats: out }, [out.buffer]);
});
`;

export interface FolderStatter {
  /** lstat of each name inside `folderPath` (a held folder's descriptor path), in order. */
  statAll(folderPath: string, names: readonly string[]): Promise<Float64Array>;
  /** A worker is started and not yet let go. */
  readonly workerRunning: boolean;
  /** From how many names a folder goes to the worker (workerThreshold unless said). */
  readonly fromNames?: number;
}

/**
 * Folders in a walk (an archive, a search without the index, a folder's size) number in the
 * hundreds or thousands, one after another: there the messaging pays from a few dozen names,
 * where a single listing would wait for the worker to start (docs/ARCHIVES.md).
 */
export const walkWorkerThreshold = 48;

/** The same worker, for folders of at least `fromNames` names. */
export function statterFrom(statter: FolderStatter, fromNames: number): FolderStatter {
  return {
    statAll: (folderPath, names) => statter.statAll(folderPath, names),
    get workerRunning() {
      return statter.workerRunning;
    },
    fromNames,
  };
}

/**
 * A worker's isolate holds tens of megabytes once it has stat'ed 100,000 names (its heap grows
 * with the Stats objects it drops): it is let go this long after its last answer, so an idle
 * server does not keep it, while a user paging through big folders reuses it (docs/LISTINGS.md).
 */
const defaultIdleMs = 5_000;
/**
 * Names go to the worker this many at a time, all posted at once: its heap holds one batch, where
 * a folder's 100,000 names in one message lived (and were promoted to its old space) until every
 * lstat was done, so its heap grew by megabytes a listing (docs/LISTINGS.md).
 */
export const namesPerBatch = 4096;

/**
 * The worker's heap: its garbage is short-lived Stats objects (a small young generation is
 * enough), and what it keeps is one batch of names, a few megabytes at most. Past these limits
 * it is ended with ERR_WORKER_OUT_OF_MEMORY, an 'error' like any other (its jobs fail and their
 * callers stat the names themselves), never an abort of the server.
 */
export const workerLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 16 };

interface Pending {
  /** A batch's stats, for its names from `from` on. */
  answer(from: number, stats: Float64Array): void;
  reject(error: Error): void;
}

/** A running worker and the jobs it owes answers to. */
interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * One worker, started at the first big listing and kept (unreferenced) until it has been idle
 * `idleMs`. `limits` replace workerLimits (tests end a worker with too little heap).
 */
export function createFolderStatter(
  idleMs = defaultIdleMs,
  limits: ResourceLimits = workerLimits,
): FolderStatter {
  let running: Running | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const letGoWhenIdle = (started: Running) => {
    if (started.pending.size > 0 || running !== started) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running !== started || started.pending.size > 0) return;
      running = undefined;
      void started.worker.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  const start = (): Running => {
    const started: Running = {
      worker: new Worker(workerSource, {
        eval: true,
        resourceLimits: limits,
      }),
      pending: new Map(),
    };
    // A worker that failed answers nothing more: its own jobs fail (their callers stat the
    // names themselves), and the next listing starts a new worker.
    const fail = (error: Error) => {
      for (const job of started.pending.values()) job.reject(error);
      started.pending.clear();
      if (running === started) running = undefined;
    };
    started.worker.unref();
    type Answer = { id: number; from: number; stats: Float64Array };
    started.worker.on('message', ({ id, from, stats }: Answer) => {
      started.pending.get(id)?.answer(from, stats);
      letGoWhenIdle(started);
    });
    started.worker.on('error', fail);
    started.worker.on('exit', (code) =>
      fail(new Error(`the folder stats worker exited (${code})`)),
    );
    return started;
  };

  return {
    get workerRunning() {
      return running !== undefined;
    },
    statAll(folderPath, names) {
      const stats = new Float64Array(names.length * statFields);
      let batchesLeft = Math.ceil(names.length / namesPerBatch);
      if (batchesLeft === 0) return Promise.resolve(stats);
      clearTimeout(idleTimer);
      running ??= start();
      const { worker, pending } = running;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const answer = (from: number, batch: Float64Array) => {
          stats.set(batch, from * statFields);
          batchesLeft -= 1;
          if (batchesLeft > 0) return;
          pending.delete(id);
          resolve(stats);
        };
        pending.set(id, { answer, reject });
        for (let from = 0; from < names.length; from += namesPerBatch)
          worker.postMessage({
            id,
            from,
            folder: folderPath,
            names: names.slice(from, from + namesPerBatch),
          });
      });
    },
  };
}
