// --enable-exec needs the bubblewrap sandbox: refused at start without it, unless the admin accepts unconfined commands.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { oneLineError, runCli, tempInstall } from '../helpers/cli';
import { addUser } from '../helpers/commands';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { openShell } from '../helpers/websocket';

describe('starting with --enable-exec', () => {
  const install = tempInstall();
  after(() => removeDir(install.dir));
  const serve = (args: string[], env: Record<string, string> = {}) =>
    runCli(['--root', install.root, '--database', install.database, '--port', '0', ...args], {
      env,
    });

  it('exits 2 with one line when bubblewrap is missing or does not work', () => {
    for (const [args, env] of [
      [['--enable-exec', '--bwrap', '/nonexistent/bwrap'], {}],
      [['--enable-exec'], { DRAWER_BWRAP: '/nonexistent/bwrap' }],
      [['--enable-exec'], { PATH: '/nonexistent' }],
    ] as const) {
      const result = serve([...args], env);
      assert.equal(result.status, 2, `${args.join(' ')} ${JSON.stringify(env)}: ${result.stderr}`);
      const line = oneLineError(result);
      assert.match(line, /--enable-exec: bubblewrap \(bwrap\) was not found/);
      assert.match(line, /--enable-exec-unsandboxed/);
    }
    // A bwrap that cannot build the sandbox, as in a container without user namespaces.
    const broken = serve(['--enable-exec', '--bwrap', '/bin/false']);
    assert.equal(broken.status, 2, broken.stderr);
    assert.match(oneLineError(broken), /\/bin\/false does not work here/);
    assert.equal(fs.existsSync(install.database), false);
  });

  it('exits 2 when the database lies where every sandbox can read it', () => {
    const database = path.join('/usr', `drawer-test-${process.pid}`, 'drawer.json');
    const result = runCli([
      '--root',
      install.root,
      '--database',
      database,
      '--port',
      '0',
      '--enable-exec',
    ]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(oneLineError(result), /--database: .* lies in a system folder/);
    assert.equal(fs.existsSync(path.dirname(database)), false);
  });
});

describe('--enable-exec-unsandboxed without bubblewrap', () => {
  let server: TestServer;
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('starts, warns loudly, and runs commands unconfined', async () => {
    server = await startServer({
      args: ['--enable-exec', '--enable-exec-unsandboxed', '--bwrap', '/nonexistent/bwrap'],
      setup: (root) => fs.mkdirSync(path.join(root, 'runner')),
    });
    assert.match(
      server.output(),
      /WARNING --enable-exec-unsandboxed: bubblewrap \(bwrap\) was not found/,
    );
    const token = await addUser(server, 'runner', ['pwd']);
    const upgrade = await openShell(`${server.url}/api/command/`, { token });
    assert.equal(upgrade.kind, 'open');
    if (upgrade.kind !== 'open') return;
    upgrade.socket.send('pwd');
    await upgrade.socket.closed;
    assert.deepEqual(
      upgrade.socket.messages.map((message) => message.text),
      [fs.realpathSync(path.join(server.root, 'runner'))],
    );
  });
});

describe('without --enable-exec', () => {
  it('starts whatever --bwrap says, since nothing runs', async () => {
    const server = await startServer({ args: ['--bwrap', '/nonexistent/bwrap'] });
    assert.doesNotMatch(server.output(), /WARNING/);
    await server.stop();
    removeDir(server.dir);
  });
});

describe('a scope holding the database', () => {
  let server: TestServer;
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('gets no shell, since the sandbox would show the database; other scopes do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-test-'));
    server = await startServer({
      dir,
      args: ['--enable-exec', '--database', path.join(dir, 'root', 'data', 'drawer.json')],
      setup: (root) => fs.mkdirSync(path.join(root, 'runner')),
    });
    const origin = new URL(server.url).origin;
    const everything = await addUser(server, 'everything', ['ls'], {}, '/');
    const refused = await openShell(`${server.url}/api/command/`, { token: everything, origin });
    assert.equal(refused.kind, 'refused');
    if (refused.kind === 'refused') {
      assert.equal(refused.status, 403);
      const body = JSON.parse(refused.body) as { code: string; message: string };
      assert.equal(body.code, 'exec.disabled');
      assert.match(body.message, /database/);
    }
    const runner = await addUser(server, 'runner', ['ls']);
    const opened = await openShell(`${server.url}/api/command/`, { token: runner, origin });
    assert.equal(opened.kind, 'open');
    if (opened.kind === 'open') opened.socket.close();
  });
});
