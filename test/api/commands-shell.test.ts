// The shell panel's WebSocket against a real server: admission, the allow-list, inert metacharacters, limits.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { addUser, changeSettings, processesRunning, waitFor } from '../helpers/commands';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { openShell } from '../helpers/websocket';
import type { ShellOptions } from '../helpers/websocket';

const canary = 'canary-value-8d1f';
const bobSecret = 'bob-secret-4e2a';

describe('command runner (exec enabled)', () => {
  let server: TestServer;
  let origin: string;
  let runner: string;
  let noExec: string;
  let boxed: string;
  let looker: string;
  const home = () => path.join(server.root, 'runner');

  const shellUrl = (folder: string) => `${server.url}/api/command${folder}`;
  const open = async (folder: string, options: ShellOptions) => {
    const upgrade = await openShell(shellUrl(folder), options);
    assert.equal(upgrade.kind, 'open', JSON.stringify(upgrade));
    if (upgrade.kind !== 'open') throw new Error('not open');
    return upgrade.socket;
  };
  const run = async (line: string, folder = '/', token = runner) => {
    const socket = await open(folder, { token, origin });
    socket.send(line);
    const end = await socket.closed;
    return { lines: socket.messages.map((message) => message.text), ...end };
  };
  const refusal = async (folder: string, options: ShellOptions) => {
    const upgrade = await openShell(shellUrl(folder), options);
    assert.equal(upgrade.kind, 'refused', 'the upgrade must be refused');
    if (upgrade.kind !== 'refused') throw new Error('opened');
    return { status: upgrade.status, code: (JSON.parse(upgrade.body) as { code: string }).code };
  };

  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      env: { DRAWER_SECRET_CANARY: canary },
      setup: (root) => {
        for (const user of ['runner', 'noexec', 'quiet', 'boxed', 'looker', 'bob'])
          fs.mkdirSync(path.join(root, user, 'sub', 'deeper'), { recursive: true });
        fs.writeFileSync(path.join(root, 'runner', 'a.txt'), 'a');
        fs.writeFileSync(path.join(root, 'boxed', 'mine.txt'), 'mine');
        fs.writeFileSync(path.join(root, 'bob', 'b.txt'), bobSecret);
      },
    });
    origin = new URL(server.url).origin;
    runner = await addUser(server, 'runner', ['echo', 'pwd', 'printenv', 'sleep', 'ls', 'printf']);
    noExec = await addUser(server, 'noexec', ['echo'], { execute: false });
    boxed = await addUser(server, 'boxed', ['ls', 'cat', 'touch', 'pwd']);
    looker = await addUser(server, 'looker', ['touch'], {
      create: false,
      rename: false,
      modify: false,
      delete: false,
      share: false,
    });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('streams an allowed command’s output line by line and closes normally', async () => {
    const result = await run("printf 'one\\ntwo\\n\\nlast'");
    assert.deepEqual(result.lines, ['one', 'two', '', 'last']);
    assert.equal(result.code, 1000);
    assert.match(server.output(), /shell command received.*"user":"runner".*printf/);
  });

  it('ignores empty messages and runs the first command only', async () => {
    const socket = await open('/', { token: runner, origin });
    socket.send('   ');
    socket.send('echo first');
    socket.send('echo second');
    assert.equal((await socket.closed).code, 1000);
    assert.deepEqual(
      socket.messages.map((message) => message.text),
      ['first'],
    );
  });

  it('reports a non-zero exit with close code 1011, stderr included', async () => {
    const result = await run('ls no-such-entry');
    assert.equal(result.code, 1011);
    assert.equal(result.reason, 'exit status 2');
    assert.equal(result.lines.length, 1);
    assert.match(result.lines[0] ?? '', /no-such-entry/);
  });

  it('refuses a command outside the list, and runs nothing', async () => {
    for (const line of [
      `touch ${path.join(server.dir, 'made')}`,
      `/bin/echo hi`,
      'ECHO hi',
      './echo hi',
      "'' echo hi",
      '"echo hi"',
    ]) {
      const result = await run(line);
      assert.deepEqual(result.lines, ['Command not allowed.'], line);
      assert.equal(result.code, 1008, line);
      // Drawer's UI tells this refusal from a line it cannot split, to name the allowed commands.
      assert.equal(result.reason, 'command not allowed', line);
    }
    assert.equal(fs.existsSync(path.join(server.dir, 'made')), false);
  });

  it('answers a line it cannot split with the reason', async () => {
    const result = await run("echo 'unclosed");
    assert.deepEqual(result.lines, ['the command has an unclosed single quote']);
    assert.equal(result.code, 1008);
    assert.equal(result.reason, 'command refused');
  });

  it('keeps every shell metacharacter inert: only echo runs, with them as arguments', async () => {
    const marker = (name: string) => path.join(server.dir, `pwned-${name}`);
    const rows: [string, string, string][] = [
      ['semicolon', `echo hi; touch ${marker('semicolon')}`, `hi; touch ${marker('semicolon')}`],
      ['and', `echo hi && touch ${marker('and')}`, `hi && touch ${marker('and')}`],
      ['or', `echo hi || touch ${marker('or')}`, `hi || touch ${marker('or')}`],
      ['pipe', `echo hi | touch ${marker('pipe')}`, `hi | touch ${marker('pipe')}`],
      ['subshell', `echo $(touch ${marker('subshell')})`, `$(touch ${marker('subshell')})`],
      ['backticks', `echo \`touch ${marker('backticks')}\``, `\`touch ${marker('backticks')}\``],
      ['redirect', 'echo hi > redirected.txt', 'hi > redirected.txt'],
      ['newline', `echo hi\ntouch ${marker('newline')}`, `hi touch ${marker('newline')}`],
      [
        'background',
        `echo hi & touch ${marker('background')}`,
        `hi & touch ${marker('background')}`,
      ],
      ['variables', 'echo $DRAWER_SECRET_CANARY ${HOME} ~ *', '$DRAWER_SECRET_CANARY ${HOME} ~ *'],
    ];
    for (const [name, line, printed] of rows) {
      const result = await run(line);
      assert.deepEqual(result.lines, [printed], name);
      assert.equal(result.code, 1000, name);
      assert.equal(fs.existsSync(marker(name)), false, name);
    }
    assert.equal(fs.existsSync(path.join(home(), 'redirected.txt')), false);
  });

  it('runs in the folder of the URL, inside the scope mounted at /scope', async () => {
    assert.deepEqual((await run('pwd')).lines, ['/scope']);
    assert.deepEqual((await run('pwd', '/sub/deeper')).lines, ['/scope/sub/deeper']);
    assert.deepEqual((await run('pwd', '/sub%2Fdeeper')).lines, ['/scope/sub/deeper']);
  });

  it('gives the command a minimal environment without any of the server’s variables', async () => {
    const result = await run('printenv');
    assert.equal(result.code, 1000);
    assert.equal(result.lines.join('\n').includes(canary), false);
    assert.deepEqual(result.lines.sort(), [
      'HOME=/scope',
      'LANG=C.UTF-8',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      // bubblewrap's own, from its --chdir
      'PWD=/scope',
    ]);
  });

  it('kills the process when the socket closes', async () => {
    const argv = ['sleep', '31.4159'];
    const socket = await open('/', { token: runner, origin });
    socket.send(argv.join(' '));
    await waitFor(() => processesRunning(argv).length === 1, 'sleep to start');
    socket.close();
    await socket.closed;
    await waitFor(() => processesRunning(argv).length === 0, 'sleep to be killed');
  });

  it('takes the token from X-Auth, the auth query parameter or the auth cookie', async () => {
    const viaQuery = await openShell(`${shellUrl('/')}?auth=${runner}`, { origin });
    assert.equal(viaQuery.kind, 'open');
    if (viaQuery.kind === 'open') viaQuery.socket.close();
    const viaCookie = await openShell(shellUrl('/'), {
      origin,
      headers: { cookie: `auth=${runner}` },
    });
    assert.equal(viaCookie.kind, 'open');
    if (viaCookie.kind === 'open') viaCookie.socket.close();
  });

  it('refuses the upgrade without a valid token', async () => {
    assert.deepEqual(await refusal('/', { origin }), { status: 401, code: 'auth.required' });
    assert.equal((await refusal('/', { origin, token: 'not.a.token' })).status, 401);
    assert.equal((await refusal('/', { origin, token: `${runner}x` })).status, 401);
  });

  it('refuses a cross-site or sandboxed upgrade before upgrading', async () => {
    const port = new URL(server.url).port;
    for (const foreign of [
      'null',
      'https://evil.example',
      `http://127.0.0.1.evil.example:${port}`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
    ]) {
      const result = await refusal('/', {
        token: runner,
        ...(foreign === undefined ? {} : { origin: foreign }),
      });
      assert.deepEqual(result, { status: 403, code: 'request.badOrigin' }, String(foreign));
    }
    const cookieOnly = await refusal('/', {
      origin: 'https://evil.example',
      headers: { cookie: `auth=${runner}` },
    });
    assert.equal(cookieOnly.status, 403);
    // Only Host counts: a client names any forwarded host it likes.
    const forwarded = await refusal('/', {
      token: runner,
      origin: 'https://evil.example',
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    assert.deepEqual(forwarded, { status: 403, code: 'request.badOrigin' });
  });

  it('accepts an upgrade without Origin from a client holding a token, as the HTTP API does', async () => {
    const socket = await open('/', { token: runner });
    socket.send('echo no-origin');
    assert.equal((await socket.closed).code, 1000);
    assert.deepEqual(
      socket.messages.map((message) => message.text),
      ['no-origin'],
    );
    assert.equal((await refusal('/', {})).status, 401);
  });

  it('refuses users without the execute permission before upgrading', async () => {
    assert.deepEqual(await refusal('/', { token: noExec, origin }), {
      status: 403,
      code: 'auth.forbidden',
    });
  });

  it('still needs the command in an admin’s own list', async () => {
    const result = await run('echo hi', '/', await server.adminToken());
    assert.deepEqual(result.lines, ['Command not allowed.']);
  });

  it('refuses folders that are missing, files, or outside the scope', async () => {
    const token = runner;
    assert.deepEqual(await refusal('/missing', { token, origin }), {
      status: 404,
      code: 'fs.notFound',
    });
    assert.deepEqual(await refusal('/a.txt', { token, origin }), {
      status: 400,
      code: 'fs.notDirectory',
    });
    // Dots are clamped at the scope root: "/.." is the user's own root, "/../noexec" their "/noexec".
    // Raw requests, because a WebSocket client resolves dots before sending; the checks run
    // before the upgrade, so a plain GET meets them (and gets 426 when admitted).
    for (const [escape, status] of [
      ['/..', 426],
      ['/%2e%2e', 426],
      ['/sub/../../..', 426],
      ['/..%2Fnoexec', 404],
      ['/%2e%2e%2fnoexec', 404],
      ['/%2e%2e%2f%2e%2e%2frunner', 404],
      ['/%00', 400],
    ] as const) {
      const response = await server.request('GET', `/api/command${escape}`, {
        token,
        headers: { origin },
      });
      assert.equal(response.status, status, escape);
    }
    const clamped = await run('pwd', '/sub%2F..%2F..%2F..');
    assert.deepEqual(clamped.lines, ['/scope']);
  });

  it('refuses an upgrade on any other route with a plain 404', async () => {
    for (const other of ['/api/resources/', '/api/commands', '/', '/health', '/nowhere']) {
      const upgrade = await openShell(`${server.url}${other}`, { token: runner, origin });
      assert.equal(upgrade.kind, 'refused', other);
      if (upgrade.kind === 'refused') assert.equal(upgrade.status, 404, other);
    }
  });

  it('answers a plain GET with 426 and other methods with 405', async () => {
    const plain = await server.request('GET', '/api/command/', {
      token: runner,
      headers: { origin },
    });
    assert.equal(plain.status, 426);
    assert.equal(plain.json<{ code: string }>().code, 'request.upgradeRequired');
    const post = await server.request('POST', '/api/command/', { token: runner });
    assert.equal(post.status, 405);
  });

  describe('the sandbox', () => {
    /** Everything a command printed, for looking for what it must not have read. */
    const said = (result: { lines: string[] }) => result.lines.join('\n');

    it('shows the scope’s own files to ls', async () => {
      const result = await run('ls', '/', boxed);
      assert.deepEqual(result.lines, ['mine.txt', 'sub']);
      assert.equal(result.code, 1000);
    });

    it('runs in the requested folder of the scope', async () => {
      assert.deepEqual((await run('pwd', '/sub/deeper', boxed)).lines, ['/scope/sub/deeper']);
    });

    it('does not show another user’s folder, by a relative or an absolute path', async () => {
      for (const [folder, line] of [
        ['/', 'cat ../bob/b.txt'],
        ['/sub', 'cat ../../bob/b.txt'],
        ['/', `cat ${path.join(server.root, 'bob', 'b.txt')}`],
        ['/', `cat ${path.join(fs.realpathSync(server.root), 'bob', 'b.txt')}`],
      ] as const) {
        const result = await run(line, folder, boxed);
        assert.equal(said(result).includes(bobSecret), false, line);
        assert.equal(result.code, 1011, line);
      }
    });

    it('does not show the host’s name, its /etc, nor the database', async () => {
      const names = await run('cat /etc/hostname /proc/sys/kernel/hostname', '/', boxed);
      assert.equal(names.lines.includes(os.hostname()), false, said(names));
      const database = await run(`cat ${server.database}`, '/', boxed);
      assert.equal(database.code, 1011);
      assert.equal(said(database).includes('"username"'), false);
      const root = await run('ls /', '/', boxed);
      assert.ok(root.lines.includes('scope'), said(root));
      for (const absent of ['root', 'home', 'var', 'srv', 'work'])
        assert.equal(root.lines.includes(absent), false, absent);
      const etc = await run('ls /etc', '/', boxed);
      assert.equal(etc.lines.includes('passwd'), false, said(etc));
    });

    it('writes into the scope, and the API sees the new file', async () => {
      const result = await run('touch made-in-sandbox.txt', '/sub', boxed);
      assert.equal(result.code, 1000, said(result));
      const response = await server.request('GET', '/api/resources/sub/made-in-sandbox.txt', {
        token: boxed,
      });
      assert.equal(response.status, 200, response.text);
    });

    it('binds the scope read-only for a user who may not change files', async () => {
      const result = await run('touch not-made.txt', '/', looker);
      assert.equal(result.code, 1011);
      assert.equal(fs.existsSync(path.join(server.root, 'looker', 'not-made.txt')), false);
    });
  });

  describe('the allow-list', () => {
    it('refuses a shell or an interpreter in a user’s commands, in any spelling', async () => {
      const token = await server.adminToken();
      for (const command of ['bash', '/bin/sh', 'BASH', 'python3.11', 'env', 'xargs', 'awk']) {
        const response = await server.request('POST', '/api/users', {
          token,
          body: {
            what: 'user',
            which: [],
            current_password: adminPassword,
            data: {
              username: 'shelly',
              password: 'shelly-password-1234',
              scope: '/shelly',
              perm: { execute: true },
              commands: ['ls', command],
              rules: [],
            },
          },
        });
        assert.equal(response.status, 400, `${command}: ${response.text}`);
        const body = response.json<{ code: string; message: string }>();
        assert.equal(body.code, 'request.invalid');
        assert.ok(body.message.includes(command), body.message);
      }
    });

    it('refuses one in a change of a user’s commands and in the defaults for new users', async () => {
      const token = await server.adminToken();
      const users = (await server.request('GET', '/api/users', { token })).json<
        { id: number; username: string }[]
      >();
      const id = users.find((user) => user.username === 'boxed')?.id;
      const change = await server.request('PUT', `/api/users/${id}`, {
        token,
        body: { what: 'user', which: ['commands'], data: { id, commands: ['ls', 'sh'] } },
      });
      assert.equal(change.status, 400, change.text);
      const settings = (await server.request('GET', '/api/settings', { token })).json<{
        defaults: Record<string, unknown>;
      }>();
      const defaults = await server.request('PUT', '/api/settings', {
        token,
        body: { ...settings, defaults: { ...settings.defaults, commands: ['zsh'] } },
      });
      assert.equal(defaults.status, 400, defaults.text);
      assert.deepEqual((await run('ls', '/', boxed)).lines, ['mine.txt', 'sub']);
    });
  });

  describe('with a shell prefix', () => {
    before(() => changeSettings(server, { shell: ['sh', '-c'] }));
    after(() => changeSettings(server, { shell: [] }));

    it('hands the whole line to the shell, so a pipeline works', async () => {
      const result = await run('echo hello | tr a-z A-Z');
      assert.deepEqual(result.lines, ['HELLO']);
      assert.equal(result.code, 1000);
    });

    it('still checks the first word against the list', async () => {
      const result = await run(`touch ${path.join(server.dir, 'shell-made')}`);
      assert.deepEqual(result.lines, ['Command not allowed.']);
      assert.equal(fs.existsSync(path.join(server.dir, 'shell-made')), false);
    });

    it('streams output as it is printed, not when the command ends', async () => {
      const socket = await open('/', { token: runner, origin });
      const sent = Date.now();
      socket.send('echo first; sleep 1.5; echo second');
      await socket.closed;
      const [first, second] = socket.messages;
      assert.equal(first?.text, 'first');
      assert.equal(second?.text, 'second');
      assert.ok((first?.at ?? 0) - sent < 1000, 'the first line arrived at once');
      assert.ok((second?.at ?? 0) - (first?.at ?? 0) >= 1000, 'the second came later');
    });

    it('kills the whole process group when the socket closes', async () => {
      const background = ['sleep', '31.2718'];
      const foreground = ['sleep', '31.2719'];
      const socket = await open('/', { token: runner, origin });
      socket.send(`sleep 31.2718 & sleep 31.2719; echo done`);
      await waitFor(
        () =>
          processesRunning(background).length === 1 && processesRunning(foreground).length === 1,
        'both sleeps to start',
      );
      socket.close();
      await waitFor(
        () =>
          processesRunning(background).length === 0 && processesRunning(foreground).length === 0,
        'both sleeps to be killed',
      );
    });

    it('confines the whole line to the sandbox', async () => {
      const escape = await run('ls && cat ../bob/b.txt', '/', boxed);
      assert.deepEqual(escape.lines.slice(0, 2), ['mine.txt', 'sub']);
      assert.equal(escape.lines.join('\n').includes(bobSecret), false);
      const names = await run('ls >/dev/null; cat /etc/hostname; hostname', '/', boxed);
      assert.equal(names.lines.includes(os.hostname()), false, names.lines.join('\n'));
      const database = await run(`ls >/dev/null && cat ${server.database}`, '/', boxed);
      assert.equal(database.code, 1011);
      assert.equal(database.lines.join('\n').includes('"username"'), false);
      const substitution = await run('ls $(id -u) 2>&1; ls /', '/', boxed);
      assert.equal(substitution.lines.includes('home'), false);
    });

    it('ends a command at once when its leader exits, killing what it left behind', async () => {
      const left = ['sleep', '31.1414'];
      const started = Date.now();
      const result = await run('sleep 31.1414 & echo left');
      assert.deepEqual(result.lines, ['left']);
      assert.equal(result.code, 1000);
      assert.ok(Date.now() - started < 5000);
      await waitFor(() => processesRunning(left).length === 0, 'the leftover to be killed');
    });
  });
});

