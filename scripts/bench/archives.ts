// Benchmark: folder downloads as archives through HTTP against the built server, beside the zip/tar/gzip CLIs.
// Usage: node --import tsx scripts/bench/archives.ts [--runs 3] [--quick]  (needs curl, zip, tar, gzip; xz, bzip2, lz4 for --all)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { GoalRow } from './bench-server';
import { median, printTable, ratioAtMost, recordGoals, startBenchServer } from './bench-server';

const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(valueOf('--runs') ?? 3);
/** Also measures the WASM codecs (slow: bzip2 and xz take tens of seconds each). */
const all = process.argv.includes('--all');
const smallCount = 10_000;
const bigBytes = 512 * 1024 * 1024;

function valueOf(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/** Text from the project's own dependencies, so the compressors see real source code and docs. */
function collectText(limit: number): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  const visit = (dir: string): void => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (total >= limit) return;
      const full = path.join(dir, dirent.name);
      if (dirent.isDirectory()) visit(full);
      else if (/\.(js|ts|md|json|txt)$/.test(dirent.name)) {
        const bytes = fs.readFileSync(full);
        parts.push(bytes);
        total += bytes.length;
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  return Buffer.concat(parts).subarray(0, limit);
}

/**
 * The fixtures live under the system temp folder and are reused by later runs: 10,000 files of
 * 1–21 KB (11 KB on average) in 100 folders, four of five text and one random; and one 512 MiB
 * random file. A marker file written last says a fixture is complete.
 */
function ensureFixtures(): { small: string; big: string; smallBytes: number } {
  const cache = path.join(os.tmpdir(), 'drawer-fixtures', 'archives-v1');
  const small = path.join(cache, 'small');
  const big = path.join(cache, 'big');
  const marker = path.join(cache, 'complete.json');
  if (!fs.existsSync(marker)) {
    fs.rmSync(cache, { recursive: true, force: true });
    const text = collectText(32 * 1024 * 1024);
    let smallBytes = 0;
    for (let index = 0; index < smallCount; index += 1) {
      const folder = path.join(small, `folder-${String(index % 100).padStart(2, '0')}`);
      if (index < 100) fs.mkdirSync(folder, { recursive: true });
      const length = 1024 + ((index * 7919) % (20 * 1024));
      const offset = (index * 40_961) % (text.length - length);
      const bytes =
        index % 5 === 4 ? crypto.randomBytes(length) : text.subarray(offset, offset + length);
      fs.writeFileSync(
        path.join(folder, `file-${index}.${index % 5 === 4 ? 'bin' : 'txt'}`),
        bytes,
      );
      smallBytes += length;
    }
    fs.mkdirSync(big, { recursive: true });
    const handle = fs.openSync(path.join(big, 'big.bin'), 'w');
    const block = crypto.randomBytes(1024 * 1024);
    for (let written = 0; written < bigBytes; written += block.length) fs.writeSync(handle, block);
    fs.closeSync(handle);
    fs.writeFileSync(marker, JSON.stringify({ smallBytes }));
  }
  const { smallBytes } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { smallBytes: number };
  return { small, big, smallBytes };
}

interface Sample {
  seconds: number;
  bytes: number;
}

/** Runs a shell pipeline in `cwd`; its output is counted by `wc -c`, as curl's is by itself. */
function timeShell(command: string, cwd: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('sh', ['-c', `${command} | wc -c`], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`${command}: ${stderr}`));
      resolve({ seconds: (performance.now() - started) / 1000, bytes: Number(stdout.trim()) });
    });
  });
}

/** One download with curl, discarding the body. */
function curl(url: string, token: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', [
      '-sf',
      '-o',
      '/dev/null',
      '-w',
      '%{time_total} %{size_download}',
      '-H',
      `X-Auth: ${token}`,
      url,
    ]);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`curl ${url} failed (${status})`));
      const [seconds, bytes] = stdout.split(' ').map(Number);
      resolve({ seconds: seconds ?? 0, bytes: bytes ?? 0 });
    });
  });
}

/** Samples the server's resident set every 20 ms while `work` runs; returns the highest, in MB. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  const read = (): number => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  try {
    const result = await work();
    return [result, Math.max(peak, read())];
  } finally {
    clearInterval(timer);
  }
}

/** /health answered every 50 ms while `work` runs: the slowest answer says how long requests wait. */
async function withHealthProbe<T>(url: string, work: () => Promise<T>): Promise<[T, number]> {
  let slowest = 0;
  let running = true;
  const probe = async (): Promise<void> => {
    while (running) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) =>
        http
          .get(`${url}/health`, (response) => response.resume().on('end', resolve))
          .on('error', reject),
      );
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const probing = probe();
  try {
    return [await work(), slowest];
  } finally {
    running = false;
    await probing;
  }
}

