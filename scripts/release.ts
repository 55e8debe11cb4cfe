// npm run release: builds, then names the executable for its platform and writes its SHA-256 beside it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build';

const root = path.resolve(import.meta.dirname, '..');
const build = path.join(root, 'build');

await buildAll();
if (!fs.existsSync(path.join(build, 'drawer'))) {
  console.error(`no build/drawer: the executable is only packaged on Linux`);
  process.exit(1);
}
const name = `drawer-${process.platform}-${process.arch}`;
const release = path.join(build, name);
fs.copyFileSync(path.join(build, 'drawer'), release);
fs.chmodSync(release, 0o755);
const digest = crypto.createHash('sha256').update(fs.readFileSync(release)).digest('hex');
// sha256sum's own format, so `sha256sum -c drawer-linux-x64.sha256` checks it in place.
fs.writeFileSync(`${release}.sha256`, `${digest}  ${name}\n`);
console.log(`released build/${name} and build/${name}.sha256 (${digest})`);
