// A compression Transform whose work happens in a worker thread, so no request waits behind a block.
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { workerSource } from '../../workers/worker-source';
import { codecWorkerBundle } from './codec-assets';
import type {
  CodecWorkerData,
  FromCodecWorker,
  ToCodecWorker,
  WorkerCodec,
} from './codec-messages';

/** Inputs handed over before one is consumed: the worker always has the next one ready. */
const maxInFlight = 2;

/**
 * The WASM encoders (bzip2, xz, lz4, snappy) hold the thread for ~0.1 s per block; on the event
 * loop that stalled every other request (docs/ARCHIVES.md). Each compressed download gets its own
 * worker, started with the stream and ended with it: downloads that walk a tree are already
 * limited in number (src/limits/heavy-work.ts), and a worker holds no state between downloads.
 * Back-pressure: at most `maxInFlight` inputs are with the worker; the next write waits.
 */
export class WorkerEncoder extends Transform {
  private readonly worker: Worker;
  private inFlight = 0;
  private waiting: TransformCallback | undefined;
  private flushed: TransformCallback | undefined;
  private exited = false;
  private completed = false;

  constructor(codec: WorkerCodec) {
    super();
    const code = workerSource(codecWorkerBundle, import.meta.url);
    this.worker = new Worker(code.source, {
      eval: !code.isFile,
      workerData: { codec } satisfies CodecWorkerData,
      // The codecs' memory is WebAssembly's; JavaScript's own heap stays small.
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    this.worker.on('message', (message: FromCodecWorker) => this.receive(message));
    this.worker.on('error', (error) => this.destroy(error));
    this.worker.on('exit', () => {
      this.exited = true;
      if (!this.completed && !this.destroyed)
        this.destroy(new Error('the compression worker stopped'));
    });
  }

  private receive(message: FromCodecWorker): void {
    switch (message.kind) {
      case 'output':
        this.push(
          Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length),
        );
        return;
      case 'consumed': {
        this.inFlight -= 1;
        const next = this.waiting;
        this.waiting = undefined;
        next?.();
        return;
      }
      case 'done': {
        const done = this.flushed;
        this.flushed = undefined;
        this.completed = true;
        void this.worker.terminate();
        done?.();
        return;
      }
      case 'error':
        this.destroy(new Error(`compression failed: ${message.message}`));
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // A view would be cloned with its whole ArrayBuffer: one exact copy is transferred instead.
    const bytes = new Uint8Array(chunk);
    this.worker.postMessage({ kind: 'input', bytes } satisfies ToCodecWorker, [bytes.buffer]);
    this.inFlight += 1;
    if (this.inFlight < maxInFlight) callback();
    else this.waiting = callback;
  }

  override _flush(callback: TransformCallback): void {
    this.flushed = callback;
    this.worker.postMessage({ kind: 'end' } satisfies ToCodecWorker);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.exited) void this.worker.terminate();
    callback(error);
  }
}

export function createWorkerEncoder(codec: WorkerCodec): Transform {
  return new WorkerEncoder(codec);
}
