// Runs every test file under test/ with node's test runner (it does not discover .ts files itself).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pinnedRuntimeMismatch } from './node-runtime';

const root = path.resolve(import.meta.dirname, '..');
// What is tested is what ships: the runtime that the executable embeds.
const mismatch = pinnedRuntimeMismatch();
if (mismatch) {
  console.error(mismatch);
  process.exit(1);
}
/**
 * unit: pure modules, in-process, no other program (npm run test:unit); integration: modules checked
 * with the reference command-line tools; api: HTTP against a real server; e2e: the browser.
 */
const allGroups = ['unit', 'integration', 'api', 'e2e'];
const groups = process.argv.slice(2).length > 0 ? process.argv.slice(2) : allGroups;
const files = groups.flatMap((group) => {
  const folder = path.join(root, 'test', group);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => path.join('test', group, name));
});
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
