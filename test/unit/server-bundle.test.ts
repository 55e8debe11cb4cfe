// The server bundle as scripts/build-server.ts writes it: ASCII only (V8 holds its source at one byte a character), built-ins' exports copied once.
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
    // Two modules importing node:fs by default, as most of src/ does.
    fs.writeFileSync(
      path.join(work, 'one.ts'),
      "import fs from 'node:fs';\nexport const one = fs;\n",
    );
    fs.writeFileSync(
      path.join(work, 'two.ts'),
      "import fs from 'node:fs';\nexport const two = fs;\n",
    );
    // esbuild keeps some comments (this one, inside an object literal, it did keep).
    fs.writeFileSync(
      entry,
      [
        'const texts = {',
        '  // GET→PUT: a comment esbuild would keep in a readable bundle',
        "  arrow: 'GET→PUT',",
        "  accents: 'Größe, été, 文件',",
        '};',
        "import { one } from './one';",
        "import { two } from './two';",
        'const shared = one === two && typeof one.readFileSync === "function";',
        'process.stdout.write(JSON.stringify({ ...texts, shared }));',
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
    assert.deepEqual(JSON.parse(output), {
      arrow: 'GET→PUT',
      accents: 'Größe, été, 文件',
      shared: true,
    });
  });

  it("makes one copy of a built-in's exports for all the modules importing it", () => {
    const code = fs.readFileSync(bundle, 'utf8');
    assert.doesNotMatch(code, /__toESM\(require\("node:fs"\)/);
    assert.equal(code.match(/__builtinNamespace\("node:fs",[01]\)/g)?.length, 2);
  });

  it('keeps no comments', () => {
    assert.doesNotMatch(fs.readFileSync(bundle, 'utf8'), /a comment esbuild would keep/);
  });
});
