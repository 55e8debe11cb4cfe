// The server's life: first run, restarts, a broken or busy database, crashes and signals.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import bcrypt from 'bcryptjs';
import { runCli, tempInstall } from '../helpers/cli';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

function putSettings(server: TestServer, token: string, name: string) {
  return server.request('PUT', '/api/settings', { token, body: { branding: { name } } });
}

async function brandingName(server: TestServer, token: string): Promise<string> {
  const response = await server.request('GET', '/api/settings', { token });
  assert.equal(response.status, 200);
  return response.json<{ branding: { name: string } }>().branding.name;
}

describe('first run and restarts', () => {
  it('prints a generated password once, and it logs in; files are private', async () => {
    const server = await startServer({ noPassword: true });
    try {
      const match = /user 'admin' created with the password: (\S+)/.exec(server.output());
      assert.ok(match?.[1], server.output());
      const password = match[1];
      assert.ok(password.length >= 16, 'at least 16 characters');
      await server.login('admin', password);
      assert.equal(fs.statSync(server.database).mode & 0o777, 0o600);
      assert.equal(fs.statSync(path.dirname(server.database)).mode & 0o777, 0o700);

      const token = await server.login('admin', password);
      assert.equal((await putSettings(server, token, 'Kept Name')).status, 200);
      await server.stop();

      const restarted = await startServer({ dir: server.dir, noPassword: true });
      try {
        assert.doesNotMatch(restarted.output(), /First run|password/i, 'nothing reprinted');
        const again = await restarted.login('admin', password);
        assert.equal(await brandingName(restarted, again), 'Kept Name');
      } finally {
        await restarted.stop();
      }
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });

  it('takes --username and a plaintext --password on first run only', async () => {
    const server = await startServer({
      noPassword: true,
      args: ['--username', 'chief', '--password', 'chief-password-123'],
    });
    try {
      assert.match(server.output(), /user 'chief' created with the password given by --password/);
      assert.doesNotMatch(server.output(), /chief-password-123/, 'the password is not echoed');
      await server.login('chief', 'chief-password-123');
      await server.stop();
      const restarted = await startServer({
        dir: server.dir,
        noPassword: true,
        args: ['--username', 'other', '--password', 'other-password-123'],
      });
      try {
        await restarted.login('chief', 'chief-password-123');
        const other = await restarted.request('POST', '/api/login', {
          body: { username: 'other', password: 'other-password-123' },
        });
        assert.equal(other.status, 403, 'flags do not touch an existing database');
      } finally {
        await restarted.stop();
      }
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });

  it('takes --password as a bcrypt hash', async () => {
    const hash = bcrypt.hashSync('from-a-hash-12345', 10);
    const server = await startServer({ noPassword: true, args: ['--password', hash] });
    try {
      await server.login('admin', 'from-a-hash-12345');
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });
});

describe('a database that cannot be used', () => {
  const cases: [string, string, RegExp][] = [
    ['truncated JSON', '{"users": [', /not valid JSON.*left untouched/],
    ['another program’s JSON', '{"hello": "world"}', /not a Drawer database/],
    ['a newer schema', '', /newer Drawer/],
  ];
  for (const [name, content, reason] of cases) {
    it(`stops the start on ${name}, leaving the file byte for byte`, async () => {
      const install = tempInstall();
      fs.mkdirSync(path.dirname(install.database), { recursive: true });
      let bytes = content;
      if (bytes === '') {
        const server = await startServer({ dir: install.dir });
        await server.stop();
        const data = JSON.parse(fs.readFileSync(install.database, 'utf8')) as { version: number };
        bytes = JSON.stringify({ ...data, version: 99 });
      }
      fs.writeFileSync(install.database, bytes, { mode: 0o600 });
      const result = runCli(['-r', install.root, '-d', install.database, '-p', '0']);
      assert.notEqual(result.status, 0);
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0] ?? '', reason);
      assert.ok(lines[0]?.includes(install.database), 'names the file');
      assert.equal(fs.readFileSync(install.database, 'utf8'), bytes);
      removeDir(install.dir);
    });
  }

  it('refuses a second server on the same database', async () => {
    const server = await startServer();
    try {
      const second = runCli(['-r', server.root, '-d', server.database, '-p', '0']);
      assert.equal(second.status, 1);
      assert.match(second.stderr, /in use by another Drawer server/);
      assert.equal((await server.request('GET', '/health')).status, 200, 'the first one runs on');
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });
});

describe('crashes and signals', () => {
  it('survives kill -9 in the middle of a burst of writes', async () => {
    const dir = (
      await startServer().then(async (server) => {
        await server.stop();
        return server;
      })
    ).dir;
    try {
      for (const delayMs of [5, 15, 25, 35, 50, 70, 90, 120]) {
        const server = await startServer({ dir });
        const token = await server.adminToken();
        const writes = Array.from({ length: 120 }, (_, index) =>
          index % 3 === 0
            ? server.request('POST', '/api/users', {
                token,
                body: {
                  what: 'user',
                  which: [],
                  data: { username: `u${delayMs}-${index}`, password: 'burst-password-123' },
                  current_password: adminPassword,
                },
              })
            : putSettings(server, token, `burst ${delayMs} ${index}`),
        ).map((write) => write.catch(() => undefined));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await server.kill();
        await Promise.allSettled(writes);
        const database = path.join(dir, 'db', 'drawer.json');
        assert.doesNotThrow(
          () => JSON.parse(fs.readFileSync(database, 'utf8')),
          `after ${delayMs} ms`,
        );
      }
      const restarted = await startServer({ dir });
      try {
        const token = await restarted.adminToken();
        assert.equal((await restarted.request('GET', '/api/users', { token })).status, 200);
      } finally {
        await restarted.stop();
      }
    } finally {
      removeDir(dir);
    }
  });

  it('finishes writes in flight on SIGTERM, exits 0 promptly and releases the database', async () => {
    const server = await startServer();
    try {
      const token = await server.adminToken();
      const acknowledged: string[] = [];
      let signalled = false;
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
      const writes = Array.from({ length: 40 }, async (_, index) => {
        const name = `graceful ${index}`;
        const response = await putSettings(server, token, name).catch(() => undefined);
        if (response?.status === 200) acknowledged.push(name);
        if (!signalled) {
          signalled = true;
          server.process.kill('SIGTERM');
        }
      });
      const started = Date.now();
      await Promise.all(writes);
      assert.equal(await exited, 0);
      assert.ok(Date.now() - started < 5000, 'promptly');
      assert.ok(acknowledged.length > 0);
      const stored = JSON.parse(fs.readFileSync(server.database, 'utf8')) as {
        settings: { branding: { name: string } };
      };
      assert.ok(
        acknowledged.includes(stored.settings.branding.name),
        `the stored name "${stored.settings.branding.name}" was acknowledged`,
      );
      assert.equal(fs.existsSync(`${server.database}.lock`), false, 'the lock is gone');
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });

  it('exits 0 on SIGINT too', async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGINT');
    assert.equal(await exited, 0);
    removeDir(server.dir);
  });
});
