// Benchmark: listing a folder of 100,000 files through the API, beside `find`, `ls -l` and (when
// installed) nginx's JSON autoindex on the same folder: total time, time to the first byte, and the
// server's memory (idle, and the peak while listing, repeated).
// Usage: npm run build && node --import tsx scripts/bench/listing.ts [--files 100000]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  median,
  peakRssMb,
  printTable,
  ratioAtMost,
  recordGoals,
  rssMb,
  startBenchServer,
  timeCommand,
} from './bench-server';
import { startNginx } from './nginx';

const countIndex = process.argv.indexOf('--files');
const files = countIndex > 0 ? Number(process.argv[countIndex + 1]) : 100_000;
const runs = 5;

interface Timed {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  body: string;
}

/** One GET, timed to its first body byte and to its end. */
function timedGet(url: string, headers: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    const chunks: Buffer[] = [];
    http
      .get(url, { headers }, (response) => {
        response.on('data', (chunk: Buffer) => {
          if (firstByteMs === 0) firstByteMs = performance.now() - started;
          chunks.push(chunk);
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            firstByteMs,
            totalMs: performance.now() - started,
            bytes: body.length,
            body: body.toString('utf8'),
          });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The cold first page again once the search index has read every size (the pages above may share
 * the machine with its build), for the admin (user 1) without and with the folderSizes preference:
 * with it, the folders' totals come from one traversal of the index (docs/SEARCH.md, "Folder
 * sizes"). Each save of the preference is a new revision of the user, so the page after it is
 * cold (the listing cache's key, src/files/listing-cache.ts) without a change on the disk that the
 * index would have to read first. The preference is off again after.
 */
async function coldPagesWithFolderSizes(
  url: string,
  token: string,
  page: () => Promise<Timed>,
): Promise<{ off: Timed[]; on: Timed[] }> {
  const setFolderSizes = async (on: boolean) => {
    const body = { what: 'user', which: ['folderSizes'], data: { id: 1, folderSizes: on } };
    const response = await fetch(`${url}/api/users/1`, {
      method: 'PUT',
      headers: { 'X-Auth': token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`folderSizes ${on}: ${response.status}`);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const size = await fetch(`${url}/api/size/many/`, { headers: { 'X-Auth': token } });
    if (size.headers.get('x-size-from') === 'index') break;
    if (Date.now() > deadline) throw new Error('the index never read the sizes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A cold page by name keeps its listing slot until every row's stats are read, after the
  // response (docs/LISTINGS.md): back to back, the fifth would be refused, so a refused one waits.
  const untilServed = async (): Promise<Timed> => {
    for (;;) {
      const served = await page();
      if (!served.body.includes('"server.busy"')) return served;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const off: Timed[] = [];
  const on: Timed[] = [];
  // Turns taken in each run, so that a busy moment of the machine falls on both alike.
  for (let run = 0; run < runs; run += 1) {
    await setFolderSizes(false);
    off.push(await untilServed());
    await setFolderSizes(true);
    on.push(await untilServed());
  }
  await setFolderSizes(false);
  if (!on[0]?.body.includes('"sizeIsTotal":true')) throw new Error('no folder totals');
  if (off[0]?.body.includes('sizeIsTotal')) throw new Error('totals without the preference');
  return { off, on };
}

const server = await startBenchServer(
  (root) => {
    const folder = path.join(root, 'many');
    fs.mkdirSync(folder);
    for (let index = 0; index < files; index += 1)
      fs.writeFileSync(path.join(folder, `file-${index}.txt`), 'x');
    for (let index = 0; index < 100; index += 1) fs.mkdirSync(path.join(folder, `folder-${index}`));
  },
  ['--log', 'stdout'],
);

/** Resolves once the server has logged `message` (its search index's passes). */
async function loggedSoon(message: string): Promise<void> {
  while (!server.output().includes(message))
    await new Promise((resolve) => setTimeout(resolve, 100));
}

try {
  const token = await server.adminToken();
  // Idle is the server at rest: its search index built, watched and sized (their memory is the
  // index's, measured by search.ts); the peak is then counted from there (VmHWM reset).
  await loggedSoon('search index: file sizes read');
  await loggedSoon('search index: folders watched');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = rssMb(server.process.pid);
  fs.writeFileSync(`/proc/${server.process.pid}/clear_refs`, '5');
  const api: Timed[] = [];
  let items = 0;
  for (let run = 0; run < runs; run += 1) {
    const result = await timedGet(`${server.url}/api/resources/many/`, { 'X-Auth': token });
    api.push(result);
    items = (JSON.parse(result.body) as { items?: unknown[] }).items?.length ?? 0;
  }
  const peak = peakRssMb(server.process.pid);
  const folder = path.join(server.root, 'many');
  // The paged form's first page: cold (touching the folder changes the key of its cached listing,
  // src/files/listing-cache.ts), then the same page and one from the middle from the cache.
  const pageUrl = (offset: number) =>
    `${server.url}/api/resources/many/?offset=${offset}&limit=200`;
  const coldPages: Timed[] = [];
  const cachedPages: Timed[] = [];
  const middlePages: Timed[] = [];
  for (let run = 0; run < runs; run += 1) {
    const now = new Date();
    fs.utimesSync(folder, now, now);
    coldPages.push(await timedGet(pageUrl(0), { 'X-Auth': token }));
    cachedPages.push(await timedGet(pageUrl(0), { 'X-Auth': token }));
    middlePages.push(await timedGet(pageUrl(50_000), { 'X-Auth': token }));
  }
  const totalledPages = await coldPagesWithFolderSizes(server.url, token, () =>
    timedGet(pageUrl(0), { 'X-Auth': token }),
  );
  const pageTotal = (body: string) => (JSON.parse(body) as { total?: number }).total ?? 0;
  const findTimes = Array.from(
    { length: runs },
    () => timeCommand('find', [folder, '-maxdepth', '1', '-printf', '%s %T@ %y %p\\n']) ?? NaN,
  );
  const lsTimes = Array.from(
    { length: runs },
    () => timeCommand('ls', ['-l', '--time-style=full-iso', folder]) ?? NaN,
  );
  const nginx = await startNginx(server.root, 'autoindex on; autoindex_format json;');
  const nginxTimes: Timed[] = [];
  if (nginx) {
    for (let run = 0; run < runs; run += 1) nginxTimes.push(await timedGet(`${nginx.url}/many/`));
    await nginx.stop();
  }
  const ls = median(lsTimes);
  const ms = (value: number) => value.toFixed(0);
  const ratio = (value: number) => `${(value / ls).toFixed(2)}×`;
  console.log(
    `Listing ${files.toLocaleString()} files + 100 folders (median of ${runs}, warm page cache):`,
  );
  const apiTotal = median(api.map((run) => run.totalMs));
  const rows: (string | number)[][] = [
    ['what', 'total ms', 'first byte ms', 'vs ls -l', 'entries', 'MB'],
    [
      'GET /api/resources/many/',
      ms(apiTotal),
      ms(median(api.map((run) => run.firstByteMs))),
      ratio(apiTotal),
      items,
      ((api[0]?.bytes ?? 0) / 1e6).toFixed(1),
    ],
    ...(
      [
        ['first page (200), cold', coldPages],
        ['first page (200), cached', cachedPages],
        ['page at 50,000, cached', middlePages],
        ['first page (200), cold, index ready', totalledPages.off],
        ['first page (200), cold, index ready, folder sizes on', totalledPages.on],
      ] satisfies [string, Timed[]][]
    ).map(([label, timings]) => {
      const total = median(timings.map((run) => run.totalMs));
      return [
        `GET …/many/?offset&limit: ${label}`,
        ms(total),
        ms(median(timings.map((run) => run.firstByteMs))),
        ratio(total),
        pageTotal(timings[0]?.body ?? '{}'),
        ((timings[0]?.bytes ?? 0) / 1e6).toFixed(3),
      ];
    }),
    [
      'find -maxdepth 1 -printf',
      ms(median(findTimes)),
      '',
      ratio(median(findTimes)),
      files + 100,
      '',
    ],
    ['ls -l', ms(ls), '', '1.00×', files + 100, ''],
  ];
  if (nginxTimes.length > 0) {
    const total = median(nginxTimes.map((run) => run.totalMs));
    rows.push([
      'nginx JSON autoindex',
      ms(total),
      ms(median(nginxTimes.map((run) => run.firstByteMs))),
      ratio(total),
      files + 100,
      ((nginxTimes[0]?.bytes ?? 0) / 1e6).toFixed(1),
    ]);
  }
  printTable(rows);
  console.log(
    `server RSS: idle ${idle.toFixed(0)} MB, peak over ${runs} listings ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
  );
  const firstByte = median(api.map((run) => run.firstByteMs));
  const coldPage = median(coldPages.map((run) => run.totalMs));
  recordGoals([
    ratioAtMost(`listing of ${files.toLocaleString()} entries vs ls -l`, apiTotal / ls, 1.5),
    {
      work: 'listing: first byte',
      figure: `${ms(firstByte)} ms`,
      goal: '≤ 50 ms',
      met: firstByte <= 50,
    },
    {
      work: `listing: peak RSS above idle over ${runs} listings`,
      figure: `+${(peak - idle).toFixed(0)} MB`,
      goal: '≤ 64 MB',
      met: peak - idle <= 64,
    },
    {
      work: 'paged listing: first page, cold',
      figure: `${ms(coldPage)} ms`,
      goal: '≤ 200 ms',
      met: coldPage <= 200,
    },
  ]);
} finally {
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
