// Benchmark: downloading one large file through /api/raw beside nginx serving the same file, measured by curl.
// Usage: node --import tsx scripts/bench/download.ts [--size-mb 1024]  (needs curl; nginx for the baseline)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { median, printTable, rssMb, startBenchServer } from './bench-server';
import { startNginx } from './nginx';

const sizeIndex = process.argv.indexOf('--size-mb');
const sizeMb = sizeIndex > 0 ? Number(process.argv[sizeIndex + 1]) : 1024;
const runs = 3;

/** Seconds and bytes per second of one curl download to /dev/null. */
function curl(
  url: string,
  headers: string[] = [],
): { seconds: number; speed: number; status: string } {
  const result = spawnSync('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{time_total} %{speed_download} %{http_code}',
    ...headers.flatMap((header) => ['-H', header]),
    url,
  ]);
  const [seconds, speed, status] = result.stdout.toString().split(' ');
  return { seconds: Number(seconds), speed: Number(speed), status: status ?? '' };
}

const server = await startBenchServer((root) => {
  const handle = fs.openSync(path.join(root, 'big.bin'), 'w');
  const block = crypto.randomBytes(1024 * 1024);
  for (let index = 0; index < sizeMb; index += 1) fs.writeSync(handle, block);
  fs.closeSync(handle);
});
const nginx = await startNginx(server.root);
try {
  const token = await server.adminToken();
  const drawerUrl = `${server.url}/api/raw/big.bin`;
  const auth = [`X-Auth: ${token}`];
  curl(drawerUrl, auth); // warm the page cache
  const drawer = Array.from({ length: runs }, () => curl(drawerUrl, auth));
  const drawerRss = rssMb(server.process.pid);
  const drawerRange = Array.from({ length: runs }, () =>
    curl(drawerUrl, [...auth, 'Range: bytes=1048576-']),
  );
  const rows: (string | number)[][] = [['server', 'MB/s (median of 3)', 'seconds']];
  const mbps = (samples: { speed: number }[]) =>
    (median(samples.map((sample) => sample.speed)) / 1e6).toFixed(0);
  const secs = (samples: { seconds: number }[]) =>
    median(samples.map((sample) => sample.seconds)).toFixed(2);
  rows.push(['Drawer GET /api/raw/big.bin', mbps(drawer), secs(drawer)]);
  rows.push(['Drawer, Range from 1 MiB', mbps(drawerRange), secs(drawerRange)]);
  if (nginx) {
    const nginxUrl = `${nginx.url}/big.bin`;
    const baseline = Array.from({ length: runs }, () => curl(nginxUrl));
    rows.push(['nginx (sendfile), same file', mbps(baseline), secs(baseline)]);
  } else {
    rows.push(['nginx', 'not installed', '']);
  }
  console.log(`Downloading a ${sizeMb} MiB file over loopback with curl:`);
  printTable(rows);
  console.log(`Drawer RSS during downloads: ${drawerRss.toFixed(0)} MB`);
} finally {
  await nginx?.stop();
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
