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
import { median, printTable, recordGoals, rssMb, startBenchServer } from './bench-server';

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

interface Sink {
  child: ChildProcess;
  url: URL;
  folder: string;
}

async function startSink(folder: string, sync: boolean): Promise<Sink> {
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
  return { child, url: new URL(`http://127.0.0.1:${port}`), folder };
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
  sinkBigRss: number;
  sinkSyncBig: number;
  tusBig: number;
  tusBigRss: number;
  idleRss: number;
  sinkSmall: number;
  sinkSyncSmall: number;
  postSmall: number;
  tusSmall: number;
}

/** The 1 GiB upload into a sink, checked to have arrived whole, then removed. */
async function sinkBig(sink: Sink): Promise<[number, number]> {
  settleDisk();
  const idle = rssMb(sink.child.pid);
  const [rate, peak] = await peakRssDuring(sink.child.pid, () =>
    bigUpload(sinkTarget(sink.url), 'big.bin'),
  );
  const file = path.join(sink.folder, 'big.bin');
  if (fileSizeOrZero(file) !== totalBytes) throw new Error('the sink did not write the whole file');
  fs.rmSync(file);
  return [rate, peak - idle];
}

/**
 * One run: both sinks and a fresh Drawer are started first, then each workload goes to all of
 * them back to back, so the ratios compare moments close together on a shared machine.
 */
