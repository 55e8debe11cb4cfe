// Proxy login through real HTTP: only a trusted proxy's header names the user, on every request.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { oneLineError, runCli, tempInstall } from '../helpers/cli';
import { removeDir, startServer } from '../helpers/server';
import type { RequestOptions, TestServer } from '../helpers/server';

/** The server listens on 127.0.0.1; a client bound to 127.0.0.2 is somewhere the proxy is not. */
const proxyAddress = '127.0.0.1';
const elsewhere = '127.0.0.2';
const proxyArgs = [
  '--auth-method',
  'proxy',
  '--auth-header',
  'Remote-User',
  '--trusted-proxies',
  `${proxyAddress}/32`,
];

interface PublicUser {
  id: number;
  username: string;
  lockPassword: boolean;
  perm: Record<string, boolean>;
  commands: string[];
}

function viaProxy(username: string, options: RequestOptions = {}): RequestOptions {
  return {
    localAddress: proxyAddress,
    ...options,
    headers: { 'Remote-User': username, ...options.headers },
  };
}

function claimsOf(token: string): { user: { username: string } } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user: { username: string };
  };
}

describe('proxy login', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer({ args: [...proxyArgs, '--logout-page', '/sso/logout'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  async function proxyToken(username: string): Promise<string> {
    const response = await server.request('POST', '/api/login', viaProxy(username));
    assert.equal(response.status, 200, response.text);
    return response.text;
  }

  it('logs in the user the trusted proxy names, with no password', async () => {
    const token = await proxyToken('admin');
    assert.equal(claimsOf(token).user.username, 'admin');
    const listing = await server.request('GET', '/api/resources/', viaProxy('admin', { token }));
    assert.equal(listing.status, 200, listing.text);
  });

  it('ignores the header from any other address, even with X-Forwarded-For naming the proxy', async () => {
    const tries: Record<string, string>[] = [{}, { 'X-Forwarded-For': proxyAddress }];
    for (const headers of tries) {
      const response = await server.request(
        'POST',
        '/api/login',
        viaProxy('admin', { localAddress: elsewhere, headers }),
      );
      assert.equal(response.status, 403, response.text);
      assert.equal(response.json<{ code: string }>().code, 'auth.wrongCredentials');
    }
  });

  it('takes no password: a right one without the header is refused', async () => {
    const response = await server.request('POST', '/api/login', {
      localAddress: proxyAddress,
      body: { username: 'admin', password: 'admin-password-for-tests' },
    });
    assert.equal(response.status, 403);
  });

  it('refuses a name it does not know, without creating anyone', async () => {
    const admin = await proxyToken('admin');
    const response = await server.request('POST', '/api/login', viaProxy('erin'));
    assert.equal(response.status, 403);
    const users = await server.request('GET', '/api/users', viaProxy('admin', { token: admin }));
    assert.ok(!users.json<PublicUser[]>().some((user) => user.username === 'erin'));
  });

  it('refuses a token once the proxy stops naming its user, or names someone else', async () => {
    const admin = await proxyToken('admin');
    const created = await server.request(
      'POST',
      '/api/users',
      viaProxy('admin', {
        token: admin,
        body: { what: 'user', which: [], data: { username: 'bob', password: 'bob-password-123' } },
      }),
    );
    assert.equal(created.status, 201, created.text);
    const refusals: RequestOptions[] = [
      { localAddress: proxyAddress, token: admin },
      viaProxy('bob', { token: admin }),
      viaProxy('admin', { token: admin, localAddress: elsewhere }),
    ];
    for (const options of refusals) {
      const response = await server.request('GET', '/api/resources/', options);
      assert.equal(response.status, 401, JSON.stringify(options.headers));
    }
    const renew = await server.request('POST', '/api/renew', {
      localAddress: proxyAddress,
      token: admin,
    });
    assert.equal(renew.status, 401, 'a token cannot be renewed without the proxy either');
  });

  it('asks nobody for a current password: nobody knows theirs behind a proxy', async () => {
    const admin = await proxyToken('admin');
    const created = await server.request(
      'POST',
      '/api/users',
      viaProxy('admin', {
        token: admin,
        body: {
          what: 'user',
          which: [],
          data: { username: 'carol', password: 'carol-password-1', perm: { admin: true } },
        },
      }),
    );
    assert.equal(created.status, 201, created.text);
  });

  it('refuses signup: an account made with a password could never log in', async () => {
    const admin = await proxyToken('admin');
    const settings = await server.request(
      'GET',
      '/api/settings',
      viaProxy('admin', { token: admin }),
    );
    assert.equal(settings.json<{ authMethod: string }>().authMethod, 'proxy');
    const put = await server.request(
      'PUT',
      '/api/settings',
      viaProxy('admin', { token: admin, body: { ...settings.json<object>(), signup: true } }),
    );
    assert.equal(put.status, 200, put.text);
    const signup = await server.request('POST', '/api/signup', {
      body: { username: 'mallory', password: 'mallory-password-1' },
    });
    assert.equal(signup.status, 405, signup.text);
  });

  it('tells the page to log in by itself and where logging out leads', async () => {
    const page = await server.request('GET', '/files/', { localAddress: proxyAddress });
    const config = JSON.parse(
      /<script type="application\/json" id="drawer-config">(.*?)<\/script>/s.exec(page.text)?.[1] ??
        '{}',
    ) as Record<string, unknown>;
    assert.equal(config.AuthMethod, 'proxy');
    assert.equal(config.LoginPage, false);
    assert.equal(config.NoAuth, false);
    assert.equal(config.Signup, false);
    assert.equal(config.LogoutPage, '/sso/logout');
  });
});

describe('proxy login creating users', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer({ args: [...proxyArgs, '--proxy-create-users'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('creates a name it does not know from the defaults, never as an admin, password locked', async () => {
    const login = await server.request('POST', '/api/login', viaProxy('erin'));
    assert.equal(login.status, 200, login.text);
    assert.equal(claimsOf(login.text).user.username, 'erin');
    const admin = await server.request('POST', '/api/login', viaProxy('admin'));
    const users = await server.request(
      'GET',
      '/api/users',
      viaProxy('admin', { token: admin.text }),
    );
    const erin = users.json<PublicUser[]>().find((user) => user.username === 'erin');
    assert.ok(erin);
    assert.equal(erin.perm.admin, false);
    assert.equal(erin.perm.execute, false);
    assert.deepEqual(erin.commands, []);
    assert.equal(erin.lockPassword, true);
    assert.match(server.output(), /user created on proxy login/);
  });

  it('creates one user when a crowd of first requests arrives at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.request('POST', '/api/login', viaProxy('frank'))),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array.from({ length: 6 }, () => 200),
    );
    const admin = await server.request('POST', '/api/login', viaProxy('admin'));
    const users = await server.request(
      'GET',
      '/api/users',
      viaProxy('admin', { token: admin.text }),
    );
    const franks = users.json<PublicUser[]>().filter((user) => user.username === 'frank');
    assert.equal(franks.length, 1);
  });

  it('still ignores a header from an untrusted address: nobody is created', async () => {
    const response = await server.request(
      'POST',
      '/api/login',
      viaProxy('grace', { localAddress: elsewhere }),
    );
    assert.equal(response.status, 403);
    const admin = await server.request('POST', '/api/login', viaProxy('admin'));
    const users = await server.request(
      'GET',
      '/api/users',
      viaProxy('admin', { token: admin.text }),
    );
    assert.ok(!users.json<PublicUser[]>().some((user) => user.username === 'grace'));
  });
});

describe('starting with proxy login', () => {
  it('refuses to start without trusted proxy addresses, saying what to add', () => {
    const install = tempInstall();
    try {
      const result = runCli([
        '--root',
        install.root,
        '--database',
        install.database,
        '--auth-method',
        'proxy',
        '--auth-header',
        'Remote-User',
      ]);
      assert.equal(result.status, 2);
      assert.match(oneLineError(result), /needs --trusted-proxies/);
      assert.equal(fs.existsSync(install.database), false, 'nothing was created');
    } finally {
      removeDir(install.dir);
    }
  });
});
