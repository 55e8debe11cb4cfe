// Child process of scripts/bench/archives.ts, run from an esbuild bundle: one format, measured alone.
// Usage: node archives-child.cjs <algo> <folder>  → prints one JSON line (seconds, bytes, peak RSS, stall).
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import { parseArchiveAlgo } from '../../src/archives/archive-formats';
import { createArchiveStream } from '../../src/archives/archive-stream';

export interface Measure {
  seconds: number;
  outputBytes: number;
  /** Peak resident set of the process doing the work, in MB. */
  peakRssMb: number;
  /** Longest event-loop stall seen while archiving (JS only), in ms. */
  maxStallMs?: number;
}

async function* walk(dir: string, prefix = ''): AsyncGenerator<ArchiveEntry> {
  const dirents = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  for (const dirent of dirents) {
    const relative = prefix + dirent.name;
    const full = path.join(dir, relative);
    const stats = await fs.promises.stat(full);
    yield {
      name: dirent.isDirectory() ? `${relative}/` : relative,
      isDir: dirent.isDirectory(),
      size: stats.size,
      mtime: stats.mtime,
      mode: stats.mode & 0o777,
      open: async () => fs.createReadStream(full),
    };
    if (dirent.isDirectory()) yield* walk(dir, `${relative}/`);
  }
}

/** Child-process side: one format, so that peak RSS belongs to that format alone. */
async function measureOne(algo: string, dir: string): Promise<Measure> {
  let outputBytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      outputBytes += chunk.length;
      callback();
    },
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  await pipeline(createArchiveStream(algo, walk(dir)), sink);
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  return {
    seconds,
    outputBytes,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    maxStallMs: loop.max / 1e6,
  };
}

async function main(): Promise<void> {
  const [algo = '', dir = ''] = process.argv.slice(2);
  console.log(JSON.stringify(await measureOne(parseArchiveAlgo(algo), dir)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
