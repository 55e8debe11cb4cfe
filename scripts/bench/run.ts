// Runs the benchmarks one after another, each in its own process so their memory figures stay apart.
// Usage: npm run bench [-- <name>...] [-- --flag value]   e.g. `npm run bench -- uploads --runs 1`
// A benchmark is any scripts/bench/*.ts whose first line starts with "// Benchmark:"; the rest are
// their helpers. Names pick some of them; flags are passed to each one run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GoalRow } from './bench-server';
import { printTable } from './bench-server';

const folder = import.meta.dirname;
const available = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => fs.readFileSync(path.join(folder, file), 'utf8').startsWith('// Benchmark:'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const args = process.argv.slice(2);
const firstFlag = args.findIndex((arg) => arg.startsWith('-'));
const names = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
const unknown = names.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`no benchmark named ${unknown.join(', ')}; there are: ${available.join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-summary-')), 'goals');
fs.writeFileSync(summary, '');
for (const name of names.length > 0 ? names : available) {
  console.log(`\n== ${name} ==`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(folder, `${name}.ts`), ...flags],
    { stdio: 'inherit', env: { ...process.env, BENCH_SUMMARY: summary } },
  );
  if (result.status !== 0) failed.push(name);
}
const goals = fs
  .readFileSync(summary, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as GoalRow);
fs.rmSync(path.dirname(summary), { recursive: true, force: true });
if (goals.length > 0) {
  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(`\n== goals (load average ${load.join(' ')} at the end) ==`);
  printTable([
    ['work', 'figure', 'goal', ''],
    ...goals.map((goal) => [goal.work, goal.figure, goal.goal, goal.met ? 'met' : 'MISSED']),
  ]);
  const missed = goals.filter((goal) => !goal.met).length;
  console.log(`${goals.length - missed} of ${goals.length} goals met in this run`);
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
