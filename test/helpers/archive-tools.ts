// Archive test helpers: sample trees, a real-folder entry walk, the reference CLIs, a Snappy frame reader.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ArchiveAlgo } from '../../src/api/resources';
import type { ArchiveEntry } from '../../src/archives/archive-entry';
import { archiveFormat } from '../../src/archives/archive-formats';
import { createArchiveStream } from '../../src/archives/archive-stream';
import { crc32c } from '../../src/archives/codecs/crc32c';
import snappy from '../../src/archives/codecs/snappy-wasm.cjs';

/** Every sample file gets this mtime, so extracted copies can be checked against it. */
export const sampleMtime = new Date('2021-03-04T05:06:08Z');

/** Relative path → file bytes, or 'dir' for a folder ('/'-separated, no trailing slash). */
export type TreeContents = Map<string, Buffer | 'dir'>;

/**
 * Nested folders, an empty folder, UTF-8 names, a 3 MiB random file, an empty file, a name with
 * a leading "word:" (which archiver would have mangled) and one with a backslash (becomes '_').
 */
export function writeSampleTree(root: string): TreeContents {
  const files: Record<string, Buffer> = {
    'café/ñ.txt': Buffer.from('¡hola!\n'),
    'café/deep/er/random.bin': crypto.randomBytes(3 * 1024 * 1024),
    'café/deep/notes.md': Buffer.from('# notes\n'.repeat(2000)),
    'empty.txt': Buffer.alloc(0),
    '12:30 meeting.txt': Buffer.from('colon name\n'),
    'back\\slash.txt': Buffer.from('backslash\n'),
  };
  for (const folder of ['café/deep/er', 'empty folder']) {
    fs.mkdirSync(path.join(root, folder), { recursive: true });
  }
  for (const [name, bytes] of Object.entries(files)) {
    fs.writeFileSync(path.join(root, name), bytes);
    fs.utimesSync(path.join(root, name), sampleMtime, sampleMtime);
  }
  return readTree(root, (name) => name.replaceAll('\\', '_'));
}

/** Everything under `root`, as archives should reproduce it. */
export function readTree(
  root: string,
  rename: (name: string) => string = (name) => name,
): TreeContents {
  const tree: TreeContents = new Map();
  const visit = (dir: string, prefix: string): void => {
    for (const dirent of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = rename(prefix + dirent.name);
      const full = path.join(dir, dirent.name);
      if (dirent.isDirectory()) {
        tree.set(relative, 'dir');
        visit(full, `${relative}/`);
      } else tree.set(relative, fs.readFileSync(full));
    }
  };
  visit(root, '');
  return tree;
}

export function assertSameTree(actual: TreeContents, expected: TreeContents): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [name, content] of expected) {
    const got = actual.get(name);
    if (content === 'dir') assert.equal(got, 'dir', name);
    else assert.ok(Buffer.isBuffer(got) && got.equals(content), `content of ${name}`);
  }
}

export interface WalkStats {
  requested: number;
  opened: number;
  openNow: number;
  maxOpen: number;
  ended: boolean;
}

/** A depth-first walk of a real folder as ArchiveEntry values, counting what the archiver asks for. */
export async function* walkEntries(
  root: string,
  stats?: WalkStats,
  prefix = '',
): AsyncGenerator<ArchiveEntry> {
  try {
    const dirents = fs.readdirSync(path.join(root, prefix)).sort();
    for (const name of dirents) {
      const full = path.join(root, prefix, name);
      const info = fs.statSync(full);
      const relative = prefix + name;
      if (stats) stats.requested += 1;
      yield {
        name: info.isDirectory() ? `${relative}/` : relative,
        isDir: info.isDirectory(),
        size: info.size,
        mtime: info.mtime,
        mode: info.mode & 0o777,
        open: async () => {
          const stream = fs.createReadStream(full);
          if (stats) {
            stats.opened += 1;
            stats.openNow += 1;
            stats.maxOpen = Math.max(stats.maxOpen, stats.openNow);
            stream.once('close', () => (stats.openNow -= 1));
          }
          return stream;
        },
      };
      if (info.isDirectory()) yield* walkEntries(root, stats, `${relative}/`);
    }
  } finally {
    if (stats && prefix === '') stats.ended = true;
  }
}

