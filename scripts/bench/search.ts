// Benchmark: searching a 1,000,000-file tree from the index, beside `find -iname` and `find -printf` on the same tree,
// and the tree's total size (GET /api/size) from the index, beside the walk and `du -sb`.
// Usage: node --import tsx scripts/bench/search.ts [--runs 20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestServer } from '../../test/helpers/server';
import { startServer } from '../../test/helpers/server';
import { buildServer } from '../build-server';
import type { GoalRow } from './bench-server';
import { median, printTable, ratioAtMost, recordGoals, rssMb, timeCommand } from './bench-server';

const runsIndex = process.argv.indexOf('--runs');
const queryRuns = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 20;
const tops = 100;
const subs = 100;
const filesPerFolder = 100;
const fileCount = tops * subs * filesPerFolder;

const words = ['photo', 'report', 'invoice', 'notes', 'holiday', 'draft', 'scan', 'budget'];
const extensions = ['jpg', 'pdf', 'txt', 'md', 'png', 'mp3', 'csv', 'docx'];
/** Found in about 1 in 10, 1 in 1,000 and exactly one name; the last in none. */
const terms = ['holiday-2', 'zebra', 'report-0042-7731', 'nothing-matches-this'];

/** Same names every time: the tree is cached under the temp folder across runs. */
function fileName(top: number, sub: number, index: number): string {
  const serial = (top * subs + sub) * filesPerFolder + index;
  const word = words[serial % words.length] as string;
  const extension = extensions[(serial >> 3) % extensions.length] as string;
  const rare = serial % 1000 === 7 ? '-zebra' : '';
  return `${word}-${serial % 10}${rare}-${String(serial % 9973).padStart(4, '0')}-${serial}.${extension}`;
}

function makeTree(root: string): void {
  const done = `${root}.complete`;
  if (fs.existsSync(done)) return;
  fs.rmSync(root, { recursive: true, force: true });
  const started = performance.now();
  for (let top = 0; top < tops; top += 1) {
    const topFolder = path.join(root, `${words[top % words.length]}-${top}`);
    for (let sub = 0; sub < subs; sub += 1) {
      const folder = path.join(topFolder, `folder-${sub}`);
      fs.mkdirSync(folder, { recursive: true });
      // Empty files: only names matter, and an open+close is the cheapest way to make one.
      for (let index = 0; index < filesPerFolder; index += 1)
        fs.closeSync(fs.openSync(path.join(folder, fileName(top, sub, index)), 'w'));
    }
    process.stderr.write(`\rmaking the tree: ${top + 1}/${tops}`);
  }
  fs.writeFileSync(path.join(root, 'report-0042-7731-unique.txt'), '');
  fs.writeFileSync(done, '');
  process.stderr.write(
    `\rmade ${fileCount.toLocaleString()} files in ${Math.round(performance.now() - started)} ms\n`,
  );
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function startOn(tree: string, args: string[]): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-search-'));
  // The served folder is the cached tree; the database stays in the temp folder.
  fs.symlinkSync(tree, path.join(dir, 'root'));
  const server = await startServer({ dir, args });
  running.add(server);
  return server;
}

/** Servers still running: a failed run must not leave one serving the tree behind it. */
const running = new Set<TestServer>();
process.once('exit', () => {
  for (const server of running) server.process.kill('SIGKILL');
});

async function stop(server: TestServer): Promise<void> {
  running.delete(server);
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}

/** The JSON of the first log line holding `message`: the index logs its build and its size pass. */
async function waitForLog<T>(server: TestServer, message: string): Promise<T> {
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes(message));
    if (line) return JSON.parse(line.slice(line.indexOf('{'))) as T;
    if (server.output().includes('search index off')) throw new Error(server.output());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const waitForIndex = (server: TestServer) =>
  waitForLog<{ ms: number; entries: number; megabytes: number }>(server, 'search index ready');

// Kept between runs under drawer-fixtures/, apart from the per-run drawer-bench-* folders.
const tree = path.join(os.tmpdir(), 'drawer-fixtures', 'search-1m');
makeTree(tree);
const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-bundle-'));
process.env.DRAWER_TEST_BUNDLE = path.join(bundleDir, 'drawer.cjs');
await buildServer(process.env.DRAWER_TEST_BUNDLE);

// Warm the page cache first, so find and Drawer read the same cached directories.
timeCommand('find', [tree, '-printf', '']);
const findPrintf = timeCommand('find', [tree, '-printf', '%P\\n']) ?? NaN;
const findIname = new Map(
  terms.map((term) => [term, timeCommand('find', [tree, '-iname', `*${term}*`]) ?? NaN]),
);
const duMs = timeCommand('du', ['-sb', tree]) ?? NaN;

