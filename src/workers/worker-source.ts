// Where a worker thread's code comes from: the executable, the bundle's folder, or the TypeScript source.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sea from 'node:sea';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerSource {
  /** Code to run with `eval: true`, or a file to start. */
  source: string;
  isFile: boolean;
}

export interface WorkerBundle {
  /** The asset scripts/package-sea.ts embeds it as. */
  assetKey: string;
  /** The bundle scripts/build-server.ts writes beside the server's. */
  bundleName: string;
  /** The entry's file name beside the caller's source (tsx). */
  sourceName: string;
}

/** require.resolve would give tsx's CommonJS build, which cannot register in a worker. */
function tsxEsmApi(callerUrl: string): string {
  const manifest = createRequire(callerUrl).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } } | undefined>;
  };
  const entry = exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx has no ESM API to run a worker from source');
  return path.join(path.dirname(manifest), entry);
}

/**
 * In an executable the worker is an embedded asset (its `require` loads built-in modules only).
 * In the bundle, `callerUrl` (the caller's `import.meta.url`) is the bundle's own file
 * (scripts/build-server.ts defines it so), and the worker bundle lies beside it. Under tsx
 * (tests, development) it is the caller's source file: Node 20 does not run tsx's loader in a
 * worker started on a .ts file, so the worker registers it itself, then imports the source.
 */
export function workerSource(bundle: WorkerBundle, callerUrl: string): WorkerSource {
  if (sea.isSea()) return { source: sea.getAsset(bundle.assetKey, 'utf8'), isFile: false };
  const folder = path.dirname(fileURLToPath(callerUrl));
  const built = path.join(folder, bundle.bundleName);
  if (fs.existsSync(built)) return { source: built, isFile: true };
  const tsx = JSON.stringify(pathToFileURL(tsxEsmApi(callerUrl)).href);
  const entry = JSON.stringify(pathToFileURL(path.join(folder, bundle.sourceName)).href);
  return {
    source: `import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`,
    isFile: false,
  };
}
