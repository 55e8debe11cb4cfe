// Benchmark: a 256 px thumbnail of a 12-megapixel JPEG through /api/preview, cold and cached, beside ImageMagick's convert.
// Usage: node --import tsx scripts/bench/thumbnails.ts [--copies 8]  (needs ImageMagick's convert)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, printTable, rssMb, startBenchServer, timeCommand } from './bench-server';

const copiesIndex = process.argv.indexOf('--copies');
const copies = copiesIndex > 0 ? Number(process.argv[copiesIndex + 1]) : 8;
const convertRuns = 7;

/** A photograph-like picture: plasma clouds plus sensor-like noise, so JPEG has real work to do. */
function makePhoto(file: string): void {
  const result = spawnSync(
    'convert',
    [
      '-size',
      '4000x3000',
      'plasma:fractal',
      '-attenuate',
      '0.3',
      '+noise',
      'Gaussian',
      '-quality',
      '90',
      file,
    ],
    { stdio: 'inherit' },
  );
  if (result.error || result.status !== 0) {
    // Its baseline and its photo both come from ImageMagick: without it there is nothing to
    // compare, and the rest of `npm run bench` goes on (as without nginx).
    console.log('skipped: ImageMagick (convert) is not installed (apt-get install imagemagick)');
    process.exit(0);
  }
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-thumb-bench-'));
  const photo = path.join(work, 'photo.jpg');
  console.log('making a 4000×3000 JPEG…');
  makePhoto(photo);
  const photoBytes = fs.statSync(photo).size;

  const convertTimes: number[] = [];
  for (let run = 0; run < convertRuns; run += 1) {
    const ms = timeCommand('convert', [
      photo,
      '-thumbnail',
      '256x256',
      path.join(work, 'convert.jpg'),
    ]);
    if (ms !== undefined) convertTimes.push(ms);
  }

  const server = await startBenchServer((root) => {
    // Copies, not links: each is another file (device and inode) for the cache.
    for (let copy = 0; copy < copies; copy += 1)
      fs.copyFileSync(photo, path.join(root, `photo-${copy}.jpg`));
  });
  try {
    const token = await server.adminToken();
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const started = performance.now();
      const response = await server.request('GET', url, { token, headers });
      return { ms: performance.now() - started, response };
    };
    const rssBefore = rssMb(server.process.pid);
    const cold: number[] = [];
    const bigCold: number[] = [];
    const cached: number[] = [];
    const notModified: number[] = [];
    let size = '';
    for (let copy = 0; copy < copies; copy += 1) {
      const { ms, response } = await get(`/api/preview/thumb/photo-${copy}.jpg`);
      if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
      size = `${response.body.length} bytes`;
      cold.push(ms);
    }
    let peakRss = rssMb(server.process.pid);
    for (let copy = 0; copy < copies; copy += 1) {
      const { ms, response } = await get(`/api/preview/big/photo-${copy}.jpg`);
      if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
      bigCold.push(ms);
      peakRss = Math.max(peakRss, rssMb(server.process.pid));
    }
    for (let copy = 0; copy < copies; copy += 1) {
      const url = `/api/preview/thumb/photo-${copy}.jpg`;
      const hit = await get(url);
      cached.push(hit.ms);
      const etag = String(hit.response.headers.etag);
      notModified.push((await get(url, { 'If-None-Match': etag })).ms);
    }
    const [first, ...rest] = cold;
    const coldMedian = median(rest.length > 0 ? rest : cold);
    const convertMedian = median(convertTimes);
    console.log(
      `\n12-megapixel JPEG (${(photoBytes / 1024 / 1024).toFixed(1)} MB), ${copies} copies, ${os.availableParallelism()} CPUs\n`,
    );
    printTable([
      ['what', 'median ms', 'min ms', 'target'],
      [
        'convert -thumbnail 256x256',
        convertMedian.toFixed(0),
        Math.min(...convertTimes).toFixed(0),
        '',
      ],
      ['thumb, first request (module compiled, worker started)', (first ?? 0).toFixed(0), '', ''],
      [
        'thumb, cold (not cached)',
        coldMedian.toFixed(0),
        Math.min(...cold).toFixed(0),
        `≤ ${(convertMedian * 1.5).toFixed(0)} (1.5× convert): ${coldMedian <= convertMedian * 1.5 ? 'met' : 'MISSED'}`,
      ],
      ['big (1080 px), cold', median(bigCold).toFixed(0), Math.min(...bigCold).toFixed(0), ''],
      [
        'thumb, cached',
        median(cached).toFixed(1),
        Math.min(...cached).toFixed(1),
        `≤ 20: ${median(cached) <= 20 ? 'met' : 'MISSED'}`,
      ],
      [
        'thumb, 304 (If-None-Match)',
        median(notModified).toFixed(1),
        Math.min(...notModified).toFixed(1),
        '',
      ],
    ]);
    console.log(
      `\nthumbnail ${size}; server RSS ${rssBefore.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB at most while drawing`,
    );
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
}

await main();
