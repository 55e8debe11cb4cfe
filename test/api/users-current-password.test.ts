// The acting user's current password guards every sensitive user change, as File Browser requires.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

const userPassword = 'user-password-1234';

function codeOf(response: TestResponse): string {
  return response.json<{ code: string }>().code;
}

describe('current_password on sensitive user changes', () => {
  let server: TestServer;
  let admin: string;

  async function create(username: string, currentPassword?: string): Promise<TestResponse> {
    return server.request('POST', '/api/users', {
      token: admin,
      body: {
        what: 'user',
        which: [],
        data: { username, password: userPassword },
        ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
      },
    });
  }

  function put(
    token: string,
    id: number,
    which: string[],
    data: Record<string, unknown>,
    currentPassword?: string,
  ): Promise<TestResponse> {
    return server.request('PUT', `/api/users/${id}`, {
      token,
      body: {
        what: 'user',
        which,
        data: { id, ...data },
        ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
      },
    });
  }

  before(async () => {
    server = await startServer();
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('needs it to create a user', async () => {
    for (const [given, code] of [
      [undefined, 'users.currentPasswordRequired'],
      ['', 'users.currentPasswordRequired'],
      ['wrong-password-here', 'users.currentPasswordWrong'],
    ] as const) {
      const response = await create('newcomer', given);
      assert.equal(response.status, 400, response.text);
      assert.equal(codeOf(response), code);
    }
    assert.equal((await create('newcomer', adminPassword)).status, 201);
  });

  it('needs the acting user’s password, not the target’s, to change another user', async () => {
    const id = (await create('target', adminPassword)).json<{ id: number }>().id;
    const changes: [string[], Record<string, unknown>][] = [
      [['password'], { password: 'a-new-password-456' }],
      [['perm'], { perm: { admin: true } }],
      [['scope'], { scope: '/elsewhere' }],
      [['username'], { username: 'renamed' }],
      [['commands'], { commands: ['ls'] }],
      [['rules'], { rules: [] }],
      [['all'], { username: 'target', locale: 'en' }],
    ];
    for (const [which, data] of changes) {
      const missing = await put(admin, id, which, data);
      assert.equal(missing.status, 400, `${which.join()}: ${missing.text}`);
      assert.equal(codeOf(missing), 'users.currentPasswordRequired');
      const targets = await put(admin, id, which, data, userPassword);
      assert.equal(codeOf(targets), 'users.currentPasswordWrong', which.join());
    }
    const user = (await server.request('GET', `/api/users/${id}`, { token: admin })).json<{
      username: string;
      perm: { admin: boolean };
      scope: string;
    }>();
    assert.equal(user.username, 'target');
    assert.equal(user.perm.admin, false);
    assert.ok(await server.login('target', userPassword), 'the password is unchanged');
    const done = await put(admin, id, ['perm'], { perm: { admin: true } }, adminPassword);
    assert.equal(done.status, 200, done.text);
  });

  it('needs it for a user’s own password, but not for their own preferences', async () => {
    const id = (await create('self', adminPassword)).json<{ id: number }>().id;
    const token = await server.login('self', userPassword);
    const missing = await put(token, id, ['password'], { password: 'another-password-1' });
    assert.equal(codeOf(missing), 'users.currentPasswordRequired');
    assert.ok(await server.login('self', userPassword));
    for (const [field, value] of [
      ['locale', 'fr'],
      ['viewMode', 'list'],
      ['sorting', { by: 'size', asc: true }],
    ] as const) {
      const response = await put(token, id, [field], { [field]: value });
      assert.equal(response.status, 200, `${field}: ${response.text}`);
    }
    const changed = await put(
      token,
      id,
      ['password'],
      { password: 'another-password-1' },
      userPassword,
    );
    assert.equal(changed.status, 200, changed.text);
  });

  it('needs it to delete a user', async () => {
    const id = (await create('doomed', adminPassword)).json<{ id: number }>().id;
    for (const body of [undefined, {}, { current_password: '' }]) {
      const response = await server.request('DELETE', `/api/users/${id}`, { token: admin, body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(codeOf(response), 'users.currentPasswordRequired');
    }
    const wrong = await server.request('DELETE', `/api/users/${id}`, {
      token: admin,
      body: { current_password: 'wrong-password-here' },
    });
    assert.equal(codeOf(wrong), 'users.currentPasswordWrong');
    const deleted = await server.request('DELETE', `/api/users/${id}`, {
      token: admin,
      body: { current_password: adminPassword },
    });
    assert.equal(deleted.status, 200, deleted.text);
  });
});

describe('current_password without login', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--noauth'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('is not asked for in --noauth mode, where nobody has a password to give', async () => {
    const response = await server.request('POST', '/api/users', {
      body: { what: 'user', which: [], data: { username: 'guest1', password: userPassword } },
    });
    assert.equal(response.status, 201, response.text);
    const id = response.json<{ id: number }>().id;
    const removed = await server.request('DELETE', `/api/users/${id}`);
    assert.equal(removed.status, 200, removed.text);
  });
});
