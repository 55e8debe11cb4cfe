// Entry of the bundle built by test/unit/archive-bundle.test.ts: `node bundle.cjs <folder> <out-dir> <algo>...`.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { archiveFormat, parseArchiveAlgo } from '../../src/archives/archive-formats';
import { createArchiveStream } from '../../src/archives/archive-stream';
import { walkEntries } from './archive-tools';

async function main(): Promise<void> {
  const [folder = '', outDir = '', ...algos] = process.argv.slice(2);
  for (const value of algos) {
    const algo = parseArchiveAlgo(value);
    const file = path.join(outDir, `archive${archiveFormat(algo).extension}`);
    await pipeline(createArchiveStream(algo, walkEntries(folder)), fs.createWriteStream(file));
  }
  // The codecs' glue must leave the process-wide crash handlers as it found them (none).
  const handlers = {
    unhandledRejection: process.listenerCount('unhandledRejection'),
    uncaughtException: process.listenerCount('uncaughtException'),
  };
  console.log(JSON.stringify(handlers));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
