// A few worker threads for image decoding, and a bounded queue in front of them (docs/PREVIEWS.md).
import type { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { RenderFailure, RenderRequest, RenderResult } from './image-render';

export interface WorkerData {
  wasm: WebAssembly.Module;
  maxPixels: number;
  /** One Int32: the thread id of the worker doing a large decode, or 0 (preview-worker.ts). */
  largeDecodeLock: SharedArrayBuffer;
}

export interface WorkerJob {
  id: number;
  request: RenderRequest;
}

export type WorkerReply =
  | { id: number; ok: true; result: RenderResult }
  | { id: number; ok: false; reason: RenderFailure; message: string };

export interface PoolLimits {
  /** Slots: images decoded (or videos drawn) at once. */
  slots: number;
  /** Jobs waiting for a slot, in all and per user; past them the answer is 429. */
  queued: number;
  queuedPerUser: number;
  /** A job still running after this is stopped with its worker. */
  jobTimeoutMs: number;
}

export interface PreviewPool {
  /**
   * Renders in a worker thread; AppError server.busy when the queue is full. The request is made
   * (the file read) only once a slot is free: a waiting request holds no file in memory.
   */
  render(
    userKey: string,
    makeRequest: () => Promise<RenderRequest>,
    signal?: AbortSignal,
  ): Promise<RenderResult>;
  /** Runs other heavy work (a video poster) in one of the same slots. */
  withSlot<T>(userKey: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Workers alive now (tests). */
  workerCount(): number;
  close(): Promise<void>;
}

interface Waiting {
  userKey: string;
  start: () => void;
  cancel: (error: Error) => void;
}

interface PooledWorker {
  worker: Worker;
  busy: boolean;
  jobs: number;
}

/** Non-JPEG images above this many pixels leave the worker's memory grown: the worker is retired after. */
const retireAfterPixels = 24_000_000;
/** WebAssembly memory never shrinks, and fragments: workers are renewed now and then. */
const retireAfterJobs = 500;

export function createPreviewPool(
  limits: PoolLimits,
  startWorker: (largeDecodeLock: SharedArrayBuffer) => Promise<Worker>,
): PreviewPool {
  const largeDecodeLock = new SharedArrayBuffer(4);
  const lock = new Int32Array(largeDecodeLock);
  const queue: Waiting[] = [];
  const queuedByUser = new Map<string, number>();
  const workers: PooledWorker[] = [];
  let busySlots = 0;
  let nextId = 1;
  let isClosed = false;

  const busy = (message: string) =>
    new AppError('server.busy', message, { headers: { 'Retry-After': '1' } });

  function release(): void {
    busySlots -= 1;
    const next = queue.shift();
    if (next) {
      forget(next.userKey);
      busySlots += 1;
      next.start();
    }
  }

  function forget(userKey: string): void {
    const left = (queuedByUser.get(userKey) ?? 1) - 1;
    if (left <= 0) queuedByUser.delete(userKey);
    else queuedByUser.set(userKey, left);
  }

  /** Resolves once a slot is this caller's; the caller must release() it. */
  function acquire(userKey: string, signal?: AbortSignal): Promise<void> {
    if (isClosed) return Promise.reject(new AppError('server.busy', 'the server is stopping'));
    if (busySlots < limits.slots) {
      busySlots += 1;
      return Promise.resolve();
    }
    const mine = queuedByUser.get(userKey) ?? 0;
    if (mine >= limits.queuedPerUser)
      return Promise.reject(busy(`you already have ${mine} previews waiting; try again shortly`));
    if (queue.length >= limits.queued)
      return Promise.reject(busy('the server is busy drawing previews; try again shortly'));
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        userKey,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: reject,
      };
      // A visitor who scrolled on no longer waits for this tile: its place goes to the next.
      const onAbort = () => {
        const index = queue.indexOf(entry);
        if (index === -1) return;
        queue.splice(index, 1);
        forget(userKey);
        reject(new AppError('request.aborted', 'the request ended while it waited'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      queuedByUser.set(userKey, mine + 1);
    });
  }

  async function withSlot<T>(
    userKey: string,
    work: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    await acquire(userKey, signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  async function idleWorker(): Promise<PooledWorker> {
    const idle = workers.find((pooled) => !pooled.busy);
    if (idle) return idle;
    const pooled: PooledWorker = {
      worker: await startWorker(largeDecodeLock),
      busy: false,
      jobs: 0,
    };
    // The worker never holds the process open: a stopping server does not wait for it.
    pooled.worker.unref();
    workers.push(pooled);
    return pooled;
  }

  function retire(pooled: PooledWorker): void {
    const index = workers.indexOf(pooled);
    if (index !== -1) workers.splice(index, 1);
    const { threadId } = pooled.worker;
    void pooled.worker.terminate().then(() => {
      // A worker stopped in the middle of a large decode must not keep the others waiting.
      if (Atomics.compareExchange(lock, 0, threadId, 0) === threadId) Atomics.notify(lock, 0);
    });
  }

  function runOn(pooled: PooledWorker, request: RenderRequest): Promise<RenderResult> {
    const id = nextId++;
    pooled.busy = true;
    pooled.jobs += 1;
    return new Promise<RenderResult>((resolve, reject) => {
      const { worker } = pooled;
      const finish = (outcome: () => void, keepWorker: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        pooled.busy = false;
        if (!keepWorker || pooled.jobs >= retireAfterJobs) retire(pooled);
        outcome();
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        if (reply.ok) {
          const pixels = reply.result.sourcePixels;
          const isLarge = request.format !== 'jpeg' && pixels > retireAfterPixels;
          finish(() => resolve(reply.result), !isLarge);
          return;
        }
        const error =
          reply.reason === 'tooLarge'
            ? new AppError('preview.tooLarge', reply.message)
            : new AppError('preview.undecodable', reply.message);
        // A decoder that failed half-way may have left its memory in any state.
        finish(() => reject(error), reply.reason === 'tooLarge');
      };
      const onError = (error: Error) =>
        finish(
          () =>
            reject(new AppError('preview.failed', 'the preview worker failed', { cause: error })),
          false,
        );
      const onExit = () =>
        finish(() => reject(new AppError('preview.failed', 'the preview worker stopped')), false);
      const timer = setTimeout(
        () =>
          finish(
            () => reject(new AppError('preview.failed', 'drawing the preview took too long')),
            false,
          ),
        limits.jobTimeoutMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const job: WorkerJob = { id, request };
      // The input's memory moves to the worker: the server does not keep a copy.
      worker.postMessage(job, [request.input.buffer as ArrayBuffer]);
    });
  }

  return {
    render: (userKey, makeRequest, signal) =>
      withSlot(
        userKey,
        async () => {
          const request = await makeRequest();
          return runOn(await idleWorker(), request);
        },
        signal,
      ),
    withSlot,
    workerCount: () => workers.length,
    async close() {
      isClosed = true;
      for (const waiting of queue.splice(0))
        waiting.cancel(new AppError('server.busy', 'the server is stopping'));
      queuedByUser.clear();
      await Promise.all(workers.splice(0).map((pooled) => pooled.worker.terminate()));
    },
  };
}
