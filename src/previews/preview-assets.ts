// Where the preview worker's code and ImageMagick's WebAssembly come from: the executable, or the build.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sea from 'node:sea';

/** Asset keys scripts/package-sea.ts embeds; the worker is its own bundle (build/preview-worker.cjs). */
export const workerAssetKey = 'previews/worker.cjs';
export const wasmAssetKey = 'previews/magick.wasm';
export const workerBundleName = 'preview-worker.cjs';
/** The 32-bit build: Node 20 runs no 64-bit WebAssembly memory without a flag. */
export const wasmPackagePath = '@imagemagick/magick-wasm/magick.wasm';

export interface WorkerCode {
  /** Code to run with `eval: true` (in an executable), or a file to start. */
  source: string;
  isFile: boolean;
}

/**
 * In an executable both are embedded assets (its `require` loads built-in modules only); from the
 * bundle, the worker bundle lies beside it and the module in node_modules. `bundleFolder` is the
 * folder of the running script (build/ for build/drawer.cjs).
 */
export function previewWorkerCode(bundleFolder: string): WorkerCode | undefined {
  if (sea.isSea()) return { source: sea.getAsset(workerAssetKey, 'utf8'), isFile: false };
  for (const folder of [bundleFolder, path.resolve(bundleFolder, '..', 'build')]) {
    const file = path.join(folder, workerBundleName);
    if (fs.existsSync(file)) return { source: file, isFile: true };
  }
  return undefined;
}

/** Compiled off the event loop, once, when the first preview is asked for. */
export async function compileImageMagick(bundleFolder: string): Promise<WebAssembly.Module> {
  if (sea.isSea()) return WebAssembly.compile(sea.getRawAsset(wasmAssetKey) as ArrayBuffer);
  // The bundle's folder has node_modules above it in a checkout; a benchmark's bundle in a temp
  // folder finds the package from the working folder instead.
  const resolveFrom = (folder: string) => {
    try {
      return createRequire(path.join(folder, 'index.js')).resolve(wasmPackagePath);
    } catch {
      return undefined;
    }
  };
  const file = resolveFrom(bundleFolder) ?? resolveFrom(process.cwd());
  if (!file) throw new Error(`${wasmPackagePath} was not found from ${bundleFolder}`);
  return WebAssembly.compile(await fs.promises.readFile(file));
}
