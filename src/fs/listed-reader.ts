// Reading many small listed files whole, in batches on a worker thread, through the folders the walk holds.
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { WorkerBundle } from '../workers/worker-source';
import { workerSource } from '../workers/worker-source';
import type { FolderHandle, Identity } from './anchored';
import type {
  ListedReadBatch,
  ListedReadReply,
  ListedReadRequest,
  ListedReadResult,
} from './listed-read-messages';

export const listedReadWorkerBundle: WorkerBundle = {
  assetKey: 'fs/listed-read-worker.cjs',
  bundleName: 'listed-read-worker.cjs',
  sourceName: 'listed-read-worker.ts',
};

/** Requests sent together; a batch also leaves at the end of the current turn of the loop. */
const maxBatch = 64;

export interface ListedReader {
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
  /** Ends the worker once the batch it holds is done; reads not yet sent reject. */
  close(): void;
}

interface Waiting {
  request: ListedReadRequest;
  settle: (result: ListedReadResult, bytes: ArrayBuffer) => void;
  fail: (error: Error) => void;
}

/**
 * One open, fstat, read and close per small file cost the event loop about 40 µs of thread-pool
 * round trips on a 2-core machine, more than the file's bytes (docs/ARCHIVES.md). A worker does
 * them with blocking calls, a batch per message, and the loop only copies the bytes. The worker
 * starts with the first read and ends with close(): one per archive download.
 */
export function createListedReader(): ListedReader {
  let worker: Worker | undefined;
  let queued: Waiting[] = [];
  let flushScheduled = false;
  let nextId = 1;
  let closed = false;
  const sent = new Map<number, Waiting[]>();

  const failAll = (error: Error) => {
    for (const waiting of [...queued, ...[...sent.values()].flat()]) waiting.fail(error);
    queued = [];
    sent.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const code = workerSource(listedReadWorkerBundle, import.meta.url);
    const started = new Worker(code.source, {
      eval: !code.isFile,
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    started.on('message', (reply: ListedReadReply) => {
      const batch = sent.get(reply.id);
      sent.delete(reply.id);
      batch?.forEach((waiting, index) =>
        waiting.settle(reply.results[index] as ListedReadResult, reply.bytes),
      );
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', () => failAll(new AppError('fs.badPath', 'the file reader stopped')));
    worker = started;
    return started;
  };

  const flush = () => {
    flushScheduled = false;
    if (queued.length === 0 || closed) return;
    const id = nextId++;
    const batch: ListedReadBatch = { id, requests: queued.map((waiting) => waiting.request) };
    sent.set(id, queued);
    queued = [];
    started().postMessage(batch);
  };

  return {
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
              settle: (result, bytes) => {
                if (result.status === 'read')
                  resolve(Buffer.from(bytes, result.offset, result.length));
                else if (result.status === 'unavailable') resolve(undefined);
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
    close() {
      if (closed) return;
      closed = true;
      for (const waiting of queued)
        waiting.fail(new AppError('fs.badPath', 'the reader was closed'));
      queued = [];
      // Not terminate(): a worker stopped between its open and close calls would leak the
      // descriptor, and batches already sent keep their folders held until they are answered.
      worker?.postMessage('close');
    },
  };
}