export function newWalkStats(): WalkStats {
  return { requested: 0, opened: 0, openNow: 0, maxOpen: 0, ended: false };
}

export interface RunResult {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** The tools run in a UTF-8 locale: under C, unzip would print and extract "café" as "caf#U00e9". */
export function run(
  command: string,
  args: string[],
  options: { input?: Buffer; cwd?: string } = {},
): RunResult {
  const result = spawnSync(command, args, {
    input: options.input,
    cwd: options.cwd,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString() };
}

export function runOk(
  command: string,
  args: string[],
  options: { input?: Buffer; cwd?: string } = {},
): Buffer {
  const result = run(command, args, options);
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function maskedCrc(data: Uint8Array): number {
  const crc = crc32c(data);
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

/**
 * Reads a Snappy framed stream (framing_format.txt), checking the stream identifier and every
 * chunk's masked CRC-32C, and returns the decompressed bytes. No CLI for it exists on Debian.
 */
export function decodeSnappyFrames(framed: Buffer): Buffer {
  const identifier = Buffer.from([0xff, 0x06, 0x00, 0x00, 0x73, 0x4e, 0x61, 0x50, 0x70, 0x59]);
  assert.ok(framed.subarray(0, 10).equals(identifier), 'stream identifier');
  const parts: Buffer[] = [];
  let offset = 10;
  while (offset < framed.length) {
    assert.ok(offset + 4 <= framed.length, 'truncated chunk header');
    const type = framed.readUInt8(offset);
    const length = framed.readUIntLE(offset + 1, 3);
    const body = framed.subarray(offset + 4, offset + 4 + length);
    assert.equal(body.length, length, 'truncated chunk');
    offset += 4 + length;
    if (type === 0xff) {
      assert.ok(body.equals(identifier.subarray(4)), 'repeated stream identifier');
      continue;
    }
    assert.ok(type === 0x00 || type === 0x01, `chunk type ${type}`);
    const data =
      type === 0x00 ? Buffer.from(snappy.decompressRaw(body.subarray(4))) : body.subarray(4);
    assert.ok(data.length <= 65536, 'chunk holds at most 64 KiB');
    assert.equal(body.readUInt32LE(0), maskedCrc(data), `CRC of chunk at ${offset}`);
    parts.push(data);
  }
  return Buffer.concat(parts);
}

export function openDescriptorCount(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

/** Polls until `check` holds; streams close their descriptors a few ticks after destroy(). */
export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function tarListing(file: string, filter: string[] = []): string[] {
  return runOk('tar', [...filter, '-tf', file])
    .toString()
    .split('\n')
    .filter(Boolean);
}

/** Names from `unzip -l`: the fourth column of the lines between the two dashed rules. */
export function zipListing(file: string): string[] {
  const lines = runOk('unzip', ['-l', file]).toString().split('\n');
  const rules = lines.flatMap((line, index) => (/^-{5,}/.test(line) ? [index] : []));
  return lines
    .slice((rules[0] ?? 0) + 1, rules[1])
    .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(.*)$/.exec(line)?.[1] ?? line);
}

export function memoryEntry(name: string, content: Buffer, size = content.length): ArchiveEntry {
  return {
    name,
    isDir: false,
    size,
    mtime: sampleMtime,
    mode: 0o644,
    open: async () => Readable.from([content]),
  };
}

export async function* listOf(entries: ArchiveEntry[]): AsyncGenerator<ArchiveEntry> {
  yield* entries;
}

/** Writes the archive of `entries` into `dir` and returns its path. */
export async function produceArchive(
  dir: string,
  algo: ArchiveAlgo,
  entries: AsyncIterable<ArchiveEntry>,
): Promise<string> {
  const file = path.join(dir, `${algo}-${crypto.randomUUID()}${archiveFormat(algo).extension}`);
  await pipeline(createArchiveStream(algo, entries), fs.createWriteStream(file));
  return file;
}
