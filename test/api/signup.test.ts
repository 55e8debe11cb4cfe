// Self-registration through real HTTP: off by default, never admin, names and homes unique, races.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

interface PublicUser {
  id: number;
  username: string;
  scope: string;
  perm: Record<string, boolean>;
  commands: string[];
  locale: string;
}

const password = 'signup-password-1';

function codeOf(response: TestResponse): string {
  return response.json<{ code: string }>().code;
}

describe('signup', () => {
  let server: TestServer;
  let admin: string;

  function signup(username: string, pass = password): Promise<TestResponse> {
    return server.request('POST', '/api/signup', { body: { username, password: pass } });
  }

  async function putSettings(body: Record<string, unknown>): Promise<void> {
    const response = await server.request('PUT', '/api/settings', { token: admin, body });
    assert.equal(response.status, 200, response.text);
  }

  async function userNamed(username: string): Promise<PublicUser | undefined> {
    const response = await server.request('GET', '/api/users', { token: admin });
    return response.json<PublicUser[]>().find((user) => user.username === username);
  }

  before(async () => {
    server = await startServer();
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('is refused with 405 while signup is off (the default)', async () => {
    const response = await signup('early');
    assert.equal(response.status, 405);
    assert.equal(codeOf(response), 'signup.disabled');
    assert.equal(await userNamed('early'), undefined);
  });

  it('answers 405 for other methods', async () => {
    assert.equal((await server.request('GET', '/api/signup')).status, 405);
  });

  it('creates a user from the defaults, but never admin or execute, and no commands', async () => {
    await putSettings({
      signup: true,
      defaults: {
        locale: 'fr',
        perm: { admin: true, execute: true, create: true },
        commands: ['rm', 'ls'],
      },
    });
    const response = await signup('newbie');
    assert.equal(response.status, 200, response.text);
    const user = await userNamed('newbie');
    assert.ok(user);
    assert.equal(user.perm.admin, false);
    assert.equal(user.perm.execute, false);
    assert.equal(user.perm.create, true);
    assert.deepEqual(user.commands, []);
    assert.equal(user.locale, 'fr');
    assert.equal(user.scope, '/');
    const token = await server.login('newbie', password);
    assert.equal((await server.request('GET', '/api/users', { token })).status, 403);
  });

  it('refuses a taken name in any case with 409', async () => {
    for (const name of ['newbie', 'NEWBIE', 'Admin']) {
      const response = await signup(name);
      assert.equal(response.status, 409, name);
      assert.equal(codeOf(response), 'users.nameTaken');
    }
  });

  const badNames = [
    '',
    'alice ',
    ' alice',
    'a/lice',
    'a\\lice',
    '..',
    '.',
    'bi\u202Edi',
    'zero\u200Bwidth',
    'line\nbreak',
  ];
  for (const name of badNames) {
    it(`refuses the username ${JSON.stringify(name)} with 400`, async () => {
      const response = await signup(name);
      assert.equal(response.status, 400);
      assert.equal(codeOf(response), 'users.invalidName');
    });
  }

  const badPasswords: [string, string, string][] = [
    ['short', 'short', 'users.passwordTooShort'],
    ['twelve spaces', ' '.repeat(12), 'users.passwordTooShort'],
    ['73 bytes', 'p'.repeat(73), 'users.passwordTooLong'],
    ['empty', '', 'users.passwordEmpty'],
    ['a common one', 'password123456', 'users.passwordTooEasy'],
  ];
  for (const [name, pass, code] of badPasswords) {
    it(`refuses a password that is ${name} with 400`, async () => {
      const response = await signup(`pw-${name.replace(/ /g, '-')}`, pass);
      assert.equal(response.status, 400);
      assert.equal(codeOf(response), code);
    });
  }

  it('refuses malformed bodies with 400 and huge ones with 413', async () => {
    const cases: unknown[] = [
      { username: 'x' },
      { username: 'x', password: password, admin: true },
      { username: ['x'], password },
      { username: 'x', password: 123456789012 },
    ];
    for (const body of cases) {
      const response = await server.request('POST', '/api/signup', { body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    const polluted = await server.request('POST', '/api/signup', {
      rawBody: `{"username":"proto","password":"${password}","__proto__":{"admin":true}}`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(polluted.status, 400);
    const huge = await server.request('POST', '/api/signup', {
      rawBody: JSON.stringify({ username: 'huge', password: 'x'.repeat(20 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(huge.status, 413);
    assert.equal(await userNamed('huge'), undefined);
  });

  it('lets exactly one of ten concurrent signups for one name through', async () => {
    const names = [
      'Alice',
      'alice',
      'ALICE',
      'aLiCe',
      'alicE',
      'ALIce',
      'Alice',
      'alice',
      'ALICE',
      'AlIcE',
    ];
    const responses = await Promise.all(names.map((name) => signup(name)));
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, 1, String(statuses));
    assert.equal(statuses.filter((status) => status === 409).length, 9, String(statuses));
  });

  describe('with createUserDir', () => {
    before(async () => {
      await putSettings({ createUserDir: true, userHomeBasePath: '/homes' });
    });

    it('gives a new user a home folder on disk', async () => {
      const response = await signup('Team X');
      assert.equal(response.status, 200, response.text);
      const user = await userNamed('Team X');
      assert.equal(user?.scope, '/homes/Team-X');
      assert.ok(fs.statSync(path.join(server.root, 'homes', 'Team-X')).isDirectory());
    });

    it('refuses a second user whose home would be the same folder (any case) with 409', async () => {
      const response = await signup('team-x');
      assert.equal(response.status, 409);
      assert.equal(codeOf(response), 'users.homeTaken');
    });

    it('lets exactly one of concurrent signups normalising to one home through', async () => {
      const names = [
        'bob x',
        'bob-x',
        'Bob X',
        'BOB-X',
        'bob--x',
        'bob  x',
        'bob?x',
        'bob*x',
        'bob#x',
        'bob!x',
      ];
      const responses = await Promise.all(names.map((name) => signup(name)));
      const statuses = responses.map((response) => response.status);
      assert.equal(statuses.filter((status) => status === 200).length, 1, String(statuses));
      assert.ok(
        statuses.every((status) => status === 200 || status === 409),
        String(statuses),
      );
    });

    it('also applies to admin-created users with a blank scope', async () => {
      const response = await server.request('POST', '/api/users', {
        token: admin,
        body: {
          what: 'user',
          which: [],
          data: { username: 'carla', password, scope: '' },
          current_password: adminPassword,
        },
      });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.json<PublicUser>().scope, '/homes/carla');
      assert.ok(fs.statSync(path.join(server.root, 'homes', 'carla')).isDirectory());
    });
  });
});
