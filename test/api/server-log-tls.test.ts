// Where the log goes (--log), and serving HTTPS with -t/-k.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runCli, startBare, tempInstall } from '../helpers/cli';
import { adminPassword, removeDir, startServer } from '../helpers/server';

describe('logging', () => {
  it('--log off writes no log lines', async () => {
    const server = await startServer({ args: ['--log', 'off', '--noauth'] });
    await server.request('GET', '/api/nope');
    await server.stop();
    assert.doesNotMatch(server.output(), /\b(INFO|WARN|ERROR)\b/);
    assert.match(server.output(), /Listening on/);
    removeDir(server.dir);
  });

  it('--log FILE writes there and not to the terminal', async () => {
    const install = tempInstall();
    const logFile = path.join(install.dir, 'drawer.log');
    const server = await startServer({ dir: install.dir, args: ['-l', logFile, '--noauth'] });
    await server.stop();
    assert.doesNotMatch(server.output(), /\b(INFO|WARN)\b/);
    const log = fs.readFileSync(logFile, 'utf8');
    assert.match(log, /WARN --noauth/);
    assert.match(log, /SIGTERM received/);
    assert.equal(fs.statSync(logFile).mode & 0o777, 0o600);
    removeDir(install.dir);
  });

  it('--log to a folder that does not exist is a usage error', () => {
    const install = tempInstall();
    const result = runCli([
      '-r',
      install.root,
      '-d',
      install.database,
      '-l',
      path.join(install.dir, 'no', 'x.log'),
    ]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^drawer: --log: cannot write/);
    removeDir(install.dir);
  });
});

describe('HTTPS', () => {
  it('serves over TLS with -t and -k', async (t) => {
    const install = tempInstall();
    const cert = path.join(install.dir, 'cert.pem');
    const key = path.join(install.dir, 'key.pem');
    const openssl = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    if (openssl.error || openssl.status !== 0) {
      t.skip('openssl is not available');
      removeDir(install.dir);
      return;
    }
    const server = await startBare(
      [
        '-r',
        install.root,
        '-d',
        install.database,
        '-p',
        '0',
        '-t',
        cert,
        '-k',
        key,
        '--password',
        adminPassword,
      ],
      { cwd: install.dir },
    );
    try {
      assert.match(server.url, /^https:\/\//);
      const { default: https } = await import('node:https');
      const body = await new Promise<string>((resolve, reject) => {
        https
          .get(`${server.url}/health`, { rejectUnauthorized: false }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(`${response.statusCode} ${text}`));
          })
          .on('error', reject);
      });
      assert.equal(body, '200 {"status":"OK"}');
    } finally {
      await server.stop();
    }
    const badKey = runCli([
      '-r',
      install.root,
      '-d',
      install.database,
      '-p',
      '0',
      '-t',
      cert,
      '-k',
      cert,
    ]);
    assert.equal(badKey.status, 1);
    assert.match(badKey.stderr, /^drawer: cannot use the certificate or key/);
    removeDir(install.dir);
  });
});
