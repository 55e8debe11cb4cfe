// Reading many small listed files whole, in batches on a worker thread, through the folders the walk holds.
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { WorkerBundle } from '../workers/worker-source';
import { workerSource } from '../workers/worker-source';
import type { FolderHandle, Identity } from './anchored';
import type { ListedLayout } from './listed-layout';
import { createListedLayout } from './listed-layout';
import type {
  LayoutReply,
  ListedReadBatch,
  ListedReadReply,
  ListedReadRequest,
  ListedReadResult,
  RecycleMessage,
} from './listed-read-messages';

export const listedReadWorkerBundle: WorkerBundle = {
  assetKey: 'fs/listed-read-worker.cjs',
  bundleName: 'listed-read-worker.cjs',
  sourceName: 'listed-read-worker.ts',
};

/** Requests sent together; a batch also leaves at the end of the current turn of the loop. */
const maxBatch = 64;

/**
 * A worker left idle by the last archive waits this long for the next one: starting a worker
 * was most of a small archive's time (about 30 ms for one file, docs/ARCHIVES.md), and an idle
 * server should not keep its heap for long.
 */
const defaultIdleMs = 5_000;

export interface ListedReader extends ListedLayout {
  /**
   * The first `size` bytes of `name` in `parent` (fewer if it shrank), or undefined when it is
   * no longer the listed regular file (gone, replaced, a link): checked like openFileAt, on the
   * worker thread. Rejects when reading fails. `parent` is held until the answer comes.
   */
  read(
    parent: FolderHandle,
    name: string,
    expected: Identity,
    size: number,
  ): Promise<Buffer | undefined>;
  /**
   * Bytes read() gave, copied elsewhere and never read again: once every file of its batch is
   * done with, the batch's buffer is filled again. Other buffers and a second call are ignored.
   */
  doneWith(bytes: Buffer): void;
  /** Ends the reader once the batches it sent are done; reads not yet sent reject. */
  close(): void;
}

/** Hands out readers: one worker each, and at most one worker kept idle between them. */
export interface ListedReaderPool {
  reader(): ListedReader;
  /** Workers started so far: how often one was not there to reuse. */
  readonly workersStarted: number;
}

/** A read batch's buffer, and how many of its files' bytes are still in use. */
interface SharedBytes {
  bytes: ArrayBuffer;
  inUse: number;
}

interface Waiting {
  request: ListedReadRequest;
  settle: (result: ListedReadResult, shared: SharedBytes) => void;
  fail: (error: Error) => void;
}

/** A message sent to the worker, and what to do with its answer. */
interface Answering {
  settle: (reply: ListedReadReply & LayoutReply) => void;
  fail: (error: Error) => void;
}

/** A worker thread and whether it can still be given work. */
interface PooledWorker {
  worker: Worker;
  usable: boolean;
}

export function createListedReaderPool(idleMs = defaultIdleMs): ListedReaderPool {
  let idle: PooledWorker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let workersStarted = 0;

  const start = (): PooledWorker => {
    workersStarted += 1;
    const code = workerSource(listedReadWorkerBundle, import.meta.url);
    const worker = new Worker(code.source, {
      eval: !code.isFile,
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    const pooled: PooledWorker = { worker, usable: true };
    const unusable = () => {
      pooled.usable = false;
      if (idle === pooled) idle = undefined;
    };
    worker.on('error', unusable);
    worker.on('exit', unusable);
    return pooled;
  };

  /** Not terminate(): a worker stopped between its open and close calls would leak the descriptor. */
  const end = (pooled: PooledWorker) => {
    pooled.usable = false;
    pooled.worker.postMessage('close');
  };

  const acquire = (): PooledWorker => {
    clearTimeout(idleTimer);
    const reused = idle;
    idle = undefined;
    if (reused?.usable) {
      reused.worker.ref();
      return reused;
    }
    return start();
  };

  /** A worker whose reader is done and owes no answers: kept for the next archive, or ended. */
  const release = (pooled: PooledWorker) => {
    if (!pooled.usable) return;
    if (idle) return end(pooled);
    idle = pooled;
    pooled.worker.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (idle !== pooled) return;
      idle = undefined;
      end(pooled);
    }, idleMs);
    idleTimer.unref();
  };

  return {
    reader: () => createListedReader(acquire, release),
    get workersStarted() {
      return workersStarted;
    },
  };
}

/**
 * One open, fstat, read and close per small file cost the event loop about 40 µs of thread-pool
 * round trips on a 2-core machine, more than the file's bytes (docs/ARCHIVES.md). A worker does
 * them with blocking calls, a batch per message, and the loop only copies the bytes. The reader
 * takes a worker with its first read and gives it back once closed and answered.
 */