async function oneRun(scratch: string): Promise<RunFigures> {
  const plain = await startSink(path.join(scratch, 'sink'), false);
  const synced = await startSink(path.join(scratch, 'sink-sync'), true);
  const server = await startBenchServer((root) => {
    for (const folder of ['big', 'small-post', 'small-tus']) fs.mkdirSync(path.join(root, folder));
  });
  try {
    const token = await server.adminToken();
    const pid = server.process.pid;
    const origin = new URL(server.url);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const [sinkBigRate, sinkBigRss] = await sinkBig(plain);
    const [sinkSyncBig] = await sinkBig(synced);
    settleDisk();
    const idleRss = rssMb(pid);
    const [tusBig, peak] = await peakRssDuring(pid, () =>
      bigUpload(tusTarget(origin, token, 'big'), 'big.bin'),
    );
    if (fileSizeOrZero(path.join(server.root, 'big', 'big.bin')) !== totalBytes)
      throw new Error('Drawer did not put the whole file in place');
    fs.rmSync(path.join(server.root, 'big', 'big.bin'));

    // Whoever creates files first after a pause pays more in the filesystem (ext4's inode
    // allocation): each target goes twice, in one order and then the other, and its two
    // batches count together. Drawer's first batch after its start is still in there.
    const small = {
      sink: (round: number) => smallUploads(sinkTarget(plain.url), `small-${round}`),
      sinkSync: (round: number) => smallUploads(sinkTarget(synced.url), `small-${round}`),
      post: (round: number) =>
        smallUploads(postTarget(origin, token, 'small-post'), `post-${round}`),
      tus: (round: number) => smallUploads(tusTarget(origin, token, 'small-tus'), `tus-${round}`),
    };
    const seconds = { sink: 0, sinkSync: 0, post: 0, tus: 0 };
    const order = Object.keys(small) as (keyof typeof small)[];
    for (const [round, keys] of [order, [...order].reverse()].entries())
      for (const key of keys) {
        settleDisk();
        seconds[key] += files / (await small[key](round));
      }
    const rateOf = (key: keyof typeof small) => (2 * files) / seconds[key];
    for (const folder of ['small-post', 'small-tus']) {
      const held = fs.readdirSync(path.join(server.root, folder)).length;
      if (held !== 2 * files)
        throw new Error(`Drawer's ${folder} holds ${held} files, not ${2 * files}`);
    }
    return {
      sinkBig: sinkBigRate,
      sinkBigRss,
      sinkSyncBig,
      tusBig,
      tusBigRss: peak - idleRss,
      idleRss,
      sinkSmall: rateOf('sink'),
      sinkSyncSmall: rateOf('sinkSync'),
      postSmall: rateOf('post'),
      tusSmall: rateOf('tus'),
    };
  } finally {
    await server.stop();
    fs.rmSync(server.dir, { recursive: true, force: true });
    for (const sink of [plain, synced]) {
      await stopChild(sink.child);
      fs.rmSync(sink.folder, { recursive: true, force: true });
    }
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-uploads-'));
const results: RunFigures[] = [];
try {
  for (let run = 0; run < runs; run += 1) results.push(await oneRun(scratch));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

type Figure = Exclude<keyof RunFigures, 'idleRss'>;
const mid = (figure: Figure) => median(results.map((run) => run[figure]));
/** The median of the runs' own ratios: each compares figures measured minutes apart at most. */
const ratio = (figure: Figure, base: Figure) =>
  `${median(results.map((run) => run[figure] / run[base])).toFixed(2)}×`;
const mibs = (figure: Figure) => `${mid(figure).toFixed(0)} MiB/s`;
const perSecond = (figure: Figure) => `${mid(figure).toFixed(0)} files/s`;
const rss = (figure: Figure) => `${mid(figure).toFixed(1)} MB`;
const load = os.loadavg().map((value) => value.toFixed(1));
console.log(
  `Uploads over loopback, median of ${runs} runs (load average ${load.join(' ')} on ${os.cpus().length} cores at the end):`,
);
printTable([
  ['what', 'rate', 'vs sink', 'vs sink+fsync', 'peak RSS above idle'],
  [`sink, ${sizeMb} MiB in 10 MiB PUTs`, mibs('sinkBig'), '1.00×', '', rss('sinkBigRss')],
  [
    'sink + fsync per body, same',
    mibs('sinkSyncBig'),
    ratio('sinkSyncBig', 'sinkBig'),
    '1.00×',
    '',
  ],
  [
    `Drawer tus, ${sizeMb} MiB in 10 MiB PATCHes`,
    mibs('tusBig'),
    ratio('tusBig', 'sinkBig'),
    ratio('tusBig', 'sinkSyncBig'),
    `${rss('tusBigRss')} (idle ${median(results.map((run) => run.idleRss)).toFixed(0)} MB)`,
  ],
  [`sink, ${files} × 4 KiB, ${clients} clients, twice`, perSecond('sinkSmall'), '1.00×', '', ''],
  [
    'sink + fsync per body, same',
    perSecond('sinkSyncSmall'),
    ratio('sinkSyncSmall', 'sinkSmall'),
    '1.00×',
    '',
  ],
  [
    'Drawer POST /api/resources, same',
    perSecond('postSmall'),
    ratio('postSmall', 'sinkSmall'),
    ratio('postSmall', 'sinkSyncSmall'),
    '',
  ],
  [
    'Drawer tus (POST + PATCH), same',
    perSecond('tusSmall'),
    ratio('tusSmall', 'sinkSmall'),
    ratio('tusSmall', 'sinkSyncSmall'),
    '',
  ],
]);
const ratioOf = (figure: Figure, base: Figure) =>
  median(results.map((run) => run[figure] / run[base]));
recordGoals([
  {
    work: `uploads: ${sizeMb} MiB through tus vs the sink`,
    figure: `${ratioOf('tusBig', 'sinkBig').toFixed(2)}×`,
    goal: '≥ 0.9×',
    met: ratioOf('tusBig', 'sinkBig') >= 0.9,
  },
  {
    work: `uploads: RSS above idle during the ${sizeMb} MiB`,
    figure: `${mid('tusBigRss').toFixed(1)} MB`,
    goal: '≤ 32 MB',
    met: mid('tusBigRss') <= 32,
  },
  {
    work: `uploads: ${files} × 4 KiB via POST vs the sink`,
    figure: `${ratioOf('postSmall', 'sinkSmall').toFixed(2)}×`,
    goal: '≥ 0.7×',
    met: ratioOf('postSmall', 'sinkSmall') >= 0.7,
  },
]);
const each = (figure: Figure, digits = 0) =>
  results.map((run) => run[figure].toFixed(digits)).join(' / ');
console.log(
  `runs: sink ${each('sinkBig')} MiB/s, tus ${each('tusBig')} MiB/s (${each('tusBigRss', 1)} MB); ` +
    `small: sink ${each('sinkSmall')}, POST ${each('postSmall')}, tus ${each('tusSmall')} files/s`,
);
