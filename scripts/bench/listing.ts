// Benchmark: listing a folder of 100,000 files through the API, beside `find` and `ls -l` on the same folder.
// Usage: node --import tsx scripts/bench/listing.ts [--files 100000]
import fs from 'node:fs';
import path from 'node:path';
import { median, printTable, rssMb, startBenchServer, timeCommand } from './bench-server';

const countIndex = process.argv.indexOf('--files');
const files = countIndex > 0 ? Number(process.argv[countIndex + 1]) : 100_000;
const runs = 5;

const server = await startBenchServer((root) => {
  const folder = path.join(root, 'many');
  fs.mkdirSync(folder);
  for (let index = 0; index < files; index += 1)
    fs.writeFileSync(path.join(folder, `file-${index}.txt`), 'x');
  for (let index = 0; index < 100; index += 1) fs.mkdirSync(path.join(folder, `folder-${index}`));
});
try {
  const token = await server.adminToken();
  const apiTimes: number[] = [];
  let items = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await server.request('GET', '/api/resources/many/', { token });
    apiTimes.push(performance.now() - started);
    items = (response.json<{ items: unknown[] }>().items ?? []).length;
  }
  const folder = path.join(server.root, 'many');
  const findTimes = Array.from(
    { length: runs },
    () => timeCommand('find', [folder, '-maxdepth', '1', '-printf', '%s %T@ %y %p\\n']) ?? NaN,
  );
  const lsTimes = Array.from(
    { length: runs },
    () => timeCommand('ls', ['-l', '--time-style=full-iso', folder]) ?? NaN,
  );
  console.log(
    `Listing ${files.toLocaleString()} files + 100 folders (median of ${runs}, warm page cache):`,
  );
  printTable([
    ['what', 'median ms', 'entries'],
    ['GET /api/resources/many/ (stat, type, sort, JSON)', median(apiTimes).toFixed(0), items],
    ['find -maxdepth 1 -printf (stat each entry)', median(findTimes).toFixed(0), files + 100],
    ['ls -l (stat each entry, sort)', median(lsTimes).toFixed(0), files + 100],
  ]);
  console.log(`server RSS after listing: ${rssMb(server.process.pid).toFixed(0)} MB`);
} finally {
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
