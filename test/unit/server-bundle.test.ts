// The server bundle as scripts/build-server.ts writes it: ASCII only, so V8 holds its source at one byte a character.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildServer } from '../../scripts/build-server';

describe('server bundle', { timeout: 60_000 }, () => {
  let work: string;
  let bundle: string;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-server-bundle-'));
    const entry = path.join(work, 'entry.ts');
    // esbuild keeps some comments (this one, inside an object literal, it did keep).
    fs.writeFileSync(
      entry,
      [
        'const texts = {',
        '  // GET→PUT: a comment esbuild would keep in a readable bundle',
        "  arrow: 'GET→PUT',",
        "  accents: 'Größe, été, 文件',",
        '};',
        'process.stdout.write(JSON.stringify(texts));',
        '',
      ].join('\n'),
    );
    bundle = path.join(work, 'out', 'drawer.cjs');
    await buildServer(bundle, entry);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('holds no byte above ASCII, and its strings come out as written', () => {
    const bytes = fs.readFileSync(bundle);
    assert.equal(
      bytes.findIndex((byte) => byte > 0x7f),
      -1,
    );
    const output = execFileSync(process.execPath, [bundle], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(output), { arrow: 'GET→PUT', accents: 'Größe, été, 文件' });
  });

  it('keeps no comments', () => {
    assert.doesNotMatch(fs.readFileSync(bundle, 'utf8'), /a comment esbuild would keep/);
  });
});
