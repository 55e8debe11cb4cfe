// Types for the codec package that ships none, and for .wasm files bundled as bytes by esbuild.

declare module 'libbzip2-wasm' {
  export interface Bzip2Module {
    compressBZ2(
      input: Uint8Array,
      blockSize100k: number,
      workFactor: number,
    ): { output: Uint8Array; error: number; errorMsg: string };
    _free(pointer: number): void;
    HEAPU8: Uint8Array;
  }
  /** Old Emscripten glue: the factory returns the module itself, made "thenable". */
  export interface ThenableBzip2Module extends Bzip2Module {
    then?: (onReady: (module: ThenableBzip2Module) => void) => void;
  }
  const factory: () => ThenableBzip2Module;
  export default factory;
}

declare module '*.wasm' {
  /** esbuild's 'binary' loader (scripts/build-server.ts) makes a .wasm import its bytes. */
  const bytes: Uint8Array;
  export default bytes;
}
