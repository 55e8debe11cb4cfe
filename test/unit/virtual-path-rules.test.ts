// Tables for the gate's pure parts: decoding and canonicalising paths, rule matching, symlink-safe resolution.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FolderHandle } from '../../src/fs/anchored';
import { lstatAt, openFolderPath } from '../../src/fs/anchored';
import type { Location, WalkBase } from '../../src/fs/locate';
import { isInsidePath, locate } from '../../src/fs/locate';
import type { VirtualPath } from '../../src/fs/virtual-path';
import {
  baseName,
  canonicalise,
  decodeOnce,
  fromUrlPath,
  isWithin,
  joinVirtual,
  parentOf,
} from '../../src/fs/virtual-path';
import type { Rule } from '../../src/api/rules';
import { compileRules } from '../../src/rules/rules';
import { AppError } from '../../src/errors';

const vp = (text: string) => text as VirtualPath;

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error.code;
  }
}

describe('fromUrlPath: decode once, then canonicalise', () => {
  it('resolves dots and slashes lexically, clamped at the root', () => {
    const table: [string, string, boolean][] = [
      ['', '/', false],
      ['/', '/', false],
      ['//', '/', false],
      ['/a/b', '/a/b', false],
      ['/a/b/', '/a/b', true],
      ['a//b///c', '/a/b/c', false],
      ['/./a/./b/.', '/a/b', false],
      ['/a/../b', '/b', false],
      ['/../../../etc/passwd', '/etc/passwd', false],
      ['/%2e%2e/secret', '/secret', false],
      ['/%2E%2E%2Fsecret', '/secret', false],
      ['/.%2e/x', '/x', false],
      ['/a/b/..%2f..%2f..%2fc', '/c', false],
      ['/%252e%252e%252fx', '/%2e%2e%2fx', false],
      ['/a\\..\\b', '/a\\..\\b', false],
      ['/%5c..%5cb', '/\\..\\b', false],
      ['/cafe%CC%81', '/cafe\u0301', false],
      ['/a%20b/%23c%3F', '/a b/#c?', false],
      ['/pub/a.txt/../../private/p.txt', '/private/p.txt', false],
    ];
    for (const [raw, expected, trailingSlash] of table) {
      assert.deepEqual(fromUrlPath(raw), { path: expected, trailingSlash }, raw);
    }
  });

  it('refuses NUL, control characters, bad encodings and surrogates with 400 codes', () => {
    const table: [string, string][] = [
      ['/a%00b', 'fs.badPath'],
      ['/a%0d%0ab', 'fs.badPath'],
      ['/a%09', 'fs.badPath'],
      ['/a%7f', 'fs.badPath'],
      ['/a%zz', 'request.badEncoding'],
      ['/a%2', 'request.badEncoding'],
      ['/%c0%ae%c0%ae/', 'request.badEncoding'],
      ['/%ed%a0%80', 'request.badEncoding'],
      [`/${'a'.repeat(5000)}`, 'fs.badPath'],
      [`/${'%41'.repeat(5000)}`, 'fs.badPath'],
    ];
    for (const [raw, code] of table)
      assert.equal(
        codeOf(() => fromUrlPath(raw)),
        code,
        raw,
      );
    assert.equal(
      codeOf(() => canonicalise('/\uD800x')),
      'fs.badPath',
    );
  });

  it('decodes exactly once', () => {
    assert.equal(decodeOnce('%2541'), '%41');
    assert.equal(decodeOnce('a+b'), 'a+b');
  });

  it('joins, splits and compares virtual paths on segment boundaries', () => {
    assert.equal(joinVirtual(vp('/'), 'a'), '/a');
    assert.equal(joinVirtual(vp('/a'), '../b'), '/b');
    assert.equal(parentOf(vp('/a/b')), '/a');
    assert.equal(parentOf(vp('/a')), '/');
    assert.equal(baseName(vp('/a/b.txt')), 'b.txt');
    assert.equal(baseName(vp('/')), '');
    assert.equal(isWithin(vp('/a/b'), vp('/a')), true);
    assert.equal(isWithin(vp('/a'), vp('/a')), true);
    assert.equal(isWithin(vp('/ab'), vp('/a')), false);
    assert.equal(isWithin(vp('/x'), vp('/')), true);
  });
});

describe('compileRules', () => {
  const rule = (allow: boolean, rulePath: string): Rule => ({
    allow,
    path: rulePath,
    regex: false,
    regexp: null,
  });
  const regex = (allow: boolean, raw: string): Rule => ({
    allow,
    path: '',
    regex: true,
    regexp: { raw },
  });

  it('matches path rules on whole segments', () => {
    const rules = compileRules([rule(false, '/uploads')], false);
    const table: [string, boolean][] = [
      ['/uploads', false],
      ['/uploads/u.txt', false],
      ['/uploads_backup/b.txt', true],
      ['/uploadsX', true],
      ['/x/uploads', true],
      ['/', true],
    ];
    for (const [target, allowed] of table) assert.equal(rules.allows(target), allowed, target);
    const onlyPub = compileRules([rule(false, '/'), rule(true, '/pub')], false);
    assert.equal(onlyPub.allows('/pub/a.txt'), true);
    assert.equal(onlyPub.allows('/pub_evil/a.txt'), false);
    assert.equal(onlyPub.allows('/other'), false);
  });

  it('lets the last matching rule win', () => {
    const rules = compileRules(
      [rule(false, '/a'), rule(true, '/a/open'), rule(false, '/a/open/closed')],
      false,
    );
    assert.equal(rules.allows('/a/x'), false);
    assert.equal(rules.allows('/a/open/x'), true);
    assert.equal(rules.allows('/a/open/closed/x'), false);
    assert.equal(compileRules([], false).isEmpty, true);
  });

  it('tolerates rule paths without a leading slash or with a trailing one', () => {
    const rules = compileRules([rule(false, 'private/')], false);
    assert.equal(rules.allows('/private/p.txt'), false);
    assert.equal(rules.allows('/privates'), true);
  });

  it('folds case only on case-insensitive disks, and compares in NFC', () => {
    assert.equal(compileRules([rule(false, '/private2')], false).allows('/Private2/q.txt'), true);
    assert.equal(compileRules([rule(false, '/private2')], true).allows('/Private2/q.txt'), false);
    assert.equal(compileRules([rule(false, '/cafe\u0301')], false).allows('/café/c.txt'), false);
    assert.equal(compileRules([rule(false, '/café')], false).allows('/cafe\u0301/c.txt'), false);
  });

  it('searches regular expressions anywhere, case-sensitively, and fails closed when invalid', () => {
    const rules = compileRules([regex(false, '\\.secret$')], true);
    assert.equal(rules.allows('/a/b.secret'), false);
    assert.equal(rules.allows('/a/b.SECRET'), true);
    assert.equal(compileRules([regex(false, '(unclosed')], false).allows('/anything'), false);
  });
});

