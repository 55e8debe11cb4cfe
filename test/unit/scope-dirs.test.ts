// Scope normalisation and scope folder creation, on real temp folders.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors';
import { ensureScopeDirectory, normaliseScope } from '../../src/fs/scope-dirs';

describe('normaliseScope', () => {
  const good: [string, string][] = [
    ['', '/'],
    ['.', '/'],
    ['/', '/'],
    ['./', '/'],
    ['  /users/bob  ', '/users/bob'],
    ['users/bob', '/users/bob'],
    ['/users//bob/./', '/users/bob'],
    ['users\\bob', '/users/bob'],
    ['/a..b/...', '/a..b/...'],
  ];
  for (const [input, expected] of good) {
    it(`turns ${JSON.stringify(input)} into ${expected}`, () => {
      assert.equal(normaliseScope(input), expected);
    });
  }

  const bad = [
    '..',
    '/..',
    '/users/../..',
    'users/bob/..',
    '..\\x',
    'a\u0000b',
    'a\nb',
    'x'.repeat(5000),
  ];
  for (const input of bad) {
    it(`refuses ${JSON.stringify(input.slice(0, 20))}`, () => {
      assert.throws(
        () => normaliseScope(input),
        (error) => error instanceof AppError && error.code === 'fs.badPath',
      );
    });
  }
});

describe('ensureScopeDirectory', () => {
  let dir: string;
  let root: string;
  let outside: string;
  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-scope-')));
    root = path.join(dir, 'root');
    outside = path.join(dir, 'outside');
    fs.mkdirSync(root);
    fs.mkdirSync(outside);
    fs.mkdirSync(path.join(root, 'real'));
    fs.symlinkSync(outside, path.join(root, 'escape'));
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'inside'));
    fs.symlinkSync(path.join(root, 'missing'), path.join(root, 'dangling'));
    fs.writeFileSync(path.join(root, 'file'), 'x');
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates nested folders with mode 0750 at most and returns the real path', async () => {
    const made = await ensureScopeDirectory(root, '/users/bob');
    assert.equal(made, path.join(root, 'users', 'bob'));
    assert.ok(fs.statSync(made).isDirectory());
    assert.equal(fs.statSync(made).mode & 0o027, 0);
    assert.equal(await ensureScopeDirectory(root, 'users/bob'), made, 'an existing folder is fine');
  });

  it('returns the root for "/"', async () => {
    assert.equal(await ensureScopeDirectory(root, '/'), root);
  });

  it('follows a symlink that stays inside the root', async () => {
    assert.equal(await ensureScopeDirectory(root, '/inside/sub'), path.join(root, 'real', 'sub'));
  });

  const refused: [string, string][] = [
    ['/escape', 'fs.badPath'],
    ['/escape/sub', 'fs.badPath'],
    ['/dangling', 'fs.badPath'],
    ['/dangling/sub', 'fs.badPath'],
    ['/file', 'fs.notDirectory'],
    ['/file/sub', 'fs.notDirectory'],
    ['/../outside', 'fs.badPath'],
  ];
  for (const [scope, code] of refused) {
    it(`refuses ${scope} with ${code}`, async () => {
      await assert.rejects(
        ensureScopeDirectory(root, scope),
        (error) => error instanceof AppError && error.code === code && !error.message.includes(dir),
      );
    });
  }

  it('never created anything outside the root', () => {
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.equal(fs.existsSync(path.join(root, 'missing')), false);
  });
});