function createListedReader(
  acquire: () => PooledWorker,
  release: (pooled: PooledWorker) => void,
): ListedReader {
  let pooled: PooledWorker | undefined;
  let queued: Waiting[] = [];
  let flushScheduled = false;
  let nextId = 1;
  let closed = false;
  const sent = new Map<number, Answering>();

  const failAll = (error: Error) => {
    for (const waiting of queued) waiting.fail(error);
    queued = [];
    const answering = [...sent.values()];
    sent.clear();
    for (const { fail } of answering) fail(error);
  };

  const onMessage = (reply: ListedReadReply & LayoutReply) => {
    const answering = sent.get(reply.id);
    sent.delete(reply.id);
    answering?.settle(reply);
    giveBackWhenDone();
  };
  const onError = (error: Error) => failAll(error);
  const onExit = () => failAll(new AppError('fs.badPath', 'the file reader stopped'));

  const taken = (): Worker => {
    if (pooled) return pooled.worker;
    pooled = acquire();
    pooled.worker.on('message', onMessage);
    pooled.worker.on('error', onError);
    pooled.worker.on('exit', onExit);
    return pooled.worker;
  };

  /** Batches sent keep their folders held until answered: the worker goes back after the last. */
  function giveBackWhenDone() {
    if (!closed || sent.size > 0 || !pooled) return;
    const done = pooled;
    pooled = undefined;
    done.worker.off('message', onMessage);
    done.worker.off('error', onError);
    done.worker.off('exit', onExit);
    release(done);
  }

  const flush = () => {
    flushScheduled = false;
    if (queued.length === 0 || closed) return;
    const id = nextId++;
    const batch: ListedReadBatch = {
      kind: 'read',
      id,
      requests: queued.map((waiting) => waiting.request),
    };
    const waiting = queued;
    queued = [];
    sent.set(id, {
      settle: (reply) => {
        const shared = { bytes: reply.bytes, inUse: 0 };
        for (const result of reply.results) if (result.status === 'read') shared.inUse += 1;
        waiting.forEach((one, index) =>
          one.settle(reply.results[index] as ListedReadResult, shared),
        );
      },
      fail: (error) => waiting.forEach((one) => one.fail(error)),
    });
    taken().postMessage(batch);
  };

  // To the worker that made it, while this reader still has one: else it is simply collected.
  const recycle = (bytes: ArrayBuffer) =>
    pooled?.worker.postMessage({ kind: 'recycle', bytes } satisfies RecycleMessage, [bytes]);
  /** Bytes read() handed out, and their batch: each is done with once. */
  const lentReads = new WeakMap<Buffer, SharedBytes>();

  const layout = createListedLayout(
    (batch, settle, fail) => {
      const id = nextId++;
      sent.set(id, { settle, fail });
      taken().postMessage({ ...batch, id }, [batch.heads]);
    },
    () => closed,
    recycle,
  );

  return {
    put: layout.put,
    frame: layout.frame,
    next: layout.next,
    giveBack: layout.giveBack,
    get pendingBytes() {
      return layout.pendingBytes;
    },
    get pendingPieces() {
      return layout.pendingPieces;
    },
    read(parent, name, expected, size) {
      if (closed) return Promise.reject(new AppError('fs.badPath', 'the reader was closed'));
      // use() holds the folder, so the descriptor number in `at` stays this folder's until the
      // worker has answered, even if the walk releases it meanwhile.
      return parent.use(
        name,
        (at) =>
          new Promise<Buffer | undefined>((resolve, reject) => {
            queued.push({
              request: { at, dev: expected.dev, ino: expected.ino, size },
              settle: (result, shared) => {
                if (result.status === 'read') {
                  const bytes = Buffer.from(shared.bytes, result.offset, result.length);
                  lentReads.set(bytes, shared);
                  resolve(bytes);
                } else if (result.status === 'unavailable') resolve(undefined);
                else reject(new AppError('internal', `reading a file failed (${result.code})`));
              },
              fail: reject,
            });
            if (queued.length >= maxBatch) flush();
            else if (!flushScheduled) {
              flushScheduled = true;
              setImmediate(flush);
            }
          }),
      );
    },
    doneWith(bytes) {
      const shared = lentReads.get(bytes);
      if (!shared) return;
      lentReads.delete(bytes);
      shared.inUse -= 1;
      if (shared.inUse === 0) recycle(shared.bytes);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const waiting of queued)
        waiting.fail(new AppError('fs.badPath', 'the reader was closed'));
      queued = [];
      layout.close();
      giveBackWhenDone();
    },
  };
}
