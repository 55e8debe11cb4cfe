// Benchmark: downloading one large file through /api/raw beside nginx serving the same file, measured by curl.
// Usage: node --import tsx scripts/bench/download.ts [--size-mb 1024]  (needs curl; nginx for the baseline)
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { median, printTable, rssMb, startBenchServer } from './bench-server';

const sizeIndex = process.argv.indexOf('--size-mb');
const sizeMb = sizeIndex > 0 ? Number(process.argv[sizeIndex + 1]) : 1024;
const runs = 3;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

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

async function startNginx(folder: string, port: number): Promise<ChildProcess | undefined> {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  const prefix = path.join(folder, '..', 'nginx');
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    // Started as root, nginx's workers would drop to "nobody", who cannot read the private temp folder.
    `${process.getuid?.() === 0 ? 'user root;' : ''} daemon off; worker_processes 1; error_log ${prefix}/logs/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http { access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix}; uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port}; root ${folder}; } }\n`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', config], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (curl(`http://127.0.0.1:${port}/`).status !== '000') return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  return undefined;
}

const server = await startBenchServer((root) => {
  const handle = fs.openSync(path.join(root, 'big.bin'), 'w');
  const block = crypto.randomBytes(1024 * 1024);
  for (let index = 0; index < sizeMb; index += 1) fs.writeSync(handle, block);
  fs.closeSync(handle);
});
const nginxPort = await freePort();
const nginx = await startNginx(server.root, nginxPort);
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
    const nginxUrl = `http://127.0.0.1:${nginxPort}/big.bin`;
    const baseline = Array.from({ length: runs }, () => curl(nginxUrl));
    rows.push(['nginx (sendfile), same file', mbps(baseline), secs(baseline)]);
  } else {
    rows.push(['nginx', 'not installed', '']);
  }
  console.log(`Downloading a ${sizeMb} MiB file over loopback with curl:`);
  printTable(rows);
  console.log(`Drawer RSS during downloads: ${drawerRss.toFixed(0)} MB`);
} finally {
  nginx?.kill();
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
