// .xz as a stream: liblzma compiled to WASM (node-liblzma/wasm), driven chunk by chunk from a Transform.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import type { LZMAModule } from 'node-liblzma/wasm';
import {
  code,
  copyFromWasm,
  copyToWasm,
  encoderInit,
  end,
  initModule,
  LZMA_CHECK_CRC64,
  LZMA_FINISH,
  LZMA_OK,
  LZMA_RUN,
  LZMA_STREAM_END,
  WasmLzmaStream,
} from 'node-liblzma/wasm';
import { isBundled } from '../../version';

/**
 * Preset 1 (1 MiB dictionary): about twice the speed of the default preset 6 for a few percent
 * of size, and ~10 MiB of encoder memory instead of ~94 MiB. That matters here: every xz
 * download shares one WASM heap that is capped at 256 MiB and never shrinks.
 */
const preset = 1;
/** Input handed to liblzma per call: tens of ms each, so a stopped download ends between two. */
const sliceBytes = 256 * 1024;
const outputBytes = 256 * 1024;

async function liblzmaWasm(): Promise<Uint8Array> {
  // Bundled: esbuild's 'binary' loader turns this import into the embedded bytes.
  if (isBundled) return (await import('node-liblzma/wasm/liblzma.wasm')).default;
  // Under tsx (tests, development) the import would reach Node itself, which since Node 24
  // instantiates a .wasm import as a module of its own, with imports Emscripten's glue provides.
  const file = createRequire(import.meta.url).resolve('node-liblzma/wasm/liblzma.wasm');
  return fs.promises.readFile(file);
}

/**
 * The glue's default loader fetch()es the .wasm from beside `import.meta.url`, which exists
 * neither in the bundle nor in a single executable: the bytes are passed in instead.
 */
function loadLiblzma(): Promise<LZMAModule> {
  return initModule(async () => {
    const wasmBinary = await liblzmaWasm();
    const { default: createLiblzma } = await import('node-liblzma/wasm/liblzma.js');
    return createLiblzma({ wasmBinary });
  });
}

interface Encoder {
  module: LZMAModule;
  stream: WasmLzmaStream;
  output: number;
}

class XzEncoder extends Transform {
  private encoder: Promise<Encoder> | undefined;
  private released = false;

  private ready(): Promise<Encoder> {
    this.encoder ??= loadLiblzma().then((module) => {
      const stream = new WasmLzmaStream(module);
      encoderInit(stream, preset, LZMA_CHECK_CRC64);
      return { module, stream, output: copyToWasm(module, new Uint8Array(outputBytes)) };
    });
    return this.encoder;
  }

  /** Synchronous, so the encoder cannot be released in the middle of a call. */
  private run(encoder: Encoder, input: Uint8Array, action: number): void {
    if (this.released) return;
    const { module, stream, output } = encoder;
    const inputPointer = input.length > 0 ? copyToWasm(module, input) : 0;
    try {
      stream.setInput(inputPointer, input.length);
      for (;;) {
        stream.setOutput(output, outputBytes);
        const status = code(stream, action);
        const produced = outputBytes - stream.availOut;
        if (produced > 0) {
          const bytes = copyFromWasm(module, output, produced);
          this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
        }
        if (status === LZMA_STREAM_END) return;
        if (status !== LZMA_OK) throw new Error(`xz compression failed (liblzma status ${status})`);
        if (stream.availIn === 0 && stream.availOut > 0) return;
      }
    } finally {
      if (inputPointer !== 0) module._free(inputPointer);
    }
  }

  private async compress(chunk: Buffer): Promise<void> {
    const encoder = await this.ready();
    for (let start = 0; start < chunk.length; start += sliceBytes) {
      this.run(encoder, chunk.subarray(start, start + sliceBytes), LZMA_RUN);
      if (start + sliceBytes < chunk.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private release(encoder: Encoder): void {
    if (this.released) return;
    this.released = true;
    end(encoder.stream);
    encoder.stream.free();
    encoder.module._free(encoder.output);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.compress(chunk).then(() => setImmediate(callback), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.ready().then((encoder) => {
      try {
        this.run(encoder, new Uint8Array(0), LZMA_FINISH);
      } finally {
        this.release(encoder);
      }
      callback();
    }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // The encoder lives in the shared WASM heap: free it even when the download is abandoned.
    if (this.encoder)
      this.encoder.then(
        (encoder) => this.release(encoder),
        () => undefined,
      );
    callback(error);
  }
}

export function createXzEncoder(): Transform {
  return new XzEncoder();
}
