// The stats of a big folder's entries, read in a worker thread: a listing of 100,000 entries is
// 100,000 lstat calls, and each one through libuv's pool cost the event loop about 4 µs of
// dispatching (400 ms a listing, measured in scripts/bench/listing.ts). The worker calls lstat
// directly and answers with one array of numbers; the folder stays held open by the caller
// meanwhile, so its /proc/self/fd path names the verified folder throughout (docs/SECURITY.md).
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
parentPort.on('message', ({ id, folder, names }) => {
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
  parentPort.postMessage({ id, stats: out }, [out.buffer]);
});
`;

export interface FolderStatter {
  /** lstat of each name inside `folderPath` (a held folder's descriptor path), in order. */
  statAll(folderPath: string, names: readonly string[]): Promise<Float64Array>;
}

interface Pending {
  resolve(stats: Float64Array): void;
  reject(error: Error): void;
}

/** One worker, started at the first big listing and kept (unreferenced) for the next ones. */
export function createFolderStatter(): FolderStatter {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };

  const start = (): Worker => {
    const started = new Worker(workerSource, { eval: true });
    started.unref();
    started.on('message', ({ id, stats }: { id: number; stats: Float64Array }) => {
      const job = pending.get(id);
      pending.delete(id);
      job?.resolve(stats);
    });
    started.on('error', failAll);
    started.on('exit', (code) => failAll(new Error(`the folder stats worker exited (${code})`)));
    return started;
  };

  return {
    statAll(folderPath, names) {
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, folder: folderPath, names });
      });
    },
  };
}
