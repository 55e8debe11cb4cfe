// Benchmark: size, spawn-to-first-200 on /health and idle memory, `node build/drawer.cjs` beside the executable,
// a minimal HTTP server and fastify alone (the floor of any server built on it), each packaged the same way.
// Usage: node --import tsx scripts/bench/startup.ts [--runs 8] [--quick] [--compare <executable>]
// (--quick: the stripped executable only; --compare: also another executable, a copy of an
// earlier build/drawer for example, measured in the same run)
import { runtimeFlags } from '../../src/runtime-flags';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../../test/helpers/cli';
import { packageSea, writeExecutable } from '../package-sea';
import { recordGoals } from './bench-server';

const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, 'build', 'drawer.cjs');
const uiFolder = path.join(root, 'build', 'ui');
/** The memory figure is read this long after the first answer, once start-up garbage settled. */
const idleDelayMs = 1500;

/** What a plain `http.createServer` needs to answer the benchmark's probe, and nothing else. */
const minimalServer = `const http = require('node:http');
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
http
  .createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"OK"}');
  })
  .listen(port, '127.0.0.1');
`;

/** Fastify with one route and no logger, as Drawer's stack starts before any route of its own. */
const fastifyServer = `const fastify = require('fastify');
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const app = fastify();
app.get('/health', async () => ({ status: 'OK' }));
app.listen({ port, host: '127.0.0.1' });
`;

interface Target {
  label: string;
  command: string;
  args: string[];
  bytes: number;
}

interface Sample {
  startMs: number;
  /** CPU the process used until it answered: steadier than wall time on a busy machine. */
  cpuMs: number;
  idleRssMb: number;
  /** The part of the RSS that is the process's own memory (heap, stacks, malloc). */
  anonMb: number;
  /** The part that is pages of files: the executable's code and data, the blob, libraries. */
  fileMb: number;
}

function healthIsUp(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health' }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.on('error', () => resolve(false));
  });
}

/** utime + stime from /proc (fields 14 and 15, in clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function residentMb(pid: number): { idleRssMb: number; anonMb: number; fileMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const megabytes = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return {
    idleRssMb: megabytes('VmRSS'),
    anonMb: megabytes('RssAnon'),
    fileMb: megabytes('RssFile'),
  };
}

/**
 * A file just written sits in the page cache in the large pieces it was written in, and a process
 * mapping it then counts whole pieces in its RSS (about 17 MB more for a fresh executable than
 * for the same bytes read from disk). Dropping the new file's pages gives it the pages an
 * installed binary gets at its first start after a reboot, like the runtime it is compared with.
 */
function dropFromPageCache(file: string): void {
  const result = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  if (result.status !== 0) console.log(`(could not drop ${file} from the page cache)`);
}

