// Benchmark: uploads into Drawer (tus and POST /api/resources) beside a bare node:http sink on the same disk.
// Usage: node --import tsx scripts/bench/uploads.ts [--size-mb 1024] [--files 2000] [--clients 8] [--runs 3]
// Each run starts a fresh sink and a fresh Drawer, so the first batch after a start is measured too.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { median, printTable, rssMb, startBenchServer } from './bench-server';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const sizeMb = option('--size-mb', 1024);
const files = option('--files', 2000);
const clients = option('--clients', 8);
const runs = option('--runs', 3);
const chunkBytes = 10 * 1024 * 1024;
const smallBytes = 4 * 1024;
const totalBytes = sizeMb * 1024 * 1024;
const sinkScript = path.join(import.meta.dirname, 'upload-sink.ts');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** One request over a kept-alive connection; a status other than `expected` fails the run. */
function send(
  agent: http.Agent,
  origin: URL,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  expected: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method,
        path: url,
        headers: { ...headers, 'Content-Length': String(body?.length ?? 0) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === expected)
            resolve({ status: response.statusCode, headers: response.headers });
          else reject(new Error(`${method} ${url}: ${response.statusCode}, not ${expected}`));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** How an upload target takes one file: whole, or as tus creation then PATCHes. */
interface Target {
  origin: URL;
  /** Sends `chunks` one after another as one file named `name`. */
  file(
    agent: http.Agent,
    name: string,
    length: number,
    chunks: () => Iterable<Buffer>,
  ): Promise<void>;
}

function sinkTarget(origin: URL): Target {
  return {
    origin,
    async file(agent, name, _length, chunks) {
      let offset = 0;
      for (const chunk of chunks()) {
        await send(agent, origin, 'PUT', `/${name}?offset=${offset}`, {}, chunk, 204);
        offset += chunk.length;
      }
    },
  };
}

const tusBase = { 'Tus-Resumable': '1.0.0' };

function tusTarget(origin: URL, token: string, folder: string): Target {
  return {
    origin,
    async file(agent, name, length, chunks) {
      const auth = { ...tusBase, 'X-Auth': token };
      const created = await send(
        agent,
        origin,
        'POST',
        `/api/tus/${folder}/${name}?override=false`,
        { ...auth, 'Upload-Length': String(length) },
        undefined,
        201,
      );
      const location = String(created.headers.location);
      let offset = 0;
      for (const chunk of chunks()) {
        const headers = {
          ...auth,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        };
        await send(agent, origin, 'PATCH', location, headers, chunk, 204);
        offset += chunk.length;
      }
    },
  };
}

function postTarget(origin: URL, token: string, folder: string): Target {
  return {
    origin,
    async file(agent, name, _length, chunks) {
      const [body] = [...chunks()];
      const headers = { 'X-Auth': token, 'Content-Type': 'application/octet-stream' };
      await send(
        agent,
        origin,
        'POST',
        `/api/resources/${folder}/${name}?override=false`,
        headers,
        body,
        200,
      );
    },
  };
}

/** 1 GiB in 10 MiB chunks, one after another, as tus-js-client sends a large file. */
async function bigUpload(target: Target, name: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const block = crypto.randomBytes(chunkBytes);
  const chunks = function* () {
    for (let offset = 0; offset < totalBytes; offset += chunkBytes) {
      block.writeUInt32BE(offset / chunkBytes, 0); // each chunk differs, so a misplaced one shows
      yield block.subarray(0, Math.min(chunkBytes, totalBytes - offset));
    }
  };
  const started = performance.now();
  await target.file(agent, name, totalBytes, chunks);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return totalBytes / 1024 / 1024 / seconds;
}

/** `files` files of 4 KiB from `clients` parallel clients, each on its own connection. */
async function smallUploads(target: Target, prefix: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const body = crypto.randomBytes(smallBytes);
  let next = 0;
  const client = async () => {
    for (let index = next++; index < files; index = next++)
      await target.file(agent, `${prefix}-${index}.bin`, smallBytes, () => [body]);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return files / seconds;
}

function fileSizeOrZero(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

/** Dirty pages of the previous step would be written back during the next one: flush them first. */
function settleDisk(): void {
  spawnSync('sync');
}

async function startSink(
  folder: string,
  sync: boolean,
): Promise<{ child: ChildProcess; url: URL }> {
  fs.mkdirSync(folder, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', sinkScript, folder, ...(sync ? ['--sync'] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /port (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sink exited with ${code}`)));
  });
  return { child, url: new URL(`http://127.0.0.1:${port}`) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Peak VmRSS of a process while `work` runs, sampled every 10 ms, in MB. */
async function peakRssDuring<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<[T, number]> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    const result = await work();
    return [result, Math.max(peak, rssMb(pid))];
  } finally {
    clearInterval(timer);
  }
}

interface RunFigures {
  sinkBig: number;
  sinkSyncBig: number;
  sinkSmall: number;
  sinkSyncSmall: number;
  tusBig: number;
  tusBigRss: number;
  idleRss: number;
  postSmall: number;
  tusSmall: number;
}

async function sinkRun(folder: string, sync: boolean): Promise<{ big: number; small: number }> {
  const sink = await startSink(folder, sync);
  try {
    const target = sinkTarget(sink.url);
    settleDisk();
    const big = await bigUpload(target, 'big.bin');
    if (fileSizeOrZero(path.join(folder, 'big.bin')) !== totalBytes)
      throw new Error('the sink did not write the whole file');
    fs.rmSync(path.join(folder, 'big.bin'));
    settleDisk();
    const small = await smallUploads(target, 'small');
    return { big, small };
  } finally {
    await stopChild(sink.child);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function oneRun(scratch: string): Promise<RunFigures> {
  const plain = await sinkRun(path.join(scratch, 'sink'), false);
  const synced = await sinkRun(path.join(scratch, 'sink-sync'), true);
  const server = await startBenchServer((root) => {
    for (const folder of ['big', 'small-post', 'small-tus']) fs.mkdirSync(path.join(root, folder));
  });
  try {
    const token = await server.adminToken();
    const pid = server.process.pid;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRss = rssMb(pid);
    settleDisk();
    const [tusBig, peak] = await peakRssDuring(pid, () =>
      bigUpload(tusTarget(new URL(server.url), token, 'big'), 'big.bin'),
    );
    if (fileSizeOrZero(path.join(server.root, 'big', 'big.bin')) !== totalBytes)
      throw new Error('Drawer did not put the whole file in place');
    fs.rmSync(path.join(server.root, 'big', 'big.bin'));
    settleDisk();
    const postSmall = await smallUploads(
      postTarget(new URL(server.url), token, 'small-post'),
      'post',
    );
    settleDisk();
    const tusSmall = await smallUploads(tusTarget(new URL(server.url), token, 'small-tus'), 'tus');
    for (const folder of ['small-post', 'small-tus'])
      if (fs.readdirSync(path.join(server.root, folder)).length !== files)
        throw new Error(`Drawer's ${folder} does not hold ${files} files`);
    return {
      sinkBig: plain.big,
      sinkSyncBig: synced.big,
      sinkSmall: plain.small,
      sinkSyncSmall: synced.small,
      tusBig,
      tusBigRss: peak - idleRss,
      idleRss,
      postSmall,
      tusSmall,
    };
  } finally {
    await server.stop();
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-uploads-'));
const results: RunFigures[] = [];
try {
  for (let run = 0; run < runs; run += 1) results.push(await oneRun(scratch));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

const mid = (pick: (figures: RunFigures) => number) => median(results.map(pick));
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
const sinkBig = mid((r) => r.sinkBig);
const sinkSmall = mid((r) => r.sinkSmall);
const load = os.loadavg()[0]?.toFixed(2);
console.log(
  `Uploads over loopback, median of ${runs} runs (fresh servers each run; load average ${load} on ${os.cpus().length} cores):`,
);
printTable([
  ['what', 'rate', 'vs sink', 'vs sink+fdatasync', 'peak RSS above idle'],
  [`sink, ${sizeMb} MiB in 10 MiB PUTs`, `${sinkBig.toFixed(0)} MiB/s`, '1.00×', '', ''],
  [
    'sink + fdatasync per body, same',
    `${mid((r) => r.sinkSyncBig).toFixed(0)} MiB/s`,
    ratio(
      mid((r) => r.sinkSyncBig),
      sinkBig,
    ),
    '1.00×',
    '',
  ],
  [
    `Drawer tus, ${sizeMb} MiB in 10 MiB PATCHes`,
    `${mid((r) => r.tusBig).toFixed(0)} MiB/s`,
    ratio(
      mid((r) => r.tusBig),
      sinkBig,
    ),
    ratio(
      mid((r) => r.tusBig),
      mid((r) => r.sinkSyncBig),
    ),
    `${mid((r) => r.tusBigRss).toFixed(1)} MB (idle ${mid((r) => r.idleRss).toFixed(0)} MB)`,
  ],
  [
    `sink, ${files} × 4 KiB, ${clients} clients`,
    `${sinkSmall.toFixed(0)} files/s`,
    '1.00×',
    '',
    '',
  ],
  [
    'sink + fdatasync per body, same',
    `${mid((r) => r.sinkSyncSmall).toFixed(0)} files/s`,
    ratio(
      mid((r) => r.sinkSyncSmall),
      sinkSmall,
    ),
    '1.00×',
    '',
  ],
  [
    'Drawer POST /api/resources, same',
    `${mid((r) => r.postSmall).toFixed(0)} files/s`,
    ratio(
      mid((r) => r.postSmall),
      sinkSmall,
    ),
    ratio(
      mid((r) => r.postSmall),
      mid((r) => r.sinkSyncSmall),
    ),
    '',
  ],
  [
    'Drawer tus (POST + PATCH), same',
    `${mid((r) => r.tusSmall).toFixed(0)} files/s`,
    ratio(
      mid((r) => r.tusSmall),
      sinkSmall,
    ),
    ratio(
      mid((r) => r.tusSmall),
      mid((r) => r.sinkSyncSmall),
    ),
    '',
  ],
]);
console.log(
  `per run: ${results
    .map(
      (r) =>
        `tus ${r.tusBig.toFixed(0)} MiB/s ${r.tusBigRss.toFixed(1)} MB, post ${r.postSmall.toFixed(0)}/s, tus ${r.tusSmall.toFixed(0)}/s`,
    )
    .join('; ')}`,
);
