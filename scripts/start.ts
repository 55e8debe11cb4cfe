// npm start: builds when the bundle is missing or older than the sources, then serves.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server';
import { buildUi } from './build-ui';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'build', 'drawer.cjs');

function newestSourceTime(folders: string[]): number {
  let newest = 0;
  for (const folder of folders) {
    const full = path.join(root, folder);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
if (
  builtAt <
  newestSourceTime(
    ['src', 'ui', 'locales', 'package.json'].filter((name) => name !== 'package.json'),
  )
) {
  console.log('building…');
  await Promise.all([buildServer(), buildUi()]);
}
const child = spawn(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
