// The command line: flags, DRAWER_ variables, exit statuses, version and hash.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  freePort,
  loginStatus,
  oneLineError,
  runCli,
  startBare,
  tempInstall,
} from '../helpers/cli';
import { adminPassword, rawRequest, removeDir, startServer } from '../helpers/server';

const everyFlag = [
  ['r', 'root', 'DRAWER_ROOT'],
  ['p', 'port', 'DRAWER_PORT'],
  ['a', 'address', 'DRAWER_ADDRESS'],
  ['d', 'database', 'DRAWER_DATABASE'],
  ['b', 'baseurl', 'DRAWER_BASEURL'],
  [undefined, 'noauth', 'DRAWER_NOAUTH'],
  [undefined, 'username', 'DRAWER_USERNAME'],
  [undefined, 'password', 'DRAWER_PASSWORD'],
  ['t', 'cert', 'DRAWER_CERT'],
  ['k', 'key', 'DRAWER_KEY'],
  ['l', 'log', 'DRAWER_LOG'],
  [undefined, 'enable-exec', 'DRAWER_ENABLE_EXEC'],
  [undefined, 'enable-exec-unsandboxed', 'DRAWER_ENABLE_EXEC_UNSANDBOXED'],
  [undefined, 'bwrap', 'DRAWER_BWRAP'],
  [undefined, 'follow-external-symlinks', 'DRAWER_FOLLOW_EXTERNAL_SYMLINKS'],
  [undefined, 'token-expiration', 'DRAWER_TOKEN_EXPIRATION'],
  [undefined, 'exec-timeout', 'DRAWER_EXEC_TIMEOUT'],
  [undefined, 'exec-max-output', 'DRAWER_EXEC_MAX_OUTPUT'],
] as const;

