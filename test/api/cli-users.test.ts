// drawer users ls|add|update|rm: the users domain rules from the command line, then the server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { installed, oneLineError, runCli, tempInstall } from '../helpers/cli';
import { removeDir, startServer } from '../helpers/server';

describe('drawer users', () => {
  let install: { dir: string; root: string; database: string };
  before(async () => {
    install = await installed();
  });
  after(() => removeDir(install.dir));
  const db = () => ['-d', install.database, '-r', install.root];

  it('adds, lists, updates and removes users, and the server then knows them', async () => {
    const add = runCli(['users', 'add', 'bob', 'bob-password-1234', '--scope', '/bob', ...db()]);
    assert.equal(add.status, 0, add.stderr);
    assert.match(add.stdout, /User 'bob' created with id 2/);
    assert.ok(fs.statSync(path.join(install.root, 'bob')).isDirectory(), 'scope folder made');

    const carol = runCli([
      'users',
      'add',
      'carol',
      'carol-password-123',
      '--perm.delete=false',
      '--lock-password',
      '--locale',
      'fr',
      ...db(),
    ]);
    assert.equal(carol.status, 0, carol.stderr);

    const list = runCli(['users', 'ls', '-d', install.database]);
    assert.equal(list.status, 0);
    const rows = list.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s+/));
    assert.deepEqual(rows, [
      ['ID', 'USERNAME', 'ADMIN', 'SCOPE'],
      ['1', 'admin', 'yes', '/'],
      ['2', 'bob', 'no', '/bob'],
      ['3', 'carol', 'no', '/'],
    ]);

    const update = runCli([
      'users',
      'update',
      'bob',
      '--username',
      'robert',
      '--password',
      'robert-password-12',
      '--admin',
      ...db(),
    ]);
    assert.equal(update.status, 0, update.stderr);
    assert.match(update.stdout, /User 'robert' \(id 2\) updated; their sessions have ended/);

    const remove = runCli(['users', 'rm', '3', ...db()]);
    assert.equal(remove.status, 0, remove.stderr);
    assert.match(remove.stdout, /User 'carol' \(id 3\) deleted/);
    assert.doesNotMatch(runCli(['users', 'ls', '-d', install.database]).stdout, /carol/);

    const server = await startServer({ dir: install.dir });
    try {
      const token = await server.login('robert', 'robert-password-12');
      const users = await server.request('GET', '/api/users', { token });
      assert.equal(users.status, 200, 'robert is an admin now');
      assert.deepEqual(
        users.json<{ username: string }[]>().map((user) => user.username),
        ['admin', 'robert'],
      );
      assert.equal(
        (
          await server.request('POST', '/api/login', {
            body: { username: 'bob', password: 'bob-password-1234' },
          })
        ).status,
        403,
      );
    } finally {
      await server.stop();
    }
  });

  it('applies the password policy and the username rules', () => {
    const short = runCli(['users', 'add', 'dave', 'short', ...db()]);
    assert.equal(short.status, 1);
    assert.match(oneLineError(short), /password is too short, minimum length is 12/);
    const badName = runCli(['users', 'add', 'a/b', 'long-enough-password', ...db()]);
    assert.equal(badName.status, 1);
    assert.match(oneLineError(badName), /slash/);
    const taken = runCli(['users', 'add', 'ADMIN', 'long-enough-password', ...db()]);
    assert.equal(taken.status, 1);
    assert.match(oneLineError(taken), /already taken/);
    assert.equal(
      runCli(['users', 'ls', ...db()])
        .stdout.trimEnd()
        .split('\n').length,
      3,
    );
  });

  it('never removes or demotes the last admin', () => {
    const solo = tempInstall();
    const copy = path.join(solo.dir, 'drawer.json');
    fs.copyFileSync(install.database, copy);
    // Leave exactly one admin in the copy.
    assert.equal(runCli(['users', 'rm', 'robert', '-d', copy]).status, 0);
    const before = fs.readFileSync(copy);
    const remove = runCli(['users', 'rm', 'admin', '-d', copy]);
    assert.equal(remove.status, 1);
    assert.match(oneLineError(remove), /last admin/);
    const demote = runCli(['users', 'update', '1', '--no-admin', '-d', copy, '-r', install.root]);
    assert.equal(demote.status, 1);
    assert.match(oneLineError(demote), /last admin/);
    assert.deepEqual(fs.readFileSync(copy), before, 'the database is unchanged');
    removeDir(solo.dir);
  });

  it('needs an existing database and leaves none behind', () => {
    const empty = tempInstall();
    for (const args of [
      ['users', 'ls'],
      ['users', 'add', 'eve', 'eve-password-1234'],
      ['users', 'rm', 'eve'],
      ['config', 'export', path.join(empty.dir, 'out.json')],
    ]) {
      const result = runCli([...args, '-d', empty.database, '-r', empty.root]);
      assert.equal(result.status, 1, args.join(' '));
      assert.match(oneLineError(result), /there is no database/);
    }
    assert.equal(fs.existsSync(path.dirname(empty.database)), false);
    removeDir(empty.dir);
  });

  it('takes the database from DRAWER_DATABASE, and -d after the subcommand wins', () => {
    const viaEnv = runCli(['users', 'ls'], { env: { DRAWER_DATABASE: install.database } });
    assert.equal(viaEnv.status, 0, viaEnv.stderr);
    assert.match(viaEnv.stdout, /admin/);
    const flagWins = runCli(['users', 'ls', '--database', install.database], {
      env: { DRAWER_DATABASE: '/nonexistent/drawer.json' },
    });
    assert.equal(flagWins.status, 0, flagWins.stderr);
  });

  it('refuses to change users while a server holds the database, but lists them', async () => {
    const server = await startServer({ dir: install.dir });
    try {
      const add = runCli(['users', 'add', 'frank', 'frank-password-12', ...db()]);
      assert.equal(add.status, 1);
      assert.match(oneLineError(add), /in use|is using/);
      const list = runCli(['users', 'ls', ...db()]);
      assert.equal(list.status, 0);
    } finally {
      await server.stop();
    }
    const afterStop = runCli(['users', 'add', 'frank', 'frank-password-12', ...db()]);
    assert.equal(afterStop.status, 0, afterStop.stderr);
  });

  it('documents every subcommand with --help', () => {
    for (const args of [
      ['users', '--help'],
      ['users', 'add', '--help'],
      ['config', '--help'],
      ['hash', '--help'],
    ]) {
      const result = runCli(args);
      assert.equal(result.status, 0, args.join(' '));
      assert.match(result.stdout, /[Uu]sage/);
    }
    const help = runCli(['users', 'update', '-h']).stdout;
    for (const flag of [
      '--admin',
      '--perm.create',
      '--scope',
      '--password',
      '--username',
      '--lock-password',
      '-d, --database',
    ])
      assert.ok(help.includes(flag), flag);
  });
});
