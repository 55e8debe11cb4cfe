// .bz2 as a stream: libbzip2-wasm compresses 900 kB blocks, each a complete bzip2 stream of its own.
import type { Transform } from 'node:stream';
import type { Bzip2Module, ThenableBzip2Module } from 'libbzip2-wasm';
import { BlockEncoder } from './block-encoder';
import type { BlockCodec } from './block-encoder';

/**
 * One `bzip2 -9` block per call. Concatenated bzip2 streams are a valid .bz2 (bzip2 -d and tar -j
 * read them all) and cost ~14 bytes each. A block holds its thread for ~0.1 s (the codec worker's,
 * see worker-encoder.ts); 900 kB is bzip2's own block size, so smaller pieces would only make
 * compression worse.
 */
const blockSize = 900_000;

/** One engine per process, like any loaded library: it holds no per-download state between calls. */
let loading: Promise<Bzip2Module> | undefined;

/**
 * Awaiting the thenable module directly never settles (it resolves to itself), so `then` is
 * removed before resolving. The glue also installs process-wide 'unhandledRejection' and
 * 'uncaughtException' handlers that would hijack the server's crash behaviour: they are removed.
 */
export function loadBzip2Module(): Promise<Bzip2Module> {
  loading ??= import('libbzip2-wasm').then(
    ({ default: factory }) =>
      new Promise<Bzip2Module>((resolve) => {
        const rejectionHandlers = process.listeners('unhandledRejection');
        const exceptionHandlers = process.listeners('uncaughtException');
        const module: ThenableBzip2Module = factory();
        for (const handler of process.listeners('unhandledRejection')) {
          if (!rejectionHandlers.includes(handler))
            process.removeListener('unhandledRejection', handler);
        }
        for (const handler of process.listeners('uncaughtException')) {
          if (!exceptionHandlers.includes(handler))
            process.removeListener('uncaughtException', handler);
        }
        module.then?.((ready) => {
          delete ready.then;
          resolve(ready);
        });
      }),
  );
  return loading;
}

async function loadBzip2(): Promise<BlockCodec> {
  const module = await loadBzip2Module();
  return {
    blockSize,
    encode(block) {
      const result = module.compressBZ2(block, 9, 30);
      if (result.error !== 0) throw new Error(`bzip2 compression failed: ${result.errorMsg}`);
      // The output is a view of a buffer the binding malloc()s and never frees (the heap grew by
      // ~1 MB per block, to 1 GiB after 1000 blocks): copy it out, then free it here.
      const compressed = Buffer.from(result.output);
      if (result.output.byteOffset !== 0) module._free(result.output.byteOffset);
      return [compressed];
    },
  };
}

export function createBzip2Encoder(): Transform {
  return new BlockEncoder(loadBzip2);
}
