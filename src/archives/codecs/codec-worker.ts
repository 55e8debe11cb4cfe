// The codec worker thread: built as its own bundle (build/archive-codec-worker.cjs), it compresses one archive.
import { Buffer } from 'node:buffer';
import type { Transform } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createBzip2Encoder } from './bzip2';
import type { CodecWorkerData, FromCodecWorker, ToCodecWorker } from './codec-messages';
import { createLz4Encoder } from './lz4';
import { createSnappyEncoder } from './snappy';
import { createXzEncoder } from './xz';

const port = parentPort;
if (!port) throw new Error('codec-worker runs as a worker thread');
const { codec } = workerData as CodecWorkerData;

const encoders: Record<CodecWorkerData['codec'], () => Transform> = {
  bzip2: createBzip2Encoder,
  xz: createXzEncoder,
  lz4: createLz4Encoder,
  snappy: createSnappyEncoder,
};

const encoder = encoders[codec]();
// postMessage would clone an output's whole ArrayBuffer (a pool, a larger block): each is copied
// to its exact size once and that copy is transferred.
encoder.on('data', (output: Buffer) => {
  const bytes = new Uint8Array(output);
  port.postMessage({ kind: 'output', bytes } satisfies FromCodecWorker, [bytes.buffer]);
});
encoder.on('end', () => port.postMessage({ kind: 'done' }));
encoder.on('error', (error: Error) => port.postMessage({ kind: 'error', message: error.message }));

port.on('message', (message: ToCodecWorker) => {
  if (message.kind === 'end') {
    encoder.end();
    return;
  }
  const input = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length);
  encoder.write(input, () => port.postMessage({ kind: 'consumed' }));
});