describe('locate: one component at a time from an open folder', () => {
  let base: string;
  let scope: string;
  let walkBase: WalkBase;
  before(async () => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-resolve-')));
    scope = path.join(base, 'scope');
    fs.mkdirSync(path.join(scope, 'dir', 'sub'), { recursive: true });
    fs.mkdirSync(path.join(base, 'outside'));
    fs.writeFileSync(path.join(scope, 'dir', 'file.txt'), 'x');
    fs.symlinkSync('dir', path.join(scope, 'in-link'));
    fs.symlinkSync('../outside', path.join(scope, 'out-link'));
    fs.symlinkSync(path.join(base, 'outside'), path.join(scope, 'abs-link'));
    fs.symlinkSync(path.join(scope, 'dir'), path.join(scope, 'abs-in-link'));
    fs.symlinkSync('missing/target', path.join(scope, 'dangling'));
    fs.symlinkSync('../../outside/new', path.join(scope, 'dir', 'up-dangling'));
    fs.symlinkSync('..', path.join(scope, 'dir', 'up'));
    fs.symlinkSync('loop-b', path.join(scope, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(scope, 'loop-b'));
    walkBase = { scope: await openFolderPath(scope), scopePath: scope, openSystemRoot: undefined };
  });
  after(() => {
    walkBase.scope.release();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const release = (location: Location) => {
    for (const handle of [location.parent, location.folder])
      if (handle && handle !== walkBase.scope) handle.release();
  };

  it('follows links by reading them, to where they really lead inside the scope', async () => {
    // segments, follow the last, where it really lies, does it exist
    const table: [string[], boolean, string, boolean][] = [
      [['dir', 'file.txt'], true, 'dir/file.txt', true],
      [['in-link', 'file.txt'], true, 'dir/file.txt', true],
      [['in-link'], false, 'in-link', true],
      [['in-link'], true, 'dir', true],
      [['abs-in-link', 'file.txt'], true, 'dir/file.txt', true],
      [['out-link'], false, 'out-link', true],
      [['dangling'], true, 'missing/target', false],
      [['dir', 'file.txt', 'below'], true, 'dir/file.txt/below', false],
      [['dir', 'up', 'dir', 'file.txt'], true, 'dir/file.txt', true],
      [['dir', 'up'], true, '', true],
      [[], true, '', true],
    ];
    for (const [segments, followLast, real, exists] of table) {
      const location = await locate(walkBase, segments, followLast);
      assert.equal(location.inScope?.join('/'), real, segments.join('/'));
      assert.equal(location.stats !== undefined, exists, segments.join('/'));
      release(location);
    }
  });

  it('refuses links that lead out of the scope with 403, wherever they sit', async () => {
    for (const segments of [['out-link', 'x'], ['out-link'], ['abs-link'], ['dir', 'up-dangling']])
      await assert.rejects(
        locate(walkBase, segments, true),
        (error: unknown) => error instanceof AppError && error.code === 'fs.outsideScope',
        segments.join('/'),
      );
  });

  it('refuses link loops with a 400 instead of spinning', async () => {
    await assert.rejects(
      locate(walkBase, ['loop-a'], true),
      (error: unknown) => error instanceof AppError && error.code === 'fs.badPath',
    );
  });

  it('keeps using the folder it checked after that folder is swapped for a link', async () => {
    const location = await locate(walkBase, ['dir', 'file.txt'], true);
    fs.renameSync(path.join(scope, 'dir'), path.join(scope, 'dir-moved'));
    fs.symlinkSync('../outside', path.join(scope, 'dir'));
    try {
      const stats = await lstatAt(location.parent as FolderHandle, 'file.txt');
      assert.equal(stats?.size, 1, 'the checked folder is still the one used');
      await assert.rejects(locate(walkBase, ['dir', 'file.txt'], true));
    } finally {
      release(location);
      fs.rmSync(path.join(scope, 'dir'));
      fs.renameSync(path.join(scope, 'dir-moved'), path.join(scope, 'dir'));
    }
  });

  it('judges containment on separator boundaries', () => {
    assert.equal(isInsidePath('/srv/a', '/srv/a'), true);
    assert.equal(isInsidePath('/srv/a/b', '/srv/a'), true);
    assert.equal(isInsidePath('/srv/ab', '/srv/a'), false);
    assert.equal(isInsidePath('/srv/a/b', '/srv/a/'), true);
  });
});
