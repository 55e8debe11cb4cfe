// What the archive stream and its codec worker say to each other.

/** The WASM codecs; gzip stays on node:zlib, which already works on the libuv thread pool. */
export type WorkerCodec = 'bzip2' | 'xz' | 'lz4' | 'snappy';

export interface CodecWorkerData {
  codec: WorkerCodec;
}

export type ToCodecWorker = { kind: 'input'; bytes: Uint8Array } | { kind: 'end' };

export type FromCodecWorker =
  /** The input was encoded (its output already posted): the next one may be sent. */
  | { kind: 'consumed' }
  | { kind: 'output'; bytes: Uint8Array }
  | { kind: 'done' }
  | { kind: 'error'; message: string };