/** One start on a folder whose database already exists, so no first-run password hashing. */
async function measure(target: Target, work: string): Promise<Sample> {
  const port = await freePort();
  const args = [...target.args, '--root', work, '--database', path.join(work, 'db.json')];
  const started = performance.now();
  const child = spawn(target.command, [...args, '--port', String(port), '--log', 'off'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${target.label} exited with ${child.exitCode}: ${errors}`);
      if (await healthIsUp(port)) break;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const startMs = performance.now() - started;
    const startCpuMs = cpuMs(child.pid ?? 0);
    await new Promise((resolve) => setTimeout(resolve, idleDelayMs));
    return { startMs, cpuMs: startCpuMs, ...residentMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  if (!fs.existsSync(bundle)) throw new Error('build/drawer.cjs is missing: run npm run build');
  const runs = Number(flagValue('--runs') ?? 8);
  const quick = process.argv.includes('--quick');
  const compare = flagValue('--compare');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-startup-'));
  try {
    const targets: Target[] = [
      {
        label: 'node build/drawer.cjs',
        command: process.execPath,
        args: [...runtimeFlags, bundle],
        bytes: fs.statSync(bundle).size,
      },
    ];
    // Built here from the same inputs as build/drawer, so each variant is labelled for certain.
    const variants = [
      { label: 'executable, stripped', strip: true, codeCache: true },
      ...(quick
        ? []
        : [
            { label: 'executable, unstripped', strip: false, codeCache: true },
            { label: 'executable, stripped, no code cache', strip: true, codeCache: false },
          ]),
    ];
    for (const variant of variants) {
      const output = path.join(scratch, `drawer-${targets.length}`);
      const result = await packageSea({ ...variant, bundle, uiFolder, output });
      if (variant.strip && !result.stripped) console.log('(no strip on this machine)');
      targets.push({ label: variant.label, command: output, args: [], bytes: result.bytes });
    }
    if (compare) {
      const output = path.join(scratch, `drawer-${targets.length}`);
      fs.copyFileSync(compare, output);
      fs.chmodSync(output, 0o755);
      targets.push({ label: compare, command: output, args: [], bytes: fs.statSync(output).size });
    }
    const minimalScript = path.join(scratch, 'minimal-server.cjs');
    fs.writeFileSync(minimalScript, minimalServer);
    const minimal = writeExecutable({
      main: minimalScript,
      output: path.join(scratch, 'minimal-server'),
      assets: {},
    });
    const minimalTarget: Target = {
      label: 'minimal HTTP server, executable',
      command: minimal.output,
      args: [],
      bytes: minimal.bytes,
    };
    targets.push(minimalTarget);
    // Bundled as Drawer is (one script for the executable), from the same node_modules.
    const fastifyEntry = path.join(root, 'build', 'bench-fastify-entry.cjs');
    fs.writeFileSync(fastifyEntry, fastifyServer);
    const fastifyScript = path.join(scratch, 'fastify-server.cjs');
    try {
      await build({
        entryPoints: [fastifyEntry],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        minifyWhitespace: true,
        outfile: fastifyScript,
        logLevel: 'error',
      });
    } finally {
      fs.rmSync(fastifyEntry, { force: true });
    }
    const fastifyAlone = writeExecutable({
      main: fastifyScript,
      output: path.join(scratch, 'fastify-server'),
      assets: {},
    });
    targets.push({
      label: 'fastify alone (one route), executable',
      command: fastifyAlone.output,
      args: [],
      bytes: fastifyAlone.bytes,
    });
    for (const target of targets) if (target.args.length === 0) dropFromPageCache(target.command);
    const samples = new Map<Target, Sample[]>(targets.map((target) => [target, []]));
    const folders = new Map<Target, string>();
    for (const [index, target] of targets.entries()) {
      const folder = path.join(scratch, `root-${index}`);
      fs.mkdirSync(folder);
      folders.set(target, folder);
      await measure(target, folder); // creates the database and warms the page cache
    }
    // Interleaved, so a burst of load from elsewhere on the machine hits every target alike.
    for (let run = 0; run < runs; run += 1)
      for (const target of targets)
        samples.get(target)?.push(await measure(target, folders.get(target) ?? scratch));

    const medianOf = (target: Target, pick: (sample: Sample) => number) =>
      median((samples.get(target) ?? []).map(pick));
    const minimalRss = medianOf(minimalTarget, (sample) => sample.idleRssMb);
    // The best start shows the uncontended figure when other work shares the machine.
    const rows = [
      [
        '',
        'size',
        `start to first 200: median of ${runs} (best)`,
        'CPU until then',
        'idle RSS (anon + file)',
        '× minimal',
      ],
    ];
    for (const target of targets) {
      const starts = (samples.get(target) ?? []).map((sample) => sample.startMs);
      const rss = medianOf(target, (sample) => sample.idleRssMb);
      rows.push([
        target.label,
        `${(target.bytes / 1024 / 1024).toFixed(1)} MiB`,
        `${median(starts).toFixed(0)} ms (${Math.min(...starts).toFixed(0)} ms)`,
        `${medianOf(target, (sample) => sample.cpuMs).toFixed(0)} ms`,
        `${rss.toFixed(1)} MB (${medianOf(target, (sample) => sample.anonMb).toFixed(1)} + ${medianOf(target, (sample) => sample.fileMb).toFixed(1)})`,
        `${(rss / minimalRss).toFixed(2)}`,
      ]);
    }
    const shipped = targets.find((target) => target.label === 'executable, stripped');
    if (shipped) {
      const start = medianOf(shipped, (sample) => sample.startMs);
      const rss = medianOf(shipped, (sample) => sample.idleRssMb) / minimalRss;
      recordGoals([
        {
          work: `start to first response (${shipped.label})`,
          figure: `${start.toFixed(0)} ms`,
          goal: '≤ 300 ms',
          met: start <= 300,
        },
        {
          work: 'idle RSS vs a minimal HTTP server, same runtime',
          figure: `${rss.toFixed(2)}×`,
          goal: '≤ 1.3×',
          met: rss <= 1.3,
        },
      ]);
    }
    const widths =
      rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${os.platform()} ${os.arch()}`);
    for (const row of rows)
      console.log(
        row
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd(),
      );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
