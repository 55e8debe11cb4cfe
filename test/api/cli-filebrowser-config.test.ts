// The built server started the way File Browser was: its config file found or given with -c, its flags and FB_ variables.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loginStatus, oneLineError, runCli, startBare, tempInstall } from '../helpers/cli';
import { rawRequest } from '../helpers/server';

async function listing(url: string, token?: string): Promise<{ status: number; text: string }> {
  const { origin, pathname } = new URL(url);
  return rawRequest(origin, 'GET', `${pathname.replace(/\/$/, '')}/api/resources/`, {
    ...(token ? { token } : {}),
  });
}

describe("File Browser's configuration", () => {
  it('serves the root named in .filebrowser.json in the working folder', async () => {
    const install = tempInstall();
    fs.writeFileSync(path.join(install.root, 'from-json.txt'), 'hi');
    fs.writeFileSync(
      path.join(install.dir, '.filebrowser.json'),
      JSON.stringify({
        root: 'root',
        port: 0,
        address: '127.0.0.1',
        baseURL: '/fb',
        database: 'db/drawer.json',
        noauth: true,
        disableThumbnails: true,
        cacheDir: 'previews-cache',
      }),
    );
    const server = await startBare([], { cwd: install.dir });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/fb$/);
      const response = await listing(server.url);
      assert.equal(response.status, 200, response.text);
      assert.ok(response.text.includes('from-json.txt'), response.text);
      assert.ok(fs.existsSync(install.database));
      // File Browser's cacheDir is where Drawer keeps its previews.
      assert.ok(fs.existsSync(path.join(install.dir, 'previews-cache', 'previews')));
    } finally {
      await server.stop();
    }
  });

  it('serves the root named in the YAML file given with -c, a flag winning over it and FB_DATABASE filling in', async () => {
    const install = tempInstall();
    fs.writeFileSync(path.join(install.root, 'from-yaml.txt'), 'hi');
    const config = path.join(install.dir, 'config.yaml');
    fs.writeFileSync(
      config,
      `root: ${install.root}\nport: 1\naddress: 127.0.0.1\nusername: boss\npassword: yaml-password-1234\nlog: stdout\n`,
    );
    const server = await startBare(['-c', config, '--port', '0'], {
      env: { FB_DATABASE: install.database },
    });
    try {
      assert.ok(server.output().includes(`serving ${install.root}`), server.output());
      assert.equal(await loginStatus(server.url, 'boss', 'yaml-password-1234'), 200);
      const login = await rawRequest(new URL(server.url).origin, 'POST', '/api/login', {
        body: { username: 'boss', password: 'yaml-password-1234' },
      });
      const response = await listing(server.url, login.text);
      assert.equal(response.status, 200, response.text);
      assert.ok(response.text.includes('from-yaml.txt'), response.text);
    } finally {
      await server.stop();
    }
  });

  it('exits 2 with one line for what Drawer cannot honour', () => {
    const install = tempInstall();
    fs.writeFileSync(path.join(install.dir, 'bad.toml'), 'signup = true\n');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['-c', 'bad.toml'], {}, /bad\.toml: signup: File Browser keeps this in its database/],
      [
        ['--branding.name', 'Acme'],
        {},
        /--branding\.name: File Browser keeps this in its database/,
      ],
      [['--auth.method', 'proxy'], {}, /--auth-method proxy needs --auth-header/],
      [['--socket', '/run/fb.sock'], {}, /--socket: Drawer listens on TCP only/],
      [[], { FB_SOCKET: '/run/fb.sock' }, /FB_SOCKET: Drawer listens on TCP only/],
      [[], { FB_DATABASE: '/srv/filebrowser.db' }, /is File Browser's database; run drawer import/],
    ];
    for (const [args, env, reason] of cases) {
      const result = runCli(args, { cwd: install.dir, env });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(oneLineError(result), reason);
    }
  });
});
