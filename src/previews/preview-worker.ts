// The preview worker thread: built as its own bundle (build/preview-worker.cjs), it renders one image at a time.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { HoldLargeDecode } from './image-render';
import { initializeRenderer, RenderError, renderImage } from './image-render';
import type { WorkerData, WorkerJob, WorkerReply } from './preview-pool';

const port = parentPort;
if (!port) throw new Error('preview-worker runs as a worker thread');
const data = workerData as WorkerData;
const ready = initializeRenderer(data.wasm, data.maxPixels);
const lock = new Int32Array(data.largeDecodeLock);

/**
 * One large decode at a time across all workers: the lock holds the decoding thread's id (0 when
 * free), so the pool can free it if it has to stop that thread. Blocking is fine in a worker.
 */
const holdLargeDecode: HoldLargeDecode = (work) => {
  while (Atomics.compareExchange(lock, 0, 0, threadId) !== 0)
    Atomics.wait(lock, 0, lock[0] ?? 0, 1000);
  try {
    return work();
  } finally {
    Atomics.compareExchange(lock, 0, threadId, 0);
    Atomics.notify(lock, 0, 1);
  }
};

port.on('message', (job: WorkerJob) => {
  void ready
    .then(() => {
      const result = renderImage(job.request, holdLargeDecode);
      const reply: WorkerReply = { id: job.id, ok: true, result };
      port.postMessage(reply, [result.bytes.buffer as ArrayBuffer]);
    })
    .catch((error: unknown) => {
      const reply: WorkerReply =
        error instanceof RenderError
          ? { id: job.id, ok: false, reason: error.reason, message: error.message }
          : {
              id: job.id,
              ok: false,
              reason: 'undecodable',
              message: error instanceof Error ? error.message : String(error),
            };
      port.postMessage(reply);
    });
});
