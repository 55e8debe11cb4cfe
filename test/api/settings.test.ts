// Global settings through real HTTP: admin only, validation naming the field, secrets never shown, reCAPTCHA.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

interface SettingsJson {
  signup: boolean;
  hideLoginButton: boolean;
  createUserDir: boolean;
  minimumPasswordLength: number;
  userHomeBasePath: string;
  defaults: Record<string, unknown> & { perm: Record<string, boolean>; locale: string };
  authMethod: string;
  rules: unknown[];
  branding: Record<string, unknown>;
  tus: { chunkSize: number; retryCount: number };
  shell: string[];
  commands: Record<string, string[]>;
  recaptcha: { host: string; key: string; secret: string };
}

function codeOf(response: TestResponse): string {
  return response.json<{ code: string }>().code;
}

/** A stand-in for Google's verifier: a response of "good-captcha" passes, anything else fails. */
async function startFakeVerifier(): Promise<{
  url: string;
  secrets: string[];
  close: () => Promise<void>;
}> {
  const secrets: string[] = [];
  const fake = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      secrets.push(form.get('secret') ?? '');
      const ok = request.method === 'POST' && request.url === '/recaptcha/api/siteverify';
      response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: ok && form.get('response') === 'good-captcha' }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secrets,
    close: () => new Promise((resolve) => fake.close(() => resolve())),
  };
}

