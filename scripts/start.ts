// npm start: rebuilds the bundle and the UI when a source is newer than them, then serves with node:
// data/ beside the checkout unless a root is named (start-root.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server';
import { buildUi } from './build-ui';
import { startArgs } from './start-root';
import { runtimeFlags } from '../src/runtime-flags';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'build', 'drawer.cjs');
/** What the bundle and the UI are made from; the executable is left to npm run build. */
const sources = ['src', 'ui', 'locales', 'package.json', 'package-lock.json'];

function newestTime(names: string[]): number {
  let newest = 0;
  for (const name of names) {
    const full = path.join(root, name);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() || entry.isDirectory())
        newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function builtTime(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

const builtAt = Math.min(
  builtTime(bundle),
  builtTime(path.join(root, 'build', 'ui', 'index.html')),
);
if (builtAt < newestTime(sources)) {
  console.log('building…');
  await Promise.all([buildServer(), buildUi()]);
}
const given = process.argv.slice(2);
const args = startArgs(given, process.env, process.cwd(), root);
if (args !== given)
  console.log(`serving ${path.join(root, 'data')} (put your files there, or pass --root)`);
const child = spawn(process.execPath, [...runtimeFlags, bundle, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