describe('command runner limits, under a base URL', () => {
  let server: TestServer;
  let runner: string;
  let origin: string;

  before(async () => {
    server = await startServer({
      // Under a base URL too, so the route's prefix handling is exercised.
      args: ['--enable-exec', '--exec-timeout', '1s', '--exec-max-output', '64K', '-b', '/fb'],
      setup: (root) => fs.mkdirSync(path.join(root, 'runner')),
    });
    origin = new URL(server.url).origin;
    runner = await addUser(server, 'runner', ['sleep', 'yes']);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('stops a command that runs past the time limit', async () => {
    const upgrade = await openShell(`${server.url}/api/command/`, { token: runner, origin });
    assert.equal(upgrade.kind, 'open');
    if (upgrade.kind !== 'open') return;
    const started = Date.now();
    upgrade.socket.send('sleep 31.5926');
    const end = await upgrade.socket.closed;
    assert.ok(Date.now() - started < 5000);
    assert.deepEqual(end, { code: 1011, reason: 'time limit' });
    assert.deepEqual(
      upgrade.socket.messages.map((message) => message.text),
      ['The command ran too long and was stopped.'],
    );
    await waitFor(() => processesRunning(['sleep', '31.5926']).length === 0, 'sleep to die');
  });

  it('stops a command that prints more than the output limit', async () => {
    const upgrade = await openShell(`${server.url}/api/command/`, { token: runner, origin });
    assert.equal(upgrade.kind, 'open');
    if (upgrade.kind !== 'open') return;
    upgrade.socket.send('yes');
    const end = await upgrade.socket.closed;
    assert.deepEqual(end, { code: 1011, reason: 'output limit' });
    const texts = upgrade.socket.messages.map((message) => message.text);
    assert.equal(texts.at(-1), 'The command printed too much and was stopped.');
    assert.ok(texts.length <= 32 * 1024 + 1, `${texts.length} lines`);
  });
  it('answers an upgrade to a route outside the base URL in plain HTTP, never as a WebSocket', async () => {
    const upgrade = await openShell(`${origin}/health`, { token: runner, origin });
    assert.equal(upgrade.kind, 'refused');
    if (upgrade.kind === 'refused') assert.equal(upgrade.status, 200);
  });
});

describe('command runner, when the server stops', () => {
  it('closes the open shells and kills their commands, without waiting for the grace period', async () => {
    const server = await startServer({
      args: ['--enable-exec'],
      setup: (root) => fs.mkdirSync(path.join(root, 'runner')),
    });
    try {
      const origin = new URL(server.url).origin;
      const runner = await addUser(server, 'runner', ['sleep']);
      const upgrade = await openShell(`${server.url}/api/command/`, { token: runner, origin });
      assert.equal(upgrade.kind, 'open');
      if (upgrade.kind !== 'open') return;
      const argv = ['sleep', '32.7181'];
      upgrade.socket.send(argv.join(' '));
      await waitFor(() => processesRunning(argv).length === 1, 'sleep to start');
      const started = Date.now();
      await server.stop();
      // The stop's grace period is 10 s; an open socket left to it would hold the exit that long.
      assert.ok(Date.now() - started < 5000, `stopped in ${Date.now() - started} ms`);
      await upgrade.socket.closed;
      await waitFor(() => processesRunning(argv).length === 0, 'sleep to be killed');
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });
});

describe('command runner (exec disabled, the default)', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer({ setup: (root) => fs.mkdirSync(path.join(root, 'runner')) });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('refuses the upgrade with exec.disabled, even for a user allowed the command', async () => {
    const token = await addUser(server, 'runner', ['echo']);
    const upgrade = await openShell(`${server.url}/api/command/`, {
      token,
      origin: new URL(server.url).origin,
    });
    assert.equal(upgrade.kind, 'refused');
    if (upgrade.kind !== 'refused') return;
    assert.equal(upgrade.status, 403);
    const body = JSON.parse(upgrade.body) as { code: string; message: string };
    assert.equal(body.code, 'exec.disabled');
    assert.match(body.message, /--enable-exec/);
  });

  it('tells the UI to hide the shell', async () => {
    const page = await server.request('GET', '/');
    assert.match(page.text, /"EnableExec":false/);
  });
});
