// snappy-wasm loaded through its CommonJS build, the one build that works both under tsx and bundled.
// Its "import" build needs an explicit wasm init from a file path; the CommonJS build instantiates itself
// and scripts/build-server.ts inlines its .wasm for the single executable. Only a .cts file can say
// require() in an ESM package, and esbuild then resolves the package's "require" condition.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require is what this file is for
import snappy = require('snappy-wasm');

export = {
  compressRaw: snappy.compress_raw,
  decompressRaw: snappy.decompress_raw,
};
