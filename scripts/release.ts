// npm run release: builds, then packages one executable per architecture, each with its SHA-256 and a .tar.xz.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build';
import { runtimeArches } from './node-runtime';
import { describePackage, packageSea } from './package-sea';

const root = path.resolve(import.meta.dirname, '..');
const build = path.join(root, 'build');

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** sha256sum's own format, so `sha256sum -c NAME.sha256` checks the file in place. */
function writeChecksum(file: string): string {
  const digest = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  fs.writeFileSync(`${file}.sha256`, `${digest}  ${path.basename(file)}\n`);
  return digest;
}

/** The archive holds the executable alone, named `drawer`, owned by root, dated by the commit. */
function writeTarXz(executable: string, archive: string): void {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-release-'));
  try {
    fs.copyFileSync(executable, path.join(staging, 'drawer'));
    fs.chmodSync(path.join(staging, 'drawer'), 0o755);
    const tar = ['--owner=0', '--group=0', '--numeric-owner', '-C', staging, '-cf', '-', 'drawer'];
    const body = execFileSync('tar', tar, { maxBuffer: 1024 * 1024 * 1024 });
    fs.writeFileSync(
      archive,
      execFileSync('xz', ['-6', '-T0', '-c'], { input: body, maxBuffer: 1024 * 1024 * 1024 }),
    );
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

await buildAll();
if (!fs.existsSync(path.join(build, 'drawer'))) {
  console.error(`no build/drawer: the executable is only packaged on Linux`);
  process.exit(1);
}
for (const arch of runtimeArches) {
  const name = `drawer-linux-${arch}`;
  const release = path.join(build, name);
  if (arch === process.arch) {
    fs.copyFileSync(path.join(build, 'drawer'), release);
    fs.chmodSync(release, 0o755);
  } else {
    console.log(describePackage(await packageSea({ arch, output: release })));
  }
  const digest = writeChecksum(release);
  writeTarXz(release, `${release}.tar.xz`);
  writeChecksum(`${release}.tar.xz`);
  const sizes = `${mib(fs.statSync(release).size)}, ${name}.tar.xz ${mib(fs.statSync(`${release}.tar.xz`).size)}`;
  console.log(`released build/${name} (${sizes}) and its .sha256 files (${digest})`);
}
