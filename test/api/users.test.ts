// User management through real HTTP: every route and status, the permission rules, revocation.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scenarios } from '../helpers/api-scenario';
import type { Scenario } from '../helpers/api-scenario';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

interface PublicUser {
  id: number;
  username: string;
  password: string;
  scope: string;
  locale: string;
  lockPassword: boolean;
  viewMode: string;
  perm: Record<string, boolean>;
  commands: string[];
  sorting: { by: string; asc: boolean };
  rules: unknown[];
  hideDotfiles: boolean;
  singleClick: boolean;
  aceEditorTheme: string;
}

const userPassword = 'user-password-1234';

function codeOf(response: TestResponse): string {
  return response.json<{ code: string }>().code;
}

function envelope(data: Record<string, unknown>, which: string[] = [], extra = {}) {
  return { what: 'user', which, data, ...extra };
}

/** A create as the admin, confirmed with the admin's password. */
function creation(data: Record<string, unknown>, which: string[] = [], extra = {}) {
  return envelope(data, which, { current_password: adminPassword, ...extra });
}

describe('users API', () => {
  let server: TestServer;
  let admin: string;
  let outside: string;

  async function addUser(username: string, data: Record<string, unknown> = {}): Promise<number> {
    const response = await server.request('POST', '/api/users', {
      token: admin,
      body: creation({ username, password: userPassword, ...data }),
    });
    assert.equal(response.status, 201, response.text);
    return response.json<PublicUser>().id;
  }

  /** Every account as the admin sees it: what a refused request must leave alone. */
  async function listUsers(): Promise<PublicUser[]> {
    const response = await server.request('GET', '/api/users', { token: admin });
    assert.equal(response.status, 200, response.text);
    return response.json<PublicUser[]>();
  }

  async function getUser(id: number): Promise<PublicUser> {
    const response = await server.request('GET', `/api/users/${id}`, { token: admin });
    assert.equal(response.status, 200, response.text);
    return response.json<PublicUser>();
  }

  /** Admin changes are confirmed with the admin's password unless told otherwise. */
  function put(
    token: string,
    id: number,
    which: string[],
    data: Record<string, unknown>,
    currentPassword = token === admin ? adminPassword : undefined,
  ) {
    return server.request('PUT', `/api/users/${id}`, {
      token,
      body: envelope({ id, ...data }, which, { current_password: currentPassword }),
    });
  }

  before(async () => {
    server = await startServer({
      setup: (root) => {
        outside = path.join(path.dirname(root), 'outside');
        fs.mkdirSync(outside);
        fs.symlinkSync(outside, path.join(root, 'escape'));
        fs.writeFileSync(path.join(root, 'a-file'), 'x');
      },
    });
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('lists users for admins without any password hash', async () => {
    await addUser('lister');
    const response = await server.request('GET', '/api/users', { token: admin });
    assert.equal(response.status, 200);
    const users = response.json<PublicUser[]>();
    assert.deepEqual(
      users.map((user) => user.username),
      ['admin', 'lister'],
    );
    assert.ok(users.every((user) => user.password === ''));
    assert.equal(response.text.includes('$2'), false);
    for (const hidden of ['passwordHash', 'sessionVersion', 'revision'])
      assert.equal(response.text.includes(hidden), false, hidden);
    assert.equal(users[0]?.scope, '/', 'admins see scopes');
  });

  it('creates a user: 201, Location, the scope folder on disk', async () => {
    const response = await server.request('POST', '/api/users', {
      token: admin,
      body: envelope(
        {
          username: 'bob',
          password: userPassword,
          scope: 'homes//bob/./',
          locale: 'de',
          perm: { create: false },
          commands: [' ls ', '', 'cat'],
          rules: [{ allow: false, path: '/secret', regex: false, regexp: null }],
        },
        [],
        { current_password: adminPassword },
      ),
    });
    assert.equal(response.status, 201, response.text);
    const user = response.json<PublicUser>();
    assert.equal(response.headers.location, `/settings/users/${user.id}`);
    assert.equal(user.scope, '/homes/bob');
    assert.equal(user.locale, 'de');
    assert.equal(user.password, '');
    assert.equal(user.perm.create, false);
    assert.equal(user.perm.download, true, 'unset permissions come from the defaults');
    assert.deepEqual(user.commands, ['ls', 'cat']);
    assert.equal(user.rules.length, 1);
    const folder = path.join(server.root, 'homes', 'bob');
    assert.ok(fs.statSync(folder).isDirectory());
    assert.equal(fs.statSync(folder).mode & 0o777 & ~0o750, 0, 'mode is at most 0750');
    const token = await server.login('bob', userPassword);
    assert.equal(token.split('.').length, 3);
  });

  it('treats "." and "" as the root scope', async () => {
    const dotId = await addUser('dotscope', { scope: '.' });
    assert.equal((await getUser(dotId)).scope, '/');
  });

  const createAsAdmin = { as: 'admin', method: 'POST', url: '/api/users' } as const;
  scenarios('refuses to create a user', {
    context: () => ({ server, tokens: { admin } }),
    invariant: { what: 'the list of users', read: listUsers },
    each: (response) =>
      assert.equal(response.text.includes(server.root), false, 'no server path in the error'),
    rows: [
      {
        ...createAsAdmin,
        name: 'what is not user',
        body: { what: 'share', which: [], data: { username: 'x1', password: userPassword } },
        status: 400,
        expectJson: { code: 'request.invalid' },
      },
      {
        ...createAsAdmin,
        name: 'which is not empty',
        body: creation({ username: 'x2', password: userPassword }, ['username']),
        status: 400,
        expectJson: { code: 'request.invalid' },
      },
      {
        ...createAsAdmin,
        name: 'no data',
        body: { what: 'user' },
        status: 400,
        expectJson: { code: 'request.invalid' },
      },
      {
        ...createAsAdmin,
        name: 'empty password',
        body: creation({ username: 'x3', password: '' }),
        status: 400,
        expectJson: { code: 'users.passwordEmpty' },
      },
      {
        ...createAsAdmin,
        name: 'short password',
        body: creation({ username: 'x4', password: 'short' }),
        status: 400,
        expectJson: { code: 'users.passwordTooShort' },
        contains: '12',
      },
      {
        ...createAsAdmin,
        name: 'password of only spaces',
        body: creation({ username: 'x5', password: ' '.repeat(12) }),
        status: 400,
        expectJson: { code: 'users.passwordTooShort' },
      },
      {
        ...createAsAdmin,
        name: 'password over 72 bytes',
        body: creation({ username: 'x6', password: 'é'.repeat(40) }),
        status: 400,
        expectJson: { code: 'users.passwordTooLong' },
      },
      {
        ...createAsAdmin,
        name: 'name taken in another case',
        body: creation({ username: 'ADMIN', password: userPassword }),
        status: 409,
        expectJson: { code: 'users.nameTaken' },
      },
      ...['a/lice', '..', 'bob ', '\u202Ebob', 'zero\u200Bwidth', ''].map((username) => ({
        ...createAsAdmin,
        name: `invalid name ${JSON.stringify(username)}`,
        body: creation({ username, password: userPassword }),
        status: 400,
        expectJson: { code: 'users.invalidName' },
      })),
      {
        ...createAsAdmin,
        name: 'share without download',
        body: creation({
          username: 'x7',
          password: userPassword,
          perm: { share: true, download: false },
        }),
        status: 400,
        expectJson: { code: 'users.shareNeedsDownload' },
      },
      ...['../x', 'a/../../x', 'a\\..\\x', 'a\u0000b'].map((scope) => ({
        ...createAsAdmin,
        name: `scope ${JSON.stringify(scope)}`,
        body: creation({ username: 'x8', password: userPassword, scope }),
        status: 400,
        expectJson: { code: 'fs.badPath' },
      })),
      {
        ...createAsAdmin,
        name: 'scope through a symlink leading out of the root',
        body: creation({ username: 'x9', password: userPassword, scope: '/escape/x9' }),
        status: 400,
        expectJson: { code: 'fs.badPath' },
      },
      {
        ...createAsAdmin,
        name: 'scope that is a file',
        body: creation({ username: 'x10', password: userPassword, scope: '/a-file' }),
        status: 400,
        expectJson: { code: 'fs.notDirectory' },
      },
      {
        ...createAsAdmin,
        name: 'admin as a string',
        body: creation({ username: 'x11', password: userPassword, perm: { admin: 'true' } }),
        status: 400,
        expectJson: { code: 'request.invalid' },
        contains: 'perm.admin',
      },
      {
        ...createAsAdmin,
        name: 'id as an array',
        body: creation({ id: [1], username: 'x12', password: userPassword }),
        status: 400,
        expectJson: { code: 'request.invalid' },
        contains: 'id',
      },
      {
        ...createAsAdmin,
        name: 'unknown data field',
        body: creation({ username: 'x13', password: userPassword, passwordHash: 'x' }),
        status: 400,
        expectJson: { code: 'request.invalid' },
        contains: 'passwordHash',
      },
      {
        ...createAsAdmin,
        name: 'wrong current password',
        body: creation({ username: 'x14', password: userPassword }, [], {
          current_password: 'not-the-password',
        }),
        status: 400,
        expectJson: { code: 'users.currentPasswordWrong' },
      },
    ],
  });

  it('never creates a folder outside the root through a symlink', async () => {
    assert.deepEqual(fs.readdirSync(outside), []);
  });

  scenarios('refuses prototype pollution', {
    context: () => ({ server, tokens: { admin } }),
    invariant: { what: 'the list of users', read: listUsers },
    rows: [
      {
        name: 'a __proto__ key beside the envelope',
        as: 'admin',
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json' },
        rawBody:
          '{"what":"user","which":[],"data":{"username":"p1","password":"user-password-1234"},"__proto__":{"admin":true}}',
        status: 400,
      },
      {
        name: 'a constructor.prototype key in the data',
        as: 'admin',
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json' },
        rawBody:
          '{"what":"user","which":[],"data":{"username":"p2","password":"user-password-1234","constructor":{"prototype":{"admin":true}}}}',
        status: 400,
      },
    ],
  });

  it('refuses duplicate-key escalation', async () => {
    const id = await addUser('duplicate');
    const token = await server.login('duplicate', userPassword);
    const response = await server.request('PUT', `/api/users/${id}`, {
      token,
      rawBody: `{"what":"user","which":["perm"],"data":{"id":${id},"perm":{"admin":false},"perm":{"admin":true}}}`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 403);
    assert.equal((await getUser(id)).perm.admin, false);
  });

  // What POST and PUT send below: a valid-looking change, so only the caller decides the answer.
  const adminOnlyBody = envelope({ id: 1, username: 'zz', password: userPassword }, ['locale']);
  let plain: string;
  scenarios('answers 401 without a token and 403 for non-admins on admin routes', {
    context: () => ({ server, tokens: { plain } }),
    prepare: async () => {
      await addUser('plain');
      plain = await server.login('plain', userPassword);
    },
    invariant: { what: 'the list of users', read: listUsers },
    rows: [
      { name: 'list, anonymous', as: 'anonymous', method: 'GET', url: '/api/users', status: 401 },
      { name: 'list, non-admin', as: 'plain', method: 'GET', url: '/api/users', status: 403 },
      {
        name: 'create, anonymous',
        as: 'anonymous',
        method: 'POST',
        url: '/api/users',
        body: adminOnlyBody,
        status: 401,
      },
      {
        name: 'create, non-admin',
        as: 'plain',
        method: 'POST',
        url: '/api/users',
        body: adminOnlyBody,
        status: 403,
      },
      {
        name: 'read the admin, anonymous',
        as: 'anonymous',
        method: 'GET',
        url: '/api/users/1',
        status: 401,
      },
      {
        name: 'read the admin, non-admin',
        as: 'plain',
        method: 'GET',
        url: '/api/users/1',
        status: 403,
      },
      {
        name: 'change the admin, non-admin',
        as: 'plain',
        method: 'PUT',
        url: '/api/users/1',
        body: adminOnlyBody,
        status: 403,
      },
      {
        name: 'delete the admin, non-admin',
        as: 'plain',
        method: 'DELETE',
        url: '/api/users/1',
        status: 403,
      },
      {
        name: 'delete the admin, anonymous',
        as: 'anonymous',
        method: 'DELETE',
        url: '/api/users/1',
        status: 401,
      },
    ],
  });

  it('shows a user their own record with a blank scope, and 403/404 otherwise', async () => {
    const id = await addUser('reader', { scope: '/homes/reader' });
    const token = await server.login('reader', userPassword);
    const self = await server.request('GET', `/api/users/${id}`, { token });
    assert.equal(self.status, 200);
    assert.equal(self.json<PublicUser>().scope, '');
    assert.equal(self.json<PublicUser>().password, '');
    assert.equal((await server.request('GET', '/api/users/9999', { token })).status, 403);
    assert.equal((await server.request('GET', '/api/users/9999', { token: admin })).status, 404);
    assert.equal((await server.request('GET', '/api/users/abc', { token: admin })).status, 400);
    assert.equal((await getUser(id)).scope, '/homes/reader');
  });

  it('answers 405 for methods the user routes do not take, 413 for huge bodies', async () => {
    assert.equal((await server.request('PATCH', '/api/users', { token: admin })).status, 405);
    assert.equal((await server.request('PATCH', '/api/users/1', { token: admin })).status, 405);
    const huge = await server.request('PUT', '/api/users/1', {
      token: admin,
      rawBody: JSON.stringify(envelope({ id: 1, locale: 'x'.repeat(2 * 1024 * 1024) }, ['locale'])),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(huge.status, 413);
  });

  describe('self-service changes', () => {
    let id: number;
    let token: string;
    before(async () => {
      id = await addUser('carol');
      token = await server.login('carol', userPassword);
    });

    type OwnRequest = Pick<Scenario<'carol'>, 'as' | 'method' | 'url' | 'body'>;

    /** Carol's own change of one field, as the settings page sends it (no current password). */
    function ownChange(field: string, value: unknown): OwnRequest {
      return {
        as: 'carol',
        method: 'PUT',
        url: () => `/api/users/${id}`,
        body: () => envelope({ id, [field]: value }, [field]),
      };
    }

    // Field → the value carol sets; each answer is checked against the stored record.
    const ownFields: Record<string, unknown> = {
      locale: 'fr',
      viewMode: 'list',
      sorting: { by: 'size', asc: true },
      singleClick: true,
      redirectAfterCopyMove: false,
      hideDotfiles: true,
      dateFormat: true,
      aceEditorTheme: 'monokai',
      folderSizes: true,
    };
    scenarios('lets a user change their own preferences', {
      context: () => ({ server, tokens: { carol: token } }),
      rows: Object.entries(ownFields).map(([field, value]) => ({
        ...ownChange(field, value),
        name: field,
        status: 200,
        check: async () => {
          const stored: Record<string, unknown> = { ...(await getUser(id)) };
          assert.deepEqual(stored[field], value);
        },
      })),
    });

    // Field → a value that would widen carol's powers or rename her: her record must stay as it was.
    const adminFields: Record<string, unknown> = {
      perm: { admin: true },
      scope: '/',
      commands: ['rm'],
      rules: [],
      username: 'carol2',
      lockPassword: true,
    };
    scenarios('refuses a user changing their own account fields', {
      context: () => ({ server, tokens: { carol: token } }),
      invariant: { what: "carol's record", read: () => getUser(id) },
      rows: Object.entries(adminFields).map(([field, value]) => ({
        ...ownChange(field, value),
        name: field,
        status: 403,
        expectJson: { code: 'users.fieldForbidden' },
      })),
    });

    scenarios('refuses whole-record saves by non-admins and edits of others', {
      context: () => ({ server, tokens: { carol: token } }),
      invariant: { what: 'the list of users', read: listUsers },
      rows: [
        {
          name: 'a save of the whole record (which: [])',
          as: 'carol',
          method: 'PUT',
          url: () => `/api/users/${id}`,
          body: () => envelope({ id, username: 'carol', locale: 'en' }, []),
          status: 403,
        },
        {
          name: 'a save of the whole record (which: ["all"])',
          as: 'carol',
          method: 'PUT',
          url: () => `/api/users/${id}`,
          body: () => envelope({ id, username: 'carol', locale: 'en' }, ['all']),
          status: 403,
        },
        {
          name: "a change of the admin's locale",
          as: 'carol',
          method: 'PUT',
          url: '/api/users/1',
          body: envelope({ id: 1, locale: 'en' }, ['locale']),
          status: 403,
        },
      ],
    });

    it('matches field names case-insensitively and refuses unknown ones', async () => {
      assert.equal((await put(token, id, ['LOCALE'], { locale: 'it' })).status, 200);
      assert.equal((await getUser(id)).locale, 'it');
      const unknown = await put(token, id, ['nickname'], { locale: 'it' });
      assert.equal(unknown.status, 400);
      assert.equal(codeOf(unknown), 'users.unknownField');
      const missing = await put(token, id, ['viewMode'], {});
      assert.equal(missing.status, 400);
    });

    it('checks the envelope: what, data.id, current_password', async () => {
      const wrongWhat = await server.request('PUT', `/api/users/${id}`, {
        token,
        body: { what: 'users', which: ['locale'], data: { id, locale: 'en' } },
      });
      assert.equal(wrongWhat.status, 400);
      const otherId = await put(token, id, ['locale'], { id: id + 100, locale: 'en' });
      assert.equal(otherId.status, 400);
      assert.equal(codeOf(otherId), 'users.idMismatch');
      const wrongCurrent = await server.request('PUT', `/api/users/${id}`, {
        token,
        body: envelope({ id, locale: 'en' }, ['locale'], { current_password: 'wrong-one' }),
      });
      assert.equal(wrongCurrent.status, 400);
      assert.equal(codeOf(wrongCurrent), 'users.currentPasswordWrong');
      const rightCurrent = await server.request('PUT', `/api/users/${id}`, {
        token,
        body: envelope({ id, locale: 'en' }, ['locale'], { current_password: userPassword }),
      });
      assert.equal(rightCurrent.status, 200);
    });

    /** Carol's change of her own password, confirmed with her current one. */
    function passwordChange(password: string): OwnRequest {
      return {
        as: 'carol',
        method: 'PUT',
        url: () => `/api/users/${id}`,
        body: () => envelope({ id, password }, ['password'], { current_password: userPassword }),
      };
    }
    // A changed password would also end carol's session: the next row would then answer 401.
    scenarios('applies the password policy to a changed password', {
      context: () => ({ server, tokens: { carol: token } }),
      invariant: { what: "carol's record", read: () => getUser(id) },
      rows: [
        {
          ...passwordChange('short'),
          name: 'too short',
          status: 400,
          expectJson: { code: 'users.passwordTooShort' },
        },
        {
          ...passwordChange(' '.repeat(14)),
          name: 'only spaces',
          status: 400,
          expectJson: { code: 'users.passwordTooShort' },
        },
        {
          ...passwordChange('x'.repeat(73)),
          name: 'over 72 bytes',
          status: 400,
          expectJson: { code: 'users.passwordTooLong' },
        },
        {
          ...passwordChange(''),
          name: 'empty',
          status: 400,
          expectJson: { code: 'users.passwordEmpty' },
        },
      ],
    });
  });

  it('ends every session on a password change and hands the caller a fresh token', async () => {
    const id = await addUser('dave');
    const first = await server.login('dave', userPassword);
    const second = await server.login('dave', userPassword);
    const response = await put(
      first,
      id,
      ['password'],
      { password: 'a-brand-new-password' },
      userPassword,
    );
    assert.equal(response.status, 200, response.text);
    const fresh = String(response.headers['x-auth-token']);
    assert.equal(fresh.split('.').length, 3);
    for (const old of [first, second]) {
      assert.equal((await server.request('GET', `/api/users/${id}`, { token: old })).status, 401);
    }
    assert.equal((await server.request('GET', `/api/users/${id}`, { token: fresh })).status, 200);
    await assert.rejects(server.login('dave', userPassword));
    assert.ok(await server.login('dave', 'a-brand-new-password'));
  });

  it('ends sessions when an admin changes the password, and lockPassword blocks self-service', async () => {
    const id = await addUser('erin', { lockPassword: true });
    const token = await server.login('erin', userPassword);
    const locked = await put(token, id, ['password'], { password: 'another-password-1' });
    assert.equal(locked.status, 403);
    assert.equal(codeOf(locked), 'users.passwordLocked');
    const byAdmin = await put(admin, id, ['password'], { password: 'set-by-the-admin' });
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.headers['x-auth-token'], undefined, 'only the caller gets a new token');
    assert.equal((await server.request('GET', `/api/users/${id}`, { token })).status, 401);
    assert.ok(await server.login('erin', 'set-by-the-admin'));
  });

  it('asks for a token renewal after an admin edit, and lowered permissions apply at once', async () => {
    const id = await addUser('frank', { perm: { admin: true } });
    const token = await server.login('frank', userPassword);
    const quiet = await server.request('GET', '/api/users', { token });
    assert.equal(quiet.status, 200);
    assert.equal(quiet.headers['x-renew-token'], undefined);
    const edit = await put(admin, id, ['locale'], { locale: 'es' });
    assert.equal(edit.status, 200);
    const hinted = await server.request('GET', '/api/users', { token });
    assert.equal(hinted.headers['x-renew-token'], 'true');
    const demote = await put(admin, id, ['perm'], { perm: { admin: false } });
    assert.equal(demote.status, 200);
    assert.equal((await server.request('GET', '/api/users', { token })).status, 403);
  });

  it('replaces a whole record for admins, keeping the password when it is blank', async () => {
    const id = await addUser('gina');
    const current = await getUser(id);
    const response = await server.request('PUT', `/api/users/${id}`, {
      token: admin,
      body: envelope(
        { ...current, password: '', locale: 'pt', scope: '/homes/gina', commands: ['ls'] },
        ['all'],
        { current_password: adminPassword },
      ),
    });
    assert.equal(response.status, 200, response.text);
    const saved = await getUser(id);
    assert.equal(saved.locale, 'pt');
    assert.equal(saved.scope, '/homes/gina');
    assert.deepEqual(saved.commands, ['ls']);
    assert.ok(fs.statSync(path.join(server.root, 'homes', 'gina')).isDirectory());
    assert.ok(await server.login('gina', userPassword), 'the blank password kept the old one');
    const shareOnly = await put(admin, id, ['perm'], { perm: { share: true, download: false } });
    assert.equal(codeOf(shareOnly), 'users.shareNeedsDownload');
    const taken = await put(admin, id, ['username'], { username: 'BOB' });
    assert.equal(taken.status, 409);
    const renamed = await put(admin, id, ['username'], { username: 'gina2' });
    assert.equal(renamed.status, 200);
    assert.ok(await server.login('gina2', userPassword));
  });

  it('hands an admin who renames themselves a fresh token', async () => {
    const id = await addUser('henry', { perm: { admin: true } });
    const token = await server.login('henry', userPassword);
    const response = await put(token, id, ['username'], { username: 'henrietta' }, userPassword);
    assert.equal(response.status, 200);
    const fresh = String(response.headers['x-auth-token']);
    assert.equal((await server.request('GET', '/api/users', { token: fresh })).status, 200);
  });

  it('deletes users, ending their sessions; the last admin stays', async () => {
    const id = await addUser('ivan');
    const token = await server.login('ivan', userPassword);
    const other = await addUser('judy');
    assert.equal((await server.request('DELETE', `/api/users/${other}`, { token })).status, 403);
    const wrongCurrent = await server.request('DELETE', `/api/users/${id}`, {
      token: admin,
      body: { current_password: 'nope' },
    });
    assert.equal(wrongCurrent.status, 400);
    const confirmed = { token: admin, body: { current_password: adminPassword } };
    const deleted = await server.request('DELETE', `/api/users/${id}`, confirmed);
    assert.equal(deleted.status, 200);
    assert.equal((await server.request('GET', `/api/users/${id}`, { token })).status, 401);
    assert.equal((await server.request('GET', `/api/users/${id}`, { token: admin })).status, 404);
    assert.equal((await server.request('DELETE', `/api/users/${id}`, confirmed)).status, 404);
    const self = await server.login('judy', userPassword);
    const selfDelete = await server.request('DELETE', `/api/users/${other}`, {
      token: self,
      body: { current_password: userPassword },
    });
    assert.equal(selfDelete.status, 200, 'users may delete themselves');
  });

  it('never deletes or demotes the last admin', async () => {
    const list = (await server.request('GET', '/api/users', { token: admin })).json<PublicUser[]>();
    for (const user of list.filter((candidate) => candidate.perm.admin && candidate.id !== 1)) {
      const demoted = await put(admin, user.id, ['perm'], { perm: { admin: false } });
      assert.equal(demoted.status, 200);
    }
    const demote = await put(admin, 1, ['perm'], { perm: { admin: false } });
    assert.equal(demote.status, 403);
    assert.equal(codeOf(demote), 'users.lastAdmin');
    const whole = await put(admin, 1, ['all'], { perm: { admin: false } });
    assert.equal(whole.status, 403);
    const remove = await server.request('DELETE', '/api/users/1', {
      token: admin,
      body: { current_password: adminPassword },
    });
    assert.equal(remove.status, 403);
    assert.equal(codeOf(remove), 'users.lastAdmin');
    assert.equal((await getUser(1)).perm.admin, true);
  });
});

describe('deleting a user removes their share links', () => {
  let server: TestServer | undefined;
  after(async () => {
    await server?.stop();
    if (server) removeDir(server.dir);
  });

  it('drops the shares of the deleted user and keeps the others', async () => {
    const first = await startServer();
    const admin = await first.adminToken();
    const created = await first.request('POST', '/api/users', {
      token: admin,
      body: creation({ username: 'sharer', password: userPassword }),
    });
    const id = created.json<PublicUser>().id;
    await first.stop();
    // Share links are planted in the database while the server is down.
    const data = JSON.parse(fs.readFileSync(first.database, 'utf8')) as {
      shares: { hash: string; path: string; userID: number; expire: number }[];
    };
    data.shares.push(
      { hash: 'a'.repeat(32), path: '/x', userID: id, expire: 0 },
      { hash: 'b'.repeat(32), path: '/y', userID: 1, expire: 0 },
    );
    fs.writeFileSync(first.database, JSON.stringify(data));
    server = await startServer({ dir: first.dir });
    const token = await server.adminToken();
    const response = await server.request('DELETE', `/api/users/${id}`, {
      token,
      body: { current_password: adminPassword },
    });
    assert.equal(response.status, 200);
    await server.stop();
    const remaining = JSON.parse(fs.readFileSync(first.database, 'utf8')) as {
      shares: { userID: number }[];
    };
    assert.deepEqual(
      remaining.shares.map((share) => share.userID),
      [1],
    );
  });
});
