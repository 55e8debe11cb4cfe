// Benchmark: every archive format through createArchiveStream beside the reference CLIs, on one ~100 MB tree.
// Usage: node --import tsx scripts/bench/archives.ts [--size-mb 100]  (needs zip, tar, gzip, bzip2, xz, lz4, GNU time)
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArchiveAlgo } from '../../src/archives/archive-formats';
import { archiveAlgos } from '../../src/archives/archive-formats';
import { buildServer } from '../build-server';
import type { Measure } from './archives-child';

const root = path.resolve(import.meta.dirname, '../..');
const mebibyte = 1024 * 1024;

/** Text from the project's own dependencies, so the compressors see real source code and docs. */
function collectText(limit: number): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  const visit = (dir: string): void => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (total >= limit) return;
      const full = path.join(dir, dirent.name);
      if (dirent.isDirectory()) visit(full);
      else if (/\.(js|ts|md|json|txt)$/.test(dirent.name)) {
        const bytes = fs.readFileSync(full);
        parts.push(bytes);
        total += bytes.length;
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  return Buffer.concat(parts).subarray(0, limit);
}

/** 1 MiB files, three of text to two random, plus a thousand small text files in nested folders. */
function buildTree(dir: string, sizeMb: number): number {
  const text = collectText(24 * mebibyte);
  let written = 0;
  const bigFiles = Math.max(1, sizeMb - 4);
  for (let index = 0; index < bigFiles; index += 1) {
    const folder = path.join(dir, `group-${index % 7}`);
    fs.mkdirSync(folder, { recursive: true });
    const offset = (index * mebibyte) % (text.length - mebibyte);
    const bytes =
      index % 5 < 3 ? text.subarray(offset, offset + mebibyte) : crypto.randomBytes(mebibyte);
    fs.writeFileSync(path.join(folder, `part-${index}.${index % 5 < 3 ? 'txt' : 'bin'}`), bytes);
    written += bytes.length;
  }
  for (let index = 0; index < 1000; index += 1) {
    const folder = path.join(dir, 'small', `d${index % 10}`, `e${index % 7}`);
    fs.mkdirSync(folder, { recursive: true });
    const length = 1000 + ((index * 7919) % 7000);
    const offset = (index * 4099) % (text.length - length);
    fs.writeFileSync(path.join(folder, `note-${index}.md`), text.subarray(offset, offset + length));
    written += length;
  }
  fs.mkdirSync(path.join(dir, 'empty'));
  return written;
}

/** The JS side runs from a bundle built like the server's, so RSS and speed are the shipped ones. */
function measureJs(bundle: string, algo: ArchiveAlgo, dir: string): Measure {
  const result = spawnSync(process.execPath, [bundle, algo, dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${algo}: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Measure;
}

/** Runs `command` under GNU time in `dir`, counting its stdout instead of storing it. */
function measureCli(command: string, dir: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', 'sh', '-c', command], { cwd: dir });
    let outputBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (outputBytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`${command}: ${stderr}`));
      const peakKb = Number(stderr.trim().split('\n').at(-1));
      resolve({
        seconds: (performance.now() - started) / 1000,
        outputBytes,
        peakRssMb: peakKb / 1024,
      });
    });
  });
}

const baselines: Record<ArchiveAlgo, string[]> = {
  zip: ['zip -0 -r -q - .'],
  tar: ['tar cf - .'],
  targz: ['tar czf - .'],
  tarbz2: ['tar cjf - .'],
  tarxz: ['tar cJf - .', "tar -I 'xz -1' -cf - ."],
  tarlz4: ['tar -I lz4 -cf - .'],
  tarsz: [],
};

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
}

async function main(): Promise<void> {
  const sizeIndex = process.argv.indexOf('--size-mb');
  const sizeMb = sizeIndex > 0 ? Number(process.argv[sizeIndex + 1]) : 100;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-archives-'));
  const dir = path.join(work, 'tree');
  const bundle = path.join(work, 'archives-child.cjs');
  try {
    await buildServer(bundle, path.join(import.meta.dirname, 'archives-child.ts'));
    fs.mkdirSync(dir);
    const inputBytes = buildTree(dir, sizeMb);
    const inputMb = inputBytes / 1e6;
    console.log(
      `tree: ${inputMb.toFixed(1)} MB in ${dir}; node ${process.version}, ${os.cpus().length} cpus`,
    );
    const widths = [8, 26, 8, 7, 8, 9];
    const lines = [row(['format', 'producer', 'MB/s', 'ratio', 'RSS MB', 'stall ms'], widths)];
    for (const algo of archiveAlgos) {
      const js = measureJs(bundle, algo, dir);
      const cells = (producer: string, measure: Measure): string[] => [
        algo,
        producer,
        (inputMb / measure.seconds).toFixed(1),
        (measure.outputBytes / inputBytes).toFixed(3),
        measure.peakRssMb.toFixed(0),
        measure.maxStallMs === undefined ? '' : measure.maxStallMs.toFixed(0),
      ];
      lines.push(row(cells('createArchiveStream', js), widths));
      for (const command of baselines[algo]) {
        lines.push(row(cells(command, await measureCli(command, dir)), widths));
      }
    }
    console.log(lines.join('\n'));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