interface Row {
  work: string;
  drawer: Sample[];
  rss: number[];
  baselineName: string;
  baseline: Sample[];
  goal?: number;
  healthMs?: number;
}

const { small, big, smallBytes } = ensureFixtures();
const server = await startBenchServer(
  () => undefined,
  ['--root', path.dirname(small), '--log', 'off'],
);
try {
  const token = await server.adminToken();
  const pid = server.process.pid ?? 0;
  const archive = (folder: string, algo: string) => `${server.url}/api/raw/${folder}/?algo=${algo}`;
  await timeShell('tar -cf - .', small); // warm the page cache
  await timeShell('cat big.bin', big);

  const rows: Row[] = [];
  async function measure(
    work: string,
    url: string,
    baselineName: string,
    baselineCommand: string,
    cwd: string,
    goal?: number,
  ): Promise<void> {
    const row: Row = { work, drawer: [], rss: [], baselineName, baseline: [] };
    if (goal !== undefined) row.goal = goal;
    for (let run = 0; run < runs; run += 1) {
      // Interleaved, so a busy moment on the machine hits both sides alike.
      const [sample, rss] = await withPeakRss(pid, () => curl(url, token));
      row.drawer.push(sample);
      row.rss.push(rss);
      row.baseline.push(await timeShell(baselineCommand, cwd));
    }
    rows.push(row);
  }

  await measure(
    'zip, 10,000 small files',
    archive('small', 'zip'),
    'zip -r0',
    'zip -qr0 - .',
    small,
    1.0,
  );
  await measure(
    'tar, 10,000 small files',
    archive('small', 'tar'),
    'tar | cat',
    'tar -cf - . | cat',
    small,
    1.5,
  );
  await measure(
    'tar.gz, 10,000 small files',
    archive('small', 'targz'),
    'tar | gzip -6',
    'tar -cf - . | gzip -6',
    small,
    1.1,
  );
  await measure('zip, one 512 MiB file', archive('big', 'zip'), 'zip -r0', 'zip -qr0 - .', big);
  await measure(
    'raw, one 512 MiB file',
    `${server.url}/api/raw/big/big.bin`,
    'cat',
    'cat big.bin',
    big,
  );
  if (all) {
    for (const [algo, command] of [
      ['tarxz', 'tar -cf - . | xz -1 -T1'],
      ['tarbz2', 'tar -cf - . | bzip2 -9'],
      ['tarlz4', 'tar -cf - . | lz4 -1'],
      ['tarsz', 'tar -cf - . | cat'],
    ] as const) {
      const [[sample, rss], slowest] = await withHealthProbe(server.url, () =>
        withPeakRss(pid, () => curl(archive('small', algo), token)),
      );
      const baseline = await timeShell(command, small);
      rows.push({
        work: `${algo}, 10,000 small files (1 run)`,
        drawer: [sample],
        rss: [rss],
        baselineName: command.replace('tar -cf - . | ', 'tar | '),
        baseline: [baseline],
        healthMs: slowest,
      });
    }
  }

  const load = os.loadavg().map((value) => value.toFixed(2));
  console.log(
    `${smallCount} small files, ${(smallBytes / 1e6).toFixed(1)} MB; node ${process.version}, ` +
      `${os.cpus().length} cpus; load average after the run ${load.join(' ')}; median of ${runs}`,
  );
  const table: (string | number)[][] = [
    [
      'work',
      'Drawer s',
      'MB',
      'peak RSS MB',
      'baseline',
      'baseline s',
      'ratio',
      'goal',
      '/health max ms',
    ],
  ];
  const goals: GoalRow[] = [];
  for (const row of rows) {
    const drawer = median(row.drawer.map((sample) => sample.seconds));
    const baseline = median(row.baseline.map((sample) => sample.seconds));
    const ratio = drawer / baseline;
    if (row.goal !== undefined)
      goals.push(ratioAtMost(`${row.work} vs ${row.baselineName}`, ratio, row.goal));
    table.push([
      row.work,
      drawer.toFixed(2),
      (median(row.drawer.map((sample) => sample.bytes)) / 1e6).toFixed(1),
      Math.max(...row.rss).toFixed(0),
      row.baselineName,
      baseline.toFixed(2),
      `${ratio.toFixed(2)}x`,
      row.goal === undefined
        ? ''
        : `<= ${row.goal.toFixed(1)}x ${ratio <= row.goal ? 'met' : 'MISSED'}`,
      row.healthMs === undefined ? '' : row.healthMs.toFixed(0),
    ]);
  }
  printTable(table);
  recordGoals(goals);
  console.log(
    `runs: ${rows
      .map(
        (row) =>
          `${row.work.split(',')[0]} ${row.drawer.map((s) => s.seconds.toFixed(2)).join('/')} vs ${row.baseline.map((s) => s.seconds.toFixed(2)).join('/')}`,
      )
      .join('; ')}`,
  );
} finally {
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
