// The preview worker thread: built as its own bundle (build/preview-worker.cjs), it renders one image at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { initializeRenderer, RenderError, renderImage } from './image-render';
import type { WorkerData, WorkerJob, WorkerReply } from './preview-pool';

const port = parentPort;
if (!port) throw new Error('preview-worker runs as a worker thread');
const data = workerData as WorkerData;
const ready = initializeRenderer(data.wasm, data.maxPixels);

port.on('message', (job: WorkerJob) => {
  void ready
    .then(() => {
      const result = renderImage(job.request);
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