describe('settings API', () => {
  let server: TestServer;
  let admin: string;

  async function getSettings(): Promise<SettingsJson> {
    const response = await server.request('GET', '/api/settings', { token: admin });
    assert.equal(response.status, 200, response.text);
    return response.json<SettingsJson>();
  }

  function putSettings(body: unknown): Promise<TestResponse> {
    return server.request('PUT', '/api/settings', { token: admin, body });
  }

  before(async () => {
    server = await startServer();
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('shows File Browser’s fields to admins, with the first-run defaults', async () => {
    const settings = await getSettings();
    assert.equal(settings.signup, false);
    assert.equal(settings.hideLoginButton, true);
    assert.equal(settings.minimumPasswordLength, 12);
    assert.equal(settings.userHomeBasePath, '/users');
    assert.equal(settings.authMethod, 'json');
    assert.equal(settings.defaults.perm.admin, false);
    assert.deepEqual(settings.tus, { chunkSize: 10485760, retryCount: 5 });
    assert.deepEqual(Object.keys(settings.commands).sort().slice(0, 2), [
      'after_copy',
      'after_delete',
    ]);
    assert.equal(settings.recaptcha.secret, '');
    assert.equal('key' in settings && typeof settings.key === 'string', false);
    assert.equal('secret' in settings, false, 'the signing secret never leaves the server');
  });

  it('answers 401 without a token, 403 for non-admins, 405 for other methods', async () => {
    const created = await server.request('POST', '/api/users', {
      token: admin,
      body: {
        what: 'user',
        which: [],
        data: { username: 'plain', password: 'plain-password-1' },
        current_password: adminPassword,
      },
    });
    assert.equal(created.status, 201);
    const plain = await server.login('plain', 'plain-password-1');
    assert.equal((await server.request('GET', '/api/settings')).status, 401);
    assert.equal((await server.request('GET', '/api/settings', { token: plain })).status, 403);
    const put = await server.request('PUT', '/api/settings', { token: plain, body: {} });
    assert.equal(put.status, 403);
    assert.equal((await server.request('DELETE', '/api/settings', { token: admin })).status, 405);
  });

  it('accepts its own GET back unchanged', async () => {
    const before = await getSettings();
    const response = await putSettings(before);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(await getSettings(), before);
  });

  it('accepts a File Browser client’s body and normalises it on save', async () => {
    const fileBrowserBody = {
      signup: false,
      hideLoginButton: true,
      createUserDir: false,
      minimumPasswordLength: 0,
      userHomeBasePath: '/users',
      defaults: {
        scope: '.',
        locale: '',
        viewMode: '',
        singleClick: false,
        redirectAfterCopyMove: true,
        sorting: { by: '', asc: false },
        perm: {
          admin: false,
          execute: true,
          create: true,
          rename: true,
          modify: true,
          delete: true,
          share: true,
          download: true,
        },
        commands: [],
        hideDotfiles: false,
        dateFormat: false,
        aceEditorTheme: '',
      },
      authMethod: 'noauth',
      rules: [{ regex: true, allow: false, path: '', regexp: { raw: '\\.secret$' } }],
      branding: {
        name: 'Files',
        disableExternal: true,
        disableUsedPercentage: false,
        files: '',
        theme: 'dark',
        color: '#2979ff',
      },
      tus: { chunkSize: 5242880, retryCount: 3 },
      shell: ['bash', ' -c ', ''],
      commands: { before_save: ['  echo hi  ', ''], after_save: [] },
    };
    const response = await putSettings(fileBrowserBody);
    assert.equal(response.status, 200, response.text);
    const saved = await getSettings();
    assert.equal(saved.authMethod, 'json', 'authMethod only changes from the command line');
    assert.equal(saved.minimumPasswordLength, 12, 'a stored 0 means 12');
    assert.equal(saved.defaults.locale, 'en');
    assert.equal(saved.defaults.viewMode, 'mosaic');
    assert.deepEqual(saved.shell, ['bash', '-c']);
    assert.deepEqual(saved.commands.before_save, ['echo hi']);
    assert.deepEqual(saved.commands.after_delete, [], 'missing events are filled in');
    assert.equal(saved.branding.name, 'Files');
    assert.equal(saved.branding.theme, 'dark');
    assert.deepEqual(saved.tus, { chunkSize: 5242880, retryCount: 3 });
    assert.equal(saved.rules.length, 1);
  });

  const badBodies: { name: string; body: unknown; field: string; code?: string }[] = [
    { name: 'signup as a string', body: { signup: 'yes' }, field: 'signup' },
    {
      name: 'negative length',
      body: { minimumPasswordLength: -1 },
      field: 'minimumPasswordLength',
    },
    {
      name: 'length as a string',
      body: { minimumPasswordLength: '12' },
      field: 'minimumPasswordLength',
    },
    {
      name: 'length past bcrypt',
      body: { minimumPasswordLength: 100 },
      field: 'minimumPasswordLength',
    },
    {
      name: 'admin as a string',
      body: { defaults: { perm: { admin: 'true' } } },
      field: 'defaults.perm.admin',
    },
    { name: 'unknown theme', body: { branding: { theme: 'blue' } }, field: 'branding.theme' },
    {
      name: 'colour breaking out',
      body: { branding: { color: 'red;}</style>' } },
      field: 'branding.color',
    },
    { name: 'chunk size 0', body: { tus: { chunkSize: 0 } }, field: 'tus.chunkSize' },
    {
      name: 'unknown hook event',
      body: { commands: { before_launch: ['x'] } },
      field: 'before_launch',
    },
    { name: 'shell as a string', body: { shell: 'bash -c' }, field: 'shell' },
    { name: 'unknown field', body: { publicLogin: true }, field: 'publicLogin' },
    { name: 'rule without path', body: { rules: [{ allow: true, regex: false }] }, field: 'path' },
    {
      name: 'home base path with ..',
      body: { userHomeBasePath: '/users/../../etc' },
      field: 'userHomeBasePath',
      code: 'settings.invalid',
    },
    {
      name: 'default scope with ..',
      body: { defaults: { scope: '../x' } },
      field: 'defaults.scope',
      code: 'settings.invalid',
    },
    {
      name: 'share without download',
      body: { defaults: { perm: { share: true, download: false } } },
      field: 'defaults.perm.share',
      code: 'settings.invalid',
    },
    {
      name: 'recaptcha host not http',
      body: { recaptcha: { host: 'file:///etc/passwd' } },
      field: 'recaptcha.host',
      code: 'settings.invalid',
    },
  ];
  for (const row of badBodies) {
    it(`refuses ${row.name} with 400 naming the field`, async () => {
      const before = await getSettings();
      const response = await putSettings(row.body);
      assert.equal(response.status, 400, response.text);
      assert.equal(codeOf(response), row.code ?? 'request.invalid');
      assert.ok(response.json<{ message: string }>().message.includes(row.field), response.text);
      assert.deepEqual(await getSettings(), before, 'nothing was saved');
    });
  }

  it('refuses prototype pollution with 400 and no effect', async () => {
    for (const rawBody of [
      '{"__proto__":{"signup":true}}',
      '{"constructor":{"prototype":{"signup":true}}}',
      '{"defaults":{"__proto__":{"admin":true}}}',
    ]) {
      const response = await server.request('PUT', '/api/settings', {
        token: admin,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(response.status, 400, rawBody);
    }
    assert.equal((await getSettings()).signup, false);
    assert.equal(({} as Record<string, unknown>).signup, undefined);
  });

  it('refuses a rule whose regular expression does not compile, naming it', async () => {
    const current = await getSettings();
    const response = await putSettings({
      ...current,
      rules: [{ allow: false, path: '', regex: true, regexp: { raw: '(unclosed' } }],
    });
    assert.equal(response.status, 400);
    assert.match(
      response.json<{ message: string }>().message,
      /rules\[0\].*not a valid regular expression/,
    );
    assert.deepEqual((await getSettings()).rules, current.rules);
    const flagged = await putSettings({
      ...current,
      rules: [{ allow: false, path: '', regex: true, regexp: { raw: '(?i)\\.env$' } }],
    });
    assert.equal(flagged.status, 200, flagged.text);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await server.request('PUT', '/api/settings', {
      token: admin,
      rawBody: JSON.stringify({ shell: ['x'.repeat(2 * 1024 * 1024)] }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 413);
  });

  it('enforces a changed minimum password length on new users', async () => {
    assert.equal((await putSettings({ minimumPasswordLength: 20 })).status, 200);
    const response = await server.request('POST', '/api/users', {
      token: admin,
      body: {
        what: 'user',
        which: [],
        data: { username: 'shorty', password: 'fifteen-chars-x' },
        current_password: adminPassword,
      },
    });
    assert.equal(response.status, 400);
    assert.match(response.json<{ message: string }>().message, /20/);
    assert.equal((await putSettings({ minimumPasswordLength: 12 })).status, 200);
  });

  // Requests read the committed settings without copying them (settings.current()): a change
  // must still reach the very next request, in both directions.
  it('applies a changed global rule from the next request on, and lifts it once removed', async () => {
    fs.writeFileSync(path.join(server.root, 'plans.secret'), 'hidden');
    const denySecrets = [{ allow: false, path: '', regex: true, regexp: { raw: '\\.secret$' } }];
    const read = () => server.request('GET', '/api/resources/plans.secret', { token: admin });
    const upload = (name: string) =>
      server.request('POST', `/api/resources/${name}?override=true`, {
        token: admin,
        rawBody: 'bytes',
      });
    assert.equal((await putSettings({ rules: [] })).status, 200);
    assert.equal((await read()).status, 200);
    assert.equal((await putSettings({ rules: denySecrets })).status, 200);
    assert.equal((await read()).status, 403);
    assert.equal((await upload('more.secret')).status, 403);
    assert.equal(fs.existsSync(path.join(server.root, 'more.secret')), false);
    assert.equal((await putSettings({ rules: [] })).status, 200);
    assert.equal((await read()).status, 200);
    assert.equal((await upload('more.secret')).status, 200);
  });

  describe('reCAPTCHA', () => {
    let verifier: Awaited<ReturnType<typeof startFakeVerifier>>;
    before(async () => {
      verifier = await startFakeVerifier();
    });
    after(async () => {
      await verifier.close();
    });

    function login(recaptcha?: string): Promise<TestResponse> {
      return server.request('POST', '/api/login', {
        body: { username: 'admin', password: adminPassword, ...(recaptcha ? { recaptcha } : {}) },
      });
    }

    it('is set through PUT, its secret never shown and kept when PUT sends ""', async () => {
      const response = await putSettings({
        recaptcha: { host: verifier.url, key: 'site-key', secret: 'very-secret-value' },
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.text.includes('very-secret-value'), false);
      const shown = await server.request('GET', '/api/settings', { token: admin });
      assert.equal(shown.text.includes('very-secret-value'), false);
      const settings = shown.json<SettingsJson>();
      assert.deepEqual(settings.recaptcha, { host: verifier.url, key: 'site-key', secret: '' });
      // The UI sends back what GET showed: the secret must survive it.
      assert.equal((await putSettings(settings)).status, 200);
    });

    it('makes login refuse an empty or bad captcha and accept a good one', async () => {
      assert.equal((await login()).status, 403);
      assert.equal((await login('bad-captcha')).status, 403);
      const good = await login('good-captcha');
      assert.equal(good.status, 200, good.text);
      assert.ok(verifier.secrets.length > 0);
      assert.ok(verifier.secrets.every((secret) => secret === 'very-secret-value'));
    });

    it('is switched off by clearing the site key', async () => {
      assert.equal((await putSettings({ recaptcha: { key: '' } })).status, 200);
      assert.equal((await login()).status, 200);
    });
  });
});
