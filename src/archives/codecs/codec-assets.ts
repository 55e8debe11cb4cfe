// The codec worker's bundle: its name beside the server's, its asset key in the executable.
import type { WorkerBundle } from '../../workers/worker-source';

export const codecWorkerBundle: WorkerBundle = {
  assetKey: 'archives/codec-worker.cjs',
  bundleName: 'archive-codec-worker.cjs',
  sourceName: 'codec-worker.ts',
};
