// The esbuild bundle (scripts/build-server.ts settings) still loads every WASM codec away from node_modules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildServer } from '../../scripts/build-server';
import type { TreeContents } from '../helpers/archive-tools';
import {
  assertSameTree,
  decodeSnappyFrames,
  readTree,
  runOk,
  writeSampleTree,
} from '../helpers/archive-tools';

const entry = path.resolve(import.meta.dirname, '../helpers/archive-bundle-entry.ts');

/**
 * The bundle runs from a temp folder with no node_modules above it, so a codec that still reads
 * its .wasm from disk (import.meta.url, __dirname, require.resolve) fails here as it would in the
 * single executable.
 */
describe('archive codecs in the bundle', () => {
  let work: string;
  let expected: TreeContents;
  let outDir: string;
  let handlers: Record<string, number>;
  const algos = ['tarxz', 'tarlz4', 'tarsz', 'tarbz2'];

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-archive-bundle-'));
    const source = path.join(work, 'source');
    fs.mkdirSync(source);
    expected = writeSampleTree(source);
    outDir = path.join(work, 'out');
    fs.mkdirSync(outDir);
    const bundle = path.join(work, 'archive-bundle.cjs');
    await buildServer(bundle, entry);
    const output = runOk(process.execPath, [bundle, source, outDir, ...algos], { cwd: work });
    handlers = JSON.parse(output.toString().trim()) as Record<string, number>;
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  function extract(tar: Buffer): TreeContents {
    const target = fs.mkdtempSync(path.join(work, 'x-'));
    runOk('tar', ['-x', '-C', target], { input: tar });
    return readTree(target);
  }

  it('writes a tar.xz that xz accepts', () => {
    const file = path.join(outDir, 'archive.tar.xz');
    runOk('xz', ['-t', file]);
    assertSameTree(extract(runOk('xz', ['-dc', file])), expected);
  });

  it('writes a tar.lz4 that lz4 accepts', () => {
    const file = path.join(outDir, 'archive.tar.lz4');
    runOk('lz4', ['-t', file]);
    assertSameTree(extract(runOk('lz4', ['-dc', file])), expected);
  });

  it('writes a tar.sz whose frames and checksums are valid', () => {
    const tar = decodeSnappyFrames(fs.readFileSync(path.join(outDir, 'archive.tar.sz')));
    assertSameTree(extract(tar), expected);
  });

  it('writes a tar.bz2 that bzip2 accepts', () => {
    const file = path.join(outDir, 'archive.tar.bz2');
    runOk('bzip2', ['-t', file]);
    assertSameTree(extract(runOk('bzip2', ['-dc', file])), expected);
  });

  it("leaves no process-wide crash handlers behind (libbzip2-wasm's glue installs two)", () => {
    assert.deepEqual(handlers, { unhandledRejection: 0, uncaughtException: 0 });
  });

  it('inlines the wasm instead of reading it beside the bundle', () => {
    const bundle = fs.readFileSync(path.join(work, 'archive-bundle.cjs'), 'utf8');
    assert.doesNotMatch(bundle, /readFileSync\(path\)/);
    assert.equal(fs.existsSync(path.join(work, 'node_modules')), false);
  });
});
