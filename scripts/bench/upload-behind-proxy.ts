// Benchmark: a multi-gigabyte file through nginx capping request bodies at 100 MB (Cloudflare's
// limit), uploaded by tus-js-client as File Browser's frontend and Drawer's UI configure it (10 MiB
// chunks), then checked byte for byte. Prints the speed and the server's peak memory.
// Usage: npm run build && node --import tsx scripts/bench/upload-behind-proxy.ts [--gib 3]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tus from 'tus-js-client';
import { hasNginx, startCappedProxy } from '../../test/helpers/capped-proxy';
import { peakRssMb, printTable, rssMb, startBenchServer } from './bench-server';

const gibIndex = process.argv.indexOf('--gib');
const gib = gibIndex > 0 ? Number(process.argv[gibIndex + 1]) : 3;
const mib = 1024 * 1024;
const size = gib * 1024 * mib;

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: 4 * mib }), hash);
  return hash.digest('hex');
}

if (!hasNginx) {
  console.log('nginx is not installed: nothing to measure');
  process.exit(0);
}
const server = await startBenchServer(() => undefined);
const proxy = await startCappedProxy(server.dir, server.url);
const source = path.join(server.dir, 'source.bin');
try {
  // Random blocks, each different, so a misplaced chunk would show in the digest.
  const handle = fs.openSync(source, 'w');
  for (let written = 0; written < size; written += 64 * mib)
    fs.writeSync(handle, crypto.randomBytes(Math.min(64 * mib, size - written)));
  fs.closeSync(handle);
  const token = await server.adminToken();
  const idle = rssMb(server.process.pid);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(fs.createReadStream(source, { highWaterMark: mib }), {
      endpoint: `${proxy.url}/api/tus/big.bin?override=false`,
      uploadSize: size,
      chunkSize: 10 * mib,
      headers: { 'X-Auth': token },
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssMb(server.process.pid);
  const [sent, arrived] = await Promise.all([
    sha256Of(source),
    sha256Of(path.join(server.root, 'big.bin')),
  ]);
  console.log(
    `${gib} GiB through nginx with client_max_body_size 100m, tus-js-client, 10 MiB chunks:`,
  );
  printTable([
    ['what', 'value'],
    ['time', `${seconds.toFixed(1)} s`],
    ['speed', `${(size / mib / seconds).toFixed(0)} MiB/s`],
    ['same bytes on disk (sha256)', sent === arrived ? 'yes' : `NO: ${sent} ≠ ${arrived}`],
    ['server RSS idle → peak', `${idle.toFixed(0)} → ${peak.toFixed(0)} MB`],
  ]);
} finally {
  proxy.stop();
  await server.stop();
  fs.rmSync(server.dir, { recursive: true, force: true });
}