describe('drawer flags', () => {
  it('--help lists every flag with its short form and environment variable', () => {
    const result = runCli(['--help']);
    assert.equal(result.status, 0);
    for (const [short, long, env] of everyFlag) {
      assert.ok(result.stdout.includes(`--${long}`), `--${long} in the help`);
      if (short) assert.ok(result.stdout.includes(`-${short}, --${long}`), `-${short} in the help`);
      assert.ok(result.stdout.includes(env), `${env} in the help`);
    }
    for (const command of ['version', 'hash', 'users', 'config export', 'config import'])
      assert.ok(result.stdout.includes(`drawer ${command}`), `${command} in the help`);
  });

  it('exits 2 with one line for unknown flags and bad values', () => {
    const missing = path.join(tempInstall().dir, 'missing');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--bogus'], {}, /--bogus/],
      [['-p', 'abc'], {}, /port/],
      [['--port', '70000'], {}, /port/],
      [['--token-expiration', 'soon'], {}, /token-expiration/],
      [['--token-expiration', '0s'], {}, /token-expiration/],
      [['--root', missing], {}, /root/],
      [['--cert', '/nonexistent.pem'], {}, /--cert and --key/],
      [['--baseurl', '/a/../b'], {}, /baseurl/],
      [['serve'], {}, /unknown command "serve"/],
      [[], { DRAWER_PORT: 'nope' }, /port/],
      [[], { DRAWER_NOAUTH: 'maybe' }, /DRAWER_NOAUTH/],
      [['users', 'frob'], {}, /users: unknown command "frob"/],
      [['users', 'ls', '--frob'], {}, /unknown flag --frob/],
      [['hash'], {}, /usage: drawer hash/],
      [['config', 'export'], {}, /usage: drawer config export FILE/],
    ];
    for (const [args, env, reason] of cases) {
      const result = runCli(args, { env });
      assert.equal(result.status, 2, `${args.join(' ')} ${JSON.stringify(env)}: ${result.stderr}`);
      assert.match(oneLineError(result), reason);
      assert.equal(result.stdout, '', 'nothing on stdout');
    }
  });

  it('prints the version and commit', () => {
    const result = runCli(['version']);
    assert.equal(result.status, 0);
    assert.match(
      result.stdout,
      /^Drawer \d+\.\d+\.\d+\S* \(\S+\) on Node v\d+\.\d+\.\d+( with .+)?\n$/,
    );
  });

  it('reads every setting from DRAWER_ variables when no flag is given', async () => {
    const install = tempInstall();
    const port = await freePort();
    const server = await startBare([], {
      cwd: install.dir,
      env: {
        DRAWER_ROOT: install.root,
        DRAWER_DATABASE: install.database,
        DRAWER_PORT: String(port),
        DRAWER_ADDRESS: '127.0.0.1',
        DRAWER_BASEURL: '/env',
        DRAWER_USERNAME: 'boss',
        DRAWER_PASSWORD: 'env-password-1234',
        DRAWER_TOKEN_EXPIRATION: '1h',
        DRAWER_LOG: 'off',
      },
    });
    try {
      assert.equal(server.url, `http://127.0.0.1:${port}/env`);
      assert.ok(server.output().includes(`serving ${install.root}`));
      assert.ok(fs.existsSync(install.database));
      const response = await rawRequest(new URL(server.url).origin, 'POST', '/env/api/login', {
        body: { username: 'boss', password: 'env-password-1234' },
      });
      assert.equal(response.status, 200);
      const claims = JSON.parse(
        Buffer.from(response.text.split('.')[1] ?? '', 'base64url').toString(),
      ) as { exp: number; iat: number };
      assert.equal(claims.exp - claims.iat, 3600);
      assert.doesNotMatch(server.output(), / INFO /, 'DRAWER_LOG=off silences the log');
    } finally {
      assert.equal(await server.stop(), 0);
      removeDir(install.dir);
    }
  });

  it('lets flags win over DRAWER_ variables', async () => {
    const install = tempInstall();
    const port = await freePort();
    const server = await startBare(
      [
        '-r',
        install.root,
        '-d',
        install.database,
        '-p',
        String(port),
        '-b',
        '/flag',
        '--password',
        'flag-password-1234',
        '--token-expiration',
        '30m',
      ],
      {
        cwd: install.dir,
        env: {
          DRAWER_ROOT: '/nonexistent-root',
          DRAWER_PORT: 'not-even-a-number',
          DRAWER_BASEURL: '/env',
          DRAWER_PASSWORD: 'env-password-1234',
          DRAWER_TOKEN_EXPIRATION: '1h',
        },
      },
    );
    try {
      assert.equal(server.url, `http://127.0.0.1:${port}/flag`);
      assert.equal(await loginStatus(server.url, 'admin', 'env-password-1234'), 403);
      const response = await rawRequest(new URL(server.url).origin, 'POST', '/flag/api/login', {
        body: { username: 'admin', password: 'flag-password-1234' },
      });
      assert.equal(response.status, 200);
      const claims = JSON.parse(
        Buffer.from(response.text.split('.')[1] ?? '', 'base64url').toString(),
      ) as { exp: number; iat: number };
      assert.equal(claims.exp - claims.iat, 1800);
    } finally {
      await server.stop();
      removeDir(install.dir);
    }
  });

  it('accepts File Browser spellings --baseURL and --tokenExpirationTime', async () => {
    const server = await startServer({ args: ['--baseURL', '/old', '--tokenExpirationTime=90m'] });
    try {
      assert.match(server.url, /\/old$/);
      assert.equal(await loginStatus(server.url, 'admin', adminPassword), 200);
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });
});

describe('drawer hash', () => {
  it('prints a bcrypt hash that works as --password on first run', async () => {
    const result = runCli(['hash', 'hashed-password-123']);
    assert.equal(result.status, 0);
    const hash = result.stdout.trim();
    assert.match(hash, /^\$2[aby]\$10\$[./A-Za-z0-9]{53}$/);
    const server = await startServer({ noPassword: true, args: ['--password', hash] });
    try {
      assert.equal(await loginStatus(server.url, 'admin', 'hashed-password-123'), 200);
      assert.equal(
        await loginStatus(server.url, 'admin', hash),
        403,
        'the hash itself is no password',
      );
    } finally {
      await server.stop();
      removeDir(server.dir);
    }
  });

  it('refuses a password bcrypt would truncate', () => {
    const result = runCli(['hash', 'x'.repeat(73)]);
    assert.equal(result.status, 2);
    assert.match(oneLineError(result), /72 bytes/);
  });
});