const idle = await startOn(tree, ['--disable-search-index']);
await new Promise((resolve) => setTimeout(resolve, 1000));
const idleRss = rssMb(idle.process.pid);
const walkStarted = performance.now();
const walked = await idle.request('GET', `/api/search/?query=${terms[1]}`, {
  token: await idle.adminToken(),
});
const walkMs = performance.now() - walkStarted;
const sizeWalkStarted = performance.now();
const sizeWalked = await idle.request('GET', '/api/size/', { token: await idle.adminToken() });
const sizeWalkMs = performance.now() - sizeWalkStarted;
if (sizeWalked.headers['x-size-from'] !== 'walk') throw new Error('the size was not walked');
await stop(idle);

const server = await startOn(tree, []);
const rssAtStart = rssMb(server.process.pid);
const built = await waitForIndex(server);
const readyRss = rssMb(server.process.pid);
const token = await server.adminToken();
const rows: (string | number)[][] = [
  ['what', 'p50 ms', 'p95 ms', 'results', 'baseline ms', 'ratio'],
];
const goals: GoalRow[] = [];
for (const term of terms) {
  const times: number[] = [];
  let results = 0;
  for (let run = 0; run < queryRuns; run += 1) {
    const started = performance.now();
    const response = await server.request('GET', `/api/search/?query=${encodeURIComponent(term)}`, {
      token,
    });
    times.push(performance.now() - started);
    if (response.headers['x-search-index'] !== 'ready')
      throw new Error('not answered from the index');
    results = response.text.split('\n').length - 1;
  }
  const baseline = findIname.get(term) ?? NaN;
  goals.push({
    work: `search "${term}" (${results.toLocaleString()} results), p50`,
    figure: `${median(times).toFixed(1)} ms`,
    goal: '≤ 30 ms',
    met: median(times) <= 30,
  });
  rows.push([
    `search "${term}" (find -iname)`,
    median(times).toFixed(1),
    percentile(times, 0.95).toFixed(1),
    results,
    baseline.toFixed(0),
    (median(times) / baseline).toFixed(3),
  ]);
}
// The tree's total from the index, once the background pass has read every file's size.
const sized = await waitForLog<{ ms: number }>(server, 'search index: file sizes read');
const sizeTimes: number[] = [];
for (let run = 0; run < queryRuns; run += 1) {
  const started = performance.now();
  const response = await server.request('GET', '/api/size/', { token });
  sizeTimes.push(performance.now() - started);
  if (response.headers['x-size-from'] !== 'index') throw new Error('the size was not indexed');
  if (response.text !== sizeWalked.text) throw new Error(`${response.text} ≠ ${sizeWalked.text}`);
}
const sizedRss = rssMb(server.process.pid);
goals.push({
  work: `folder total of ${fileCount.toLocaleString()} files from the index, p50`,
  figure: `${median(sizeTimes).toFixed(1)} ms`,
  goal: '≤ 100 ms',
  met: median(sizeTimes) <= 100,
});
const queriedRss = rssMb(server.process.pid);
// Whether V8 gives back the heap the build's garbage took after a while of quiet.
await new Promise((resolve) => setTimeout(resolve, 10_000));
const settledRss = rssMb(server.process.pid);
await stop(server);
fs.rmSync(bundleDir, { recursive: true, force: true });

console.log(
  `Search over ${fileCount.toLocaleString()} files in ${tops * subs + tops} folders (warm page cache):`,
);
printTable([
  ...rows,
  [
    'index build (find -printf %P)',
    built.ms,
    '',
    built.entries,
    findPrintf.toFixed(0),
    (built.ms / findPrintf).toFixed(2),
  ],
  [
    `search "${terms[1]}" by walking (index off)`,
    walkMs.toFixed(0),
    '',
    walked.text.split('\n').length - 1,
    '',
    '',
  ],
  [
    'total size of the tree, index (du -sb)',
    median(sizeTimes).toFixed(1),
    percentile(sizeTimes, 0.95).toFixed(1),
    '',
    duMs.toFixed(0),
    (median(sizeTimes) / duMs).toFixed(3),
  ],
  ['total size by walking (index off)', sizeWalkMs.toFixed(0), '', '', '', ''],
  ['file sizes read after the build (background)', sized.ms, '', '', '', ''],
]);
printTable([
  ['memory', 'MB'],
  ['RSS idle, index off', idleRss.toFixed(0)],
  ['RSS at listen, index on', rssAtStart.toFixed(0)],
  ['RSS when the index is ready', readyRss.toFixed(0)],
  ['RSS when the sizes are read', sizedRss.toFixed(0)],
  ['RSS over idle, index ready', (readyRss - idleRss).toFixed(0)],
  [`RSS after the ${terms.length * queryRuns} queries`, queriedRss.toFixed(0)],
  ['RSS 10 s later', settledRss.toFixed(0)],
  ['index arrays and strings (its own count)', built.megabytes],
]);
recordGoals([
  ...goals,
  ratioAtMost('search index build vs find -printf', built.ms / findPrintf, 1.5),
  {
    work: 'search index memory (its arrays and strings)',
    figure: `${built.megabytes} MB`,
    goal: '≤ 128 MB',
    met: built.megabytes <= 128,
  },
]);
