// Shared by the HTTP benchmarks: a freshly built server on a temp folder, and a few measuring tools.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../test/helpers/server';
import type { TestServer } from '../../test/helpers/server';
import { buildServer } from '../build-server';

/** `args` replace the default ['--log', 'off'] (a later --root wins over the temp one's). */
export async function startBenchServer(
  setup: (root: string) => void,
  args: string[] = ['--log', 'off'],
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-'));
  const bundle = path.join(dir, 'drawer.cjs');
  await buildServer(bundle);
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  // DRAWER_BENCH_NODE_ARGS="--trace-gc --max-semi-space-size=2" passes Node options to the server.
  nodeArgs.push(...(process.env.DRAWER_BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []));
  return startServer({ bundle, dir, setup, args, nodeArgs });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The most memory the process has held since it started (VmHWM), in MB. */
export function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Wall time of a command, in milliseconds, or undefined when it is not installed. */
export function timeCommand(command: string, args: string[]): number | undefined {
  const started = performance.now();
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'ignore'],
    maxBuffer: 1 << 30,
  });
  if (result.error) return undefined;
  return performance.now() - started;
}

export function printTable(rows: (string | number)[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length))) ??
    [];
  for (const row of rows)
    console.log(row.map((cell, column) => String(cell).padEnd(widths[column] ?? 0)).join('  '));
}

/** One figure against its goal, for the summary `npm run bench` prints after every benchmark. */
export interface GoalRow {
  work: string;
  /** The figure, with its unit ("1.21×", "192 ms", "+41 MB"). */
  figure: string;
  goal: string;
  met: boolean;
}

/**
 * Adds figures to the summary of the whole run: run.ts names a file in BENCH_SUMMARY and prints
 * what every benchmark appended there once all have run. A benchmark run alone prints none.
 */
export function recordGoals(rows: GoalRow[]): void {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  fs.appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

/** "≤ 1.5×" style goals on a ratio, met when the ratio is at most the goal. */
export function ratioAtMost(work: string, ratio: number, goal: number): GoalRow {
  return { work, figure: `${ratio.toFixed(2)}×`, goal: `≤ ${goal}×`, met: ratio <= goal };
}
