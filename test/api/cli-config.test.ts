// drawer config export|import: a backup without the secret, and refusals that leave the database alone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { installed, oneLineError, runCli, tempInstall } from '../helpers/cli';
import { adminPassword, removeDir, startServer } from '../helpers/server';

describe('drawer config export and import', () => {
  let install: { dir: string; root: string; database: string };
  before(async () => {
    install = await installed();
    const add = runCli([
      'users',
      'add',
      'gina',
      'gina-password-123',
      '-d',
      install.database,
      '-r',
      install.root,
    ]);
    assert.equal(add.status, 0, add.stderr);
  });
  after(() => removeDir(install.dir));

  it('round-trips users and settings into a fresh database, without the secret', async () => {
    const backup = path.join(install.dir, 'backup.json');
    const exported = runCli(['config', 'export', backup, '-d', install.database]);
    assert.equal(exported.status, 0, exported.stderr);
    assert.equal(fs.statSync(backup).mode & 0o777, 0o600);
    const text = fs.readFileSync(backup, 'utf8');
    const { secret } = JSON.parse(fs.readFileSync(install.database, 'utf8')) as { secret: string };
    assert.equal(text.includes(secret), false, 'the signing secret stays out of backups');
    const file = JSON.parse(text) as {
      version: number;
      settings: { branding: { name: string }; minimumPasswordLength: number };
      users: { username: string; passwordHash: string }[];
      shares: unknown[];
    };
    assert.deepEqual(Object.keys(file).sort(), ['settings', 'shares', 'users', 'version']);
    assert.deepEqual(
      file.users.map((user) => user.username),
      ['admin', 'gina'],
    );
    assert.match(file.users[0]?.passwordHash ?? '', /^\$2/);

    file.settings.branding.name = 'Restored Drawer';
    file.settings.minimumPasswordLength = 20;
    fs.writeFileSync(backup, JSON.stringify(file));
    const fresh = tempInstall();
    const imported = runCli(['config', 'import', backup, '-d', fresh.database]);
    assert.equal(imported.status, 0, imported.stderr);
    assert.equal(fs.statSync(fresh.database).mode & 0o777, 0o600);
    const restored = JSON.parse(fs.readFileSync(fresh.database, 'utf8')) as { secret: string };
    assert.ok(restored.secret.length >= 64 && restored.secret !== secret, 'a new secret');

    const server = await startServer({ dir: fresh.dir });
    try {
      assert.doesNotMatch(server.output(), /First run/);
      await server.login('gina', 'gina-password-123');
      const token = await server.login('admin', adminPassword);
      const settings = await server.request('GET', '/api/settings', { token });
      assert.equal(settings.status, 200);
      const body = settings.json<{ branding: { name: string }; minimumPasswordLength: number }>();
      assert.equal(body.branding.name, 'Restored Drawer');
      assert.equal(body.minimumPasswordLength, 20);
    } finally {
      await server.stop();
      removeDir(fresh.dir);
    }

    // Importing over an existing database keeps its secret: sessions signed before stay valid.
    const again = runCli(['config', 'import', backup, '-d', install.database]);
    assert.equal(again.status, 0, again.stderr);
    const kept = JSON.parse(fs.readFileSync(install.database, 'utf8')) as { secret: string };
    assert.equal(kept.secret, secret);
  });

  it('refuses a bad file with a clear message and leaves the database untouched', () => {
    const before = fs.readFileSync(install.database);
    const good = JSON.parse(
      runCli(['config', 'export', '-', '-d', install.database]).stdout,
    ) as Record<string, unknown> & { users: Record<string, unknown>[] };
    const firstUser = good.users[0] ?? {};
    const cases: [string, RegExp][] = [
      ['{"users": [', /not valid JSON/],
      ['[]', /must be an object/],
      [JSON.stringify({ ...good, settings: undefined }), /missing the field "settings"/],
      [JSON.stringify({ ...good, version: 99 }), /schema version 99/],
      [JSON.stringify({ ...good, users: [{ ...firstUser, passwordHash: 'plain' }] }), /bcrypt/],
      [JSON.stringify({ ...good, users: [{ ...firstUser, perm: { admin: 'yes' } }] }), /perm/],
      [JSON.stringify({ ...good, users: [firstUser, firstUser] }), /used twice/],
      [
        JSON.stringify({
          ...good,
          users: [{ ...firstUser, perm: { ...(firstUser.perm as object), admin: false } }],
        }),
        /no admin/,
      ],
      [
        JSON.stringify({ ...good, shares: [{ hash: 'h', path: '/', userID: 42, expire: 0 }] }),
        /userID 42/,
      ],
    ];
    for (const [content, reason] of cases) {
      const file = path.join(install.dir, 'bad.json');
      fs.writeFileSync(file, content);
      const result = runCli(['config', 'import', file, '-d', install.database]);
      assert.equal(result.status, 1, content.slice(0, 60));
      const line = oneLineError(result);
      assert.match(line, reason);
      assert.match(line, /the database was not changed/);
    }
    assert.deepEqual(fs.readFileSync(install.database), before);
    const missing = runCli([
      'config',
      'import',
      path.join(install.dir, 'nope.json'),
      '-d',
      install.database,
    ]);
    assert.equal(missing.status, 1);
    assert.match(oneLineError(missing), /cannot import/);
  });
});
