// npm start serves data/ beside the checkout (made on first run) unless the invocation names a root
// somewhere: a flag, DRAWER_ROOT, FB_ROOT or a File Browser config file; the checkout ignores both.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { startArgs } from '../../scripts/start-root';

describe('npm start: the folder it serves', () => {
  let checkout: string;
  let cwd: string;
  beforeEach(() => {
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-checkout-'));
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-cwd-'));
  });
  afterEach(() => {
    fs.rmSync(checkout, { recursive: true, force: true });
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  const data = () => path.join(checkout, 'data');

  it('serves data/ beside the checkout when nothing names a root, and makes it on the first run', () => {
    assert.deepEqual(startArgs([], {}, cwd, checkout), ['--root', data()]);
    assert.ok(fs.statSync(data()).isDirectory());
    fs.writeFileSync(path.join(data(), 'kept.txt'), 'mine');
    // Other flags pass through, and a second run keeps what is there.
    assert.deepEqual(startArgs(['--port', '9000'], {}, cwd, checkout), [
      '--port',
      '9000',
      '--root',
      data(),
    ]);
    assert.equal(fs.readFileSync(path.join(data(), 'kept.txt'), 'utf8'), 'mine');
  });

  it('leaves a root named anywhere as it is, and makes no data/', () => {
    fs.writeFileSync(path.join(cwd, 'custom.json'), JSON.stringify({ root: '/srv/files' }));
    const named: [string[], Record<string, string>][] = [
      [['--root', '/srv/files'], {}],
      [['-r', '.'], {}],
      [['--root=/srv/files'], {}],
      [[], { DRAWER_ROOT: '/srv/files' }],
      [[], { FB_ROOT: '/srv/files' }],
      [['--config', 'custom.json'], {}],
      [['--help'], {}],
      [['version'], {}],
      [['users', 'ls'], {}],
    ];
    for (const [args, env] of named)
      assert.deepEqual(startArgs(args, env, cwd, checkout), args, JSON.stringify([args, env]));
    assert.equal(fs.existsSync(data()), false);
  });

  it('leaves bad flags to the server, which explains them', () => {
    assert.deepEqual(startArgs(['--no-such-flag'], {}, cwd, checkout), ['--no-such-flag']);
  });
});

describe('the checkout ignores what a first run leaves in it', () => {
  const repository = path.resolve(import.meta.dirname, '..', '..');
  for (const name of [
    'data/',
    'data/notes.txt',
    'drawer.json',
    'drawer.json.lock',
    'drawer.json.cache/thumbs/x.jpg',
  ])
    it(name, () => {
      const ignored = execFileSync('git', ['check-ignore', '--no-index', name], {
        cwd: repository,
        encoding: 'utf8',
      });
      assert.equal(ignored.trim(), name);
    });
});
