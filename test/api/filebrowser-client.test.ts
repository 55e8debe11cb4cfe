// Every call File Browser's web client makes (its frontend/src/api/*.ts and utils/auth.ts), sent
// as a browser sends it: string bodies without a Content-Type go out as text/plain;charset=UTF-8.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makePng } from '../helpers/png';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';
import { patterned, statusOfError, tusUpload } from '../helpers/tus';

/** What earlier calls answered, as the client keeps it (its auth store, the views' state). */
interface State {
  jwt: string;
  user: Record<string, unknown>;
  settings: Record<string, unknown>;
  carolId: string;
  carolJwt: string;
  carol: Record<string, unknown>;
  fileHash: string;
  folderHash: string;
  /** A password-protected folder link, and the token its page got for the password. */
  passwordHash: string;
  shareToken: string;
  /** The Location of the last tus upload created (tus-js-client follows it). */
  tusUpload: string;
}

interface ClientCall {
  /** The client function, and the view that calls it when that decides the body. */
  name: string;
  method: string;
  /** `{key}` is replaced by the State value of that name, here and in headers and rawBody. */
  url: string;
  headers: Record<string, string>;
  rawBody?: string | ((state: State) => string);
  status: number;
  contains?: string;
  remember?: (response: TestResponse, state: State) => void;
  todo?: string;
}

const carolPassword = 'carol-password-for-client-tests';
/** A share password as a person types it; pub.fetch sends it through encodeURIComponent. */
const sharePassword = 'Grüße 🔑 50%+off';
const newcomerPassword = 'newcomer-password-for-client-tests';
const json = { 'Content-Type': 'application/json' };
/** fetchURL: the session in X-Auth; a string body makes the browser add this type. */
const api = { 'X-Auth': '{jwt}' };
const apiText = { 'X-Auth': '{jwt}', 'Content-Type': 'text/plain;charset=UTF-8' };
/** tus-js-client's requests from api/tus.ts: its version header, and the session the client adds. */
const tus = { 'X-Auth': '{jwt}', 'Tus-Resumable': '1.0.0' };
const tusChunk = { ...tus, 'Content-Type': 'application/offset+octet-stream' };
/** window.open and <img>/<track> links: the auth cookie the client sets itself. */
const cookie = { Cookie: 'auth={jwt}' };
const userEnvelope = (which: string[], data: unknown, currentPassword?: string) =>
  JSON.stringify({
    what: 'user',
    which,
    ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
    data,
  });

const calls: ClientCall[] = [
  {
    name: 'auth.login',
    method: 'POST',
    url: '/api/login',
    headers: json,
    rawBody: JSON.stringify({ username: 'admin', password: adminPassword, recaptcha: '' }),
    status: 200,
    contains: 'eyJ',
  },
  {
    name: 'auth.renew',
    method: 'POST',
    url: '/api/renew',
    headers: { 'X-Auth': '{jwt}' },
    status: 200,
    contains: 'eyJ',
  },
  {
    name: 'settings.get',
    method: 'GET',
    url: '/api/settings',
    headers: api,
    status: 200,
    contains: '"signup"',
    remember: (response, state) => {
      state.settings = response.json();
      // Every field File Browser's settingsData has, and those its Global.vue edits inside them.
      assert.deepEqual(
        [
          'signup',
          'hideLoginButton',
          'createUserDir',
          'minimumPasswordLength',
          'userHomeBasePath',
          'defaults',
          'authMethod',
          'rules',
          'branding',
          'tus',
          'shell',
          'commands',
        ].filter((field) => !(field in state.settings)),
        [],
      );
      const nested = (name: string) => Object.keys(state.settings[name] as object);
      for (const field of ['name', 'disableExternal', 'disableUsedPercentage', 'files', 'theme'])
        assert.ok(nested('branding').includes(field), `branding.${field}`);
      assert.deepEqual(nested('tus').sort(), ['chunkSize', 'retryCount']);
      for (const field of ['scope', 'locale', 'viewMode', 'singleClick', 'sorting', 'perm'])
        assert.ok(nested('defaults').includes(field), `defaults.${field}`);
      for (const field of ['commands', 'hideDotfiles', 'dateFormat', 'redirectAfterCopyMove'])
        assert.ok(nested('defaults').includes(field), `defaults.${field}`);
    },
  },
  {
    name: 'settings.update (Global.vue: what it read, signup turned on)',
    method: 'PUT',
    url: '/api/settings',
    headers: apiText,
    rawBody: (state) =>
      JSON.stringify({
        ...state.settings,
        signup: true,
        tus: { chunkSize: 4194304, retryCount: 7 },
        branding: { ...(state.settings.branding as object), name: 'Acme Files' },
      }),
    status: 200,
  },
  {
    name: 'settings.get (Global.vue reloads what it saved)',
    method: 'GET',
    url: '/api/settings',
    headers: api,
    status: 200,
    remember: (response) => {
      const saved = response.json<{ signup: boolean; tus: object; branding: { name: string } }>();
      assert.equal(saved.signup, true);
      assert.deepEqual(saved.tus, { chunkSize: 4194304, retryCount: 7 });
      assert.equal(saved.branding.name, 'Acme Files');
    },
  },
  {
    name: 'auth.signup',
    method: 'POST',
    url: '/api/signup',
    headers: json,
    rawBody: JSON.stringify({ username: 'newcomer', password: newcomerPassword }),
    status: 200,
  },
  {
    name: 'users.getAll',
    method: 'GET',
    url: '/api/users',
    headers: api,
    status: 200,
    contains: '"newcomer"',
  },
  {
    name: 'users.get',
    method: 'GET',
    url: '/api/users/1',
    headers: api,
    status: 200,
    contains: '"username":"admin"',
  },
  {
    name: 'users.create (User.vue: the defaults, then the form)',
    method: 'POST',
    url: '/api/users',
    headers: apiText,
    rawBody: (state) =>
      JSON.stringify({
        what: 'user',
        which: [],
        current_password: adminPassword,
        data: {
          ...(state.settings.defaults as object),
          username: 'carol',
          password: carolPassword,
          rules: [],
          lockPassword: false,
          id: 0,
          scope: '/docs',
        },
      }),
    status: 201,
    remember: (response, state) => {
      state.carolId =
        String(response.headers.location ?? '')
          .split('/')
          .at(-1) ?? '';
    },
  },
  {
    name: 'auth.login as the new user',
    method: 'POST',
    url: '/api/login',
    headers: json,
    rawBody: JSON.stringify({ username: 'carol', password: carolPassword, recaptcha: '' }),
    status: 200,
    remember: (response, state) => {
      state.carolJwt = response.text;
      state.carol = claimsOf(response.text);
    },
  },
  {
    name: 'users.get (User.vue, before editing)',
    method: 'GET',
    url: '/api/users/{carolId}',
    headers: api,
    status: 200,
    remember: (response, state) => (state.carol = response.json()),
  },
  {
    name: 'users.update all (User.vue)',
    method: 'PUT',
    url: '/api/users/{carolId}',
    headers: apiText,
    rawBody: (state) => userEnvelope(['all'], { ...state.carol, locale: 'de' }, adminPassword),
    status: 200,
  },
  {
    name: 'users.update viewMode (FileListing.vue)',
    method: 'PUT',
    url: '/api/users/1',
    headers: apiText,
    rawBody: userEnvelope(['viewMode'], { id: 1, viewMode: 'mosaic' }),
    status: 200,
  },
  {
    name: 'users.update sorting (FileListing.vue)',
    method: 'PUT',
    url: '/api/users/1',
    headers: apiText,
    rawBody: userEnvelope(['sorting'], { id: 1, sorting: { by: 'size', asc: true } }),
    status: 200,
  },
  {
    name: 'users.update profile (Profile.vue: the token user, edited)',
    method: 'PUT',
    url: '/api/users/1',
    headers: apiText,
    rawBody: (state) =>
      userEnvelope(
        [
          'locale',
          'hideDotfiles',
          'singleClick',
          'redirectAfterCopyMove',
          'dateFormat',
          'aceEditorTheme',
        ],
        {
          ...state.user,
          id: 1,
          locale: 'fr',
          hideDotfiles: true,
          singleClick: false,
          dateFormat: true,
        },
      ),
    status: 200,
  },
  {
    name: 'users.update password (Profile.vue, as the new user)',
    method: 'PUT',
    url: '/api/users/{carolId}',
    headers: { 'X-Auth': '{carolJwt}', 'Content-Type': 'text/plain;charset=UTF-8' },
    rawBody: (state) =>
      userEnvelope(
        ['password'],
        { ...state.carol, id: Number(state.carolId), password: `${carolPassword}-2` },
        carolPassword,
      ),
    status: 200,
  },
  {
    name: 'users.remove (User.vue, with the current password)',
    method: 'DELETE',
    url: '/api/users/{carolId}',
    headers: apiText,
    rawBody: JSON.stringify({ current_password: adminPassword }),
    status: 200,
  },
  {
    name: 'files.fetch a folder',
    method: 'GET',
    url: '/api/resources/docs/',
    headers: { ...api, 'X-Encoding': 'false' },
    status: 200,
    contains: '"a.txt"',
  },
  {
    name: 'files.fetch a text file for the editor',
    method: 'GET',
    url: '/api/resources/docs/a.txt',
    headers: { ...api, 'X-Encoding': 'true' },
    status: 200,
    contains: 'alpha',
  },
  {
    name: 'files.fetchAll',
    method: 'GET',
    url: '/api/resources/recursive/docs/',
    headers: api,
    status: 200,
    contains: 'b.txt',
  },
  {
    name: 'files.checksum',
    method: 'GET',
    url: '/api/resources/docs/a.txt?checksum=md5',
    headers: api,
    status: 200,
    contains: '"md5"',
  },
  {
    name: 'files.put (the editor saves)',
    method: 'PUT',
    url: '/api/resources/docs/a.txt',
    headers: apiText,
    rawBody: 'alpha edited',
    status: 200,
  },
  {
    name: 'files.post a new file (XMLHttpRequest)',
    method: 'POST',
    url: '/api/resources/docs/new.txt?override=false',
    headers: apiText,
    rawBody: '',
    status: 200,
  },
  {
    name: 'files.post a folder',
    method: 'POST',
    url: '/api/resources/docs/sub/?override=false',
    headers: apiText,
    rawBody: '',
    status: 200,
  },
  {
    name: 'files.post an upload whose type is JSON: its bytes are the file',
    method: 'POST',
    url: '/api/resources/docs/data.json?override=false',
    headers: { ...api, 'Content-Type': 'application/json' },
    rawBody: '{"not json',
    status: 200,
  },
  {
    name: 'files.post through tus (api/tus.ts): the upload is created',
    method: 'POST',
    url: '/api/tus/docs/small-up.txt?override=false',
    headers: { ...tus, 'Upload-Length': '11' },
    status: 201,
    remember: (response, state) => {
      assert.equal(response.headers['tus-resumable'], '1.0.0');
      state.tusUpload = String(response.headers.location);
      assert.match(state.tusUpload, /^\/api\/tus\/docs\/small-up\.txt\?id=/);
    },
  },
  {
    name: 'files.post through tus: the first chunk (PATCH at the Location)',
    method: 'PATCH',
    url: '{tusUpload}',
    headers: { ...tusChunk, 'Upload-Offset': '0' },
    rawBody: 'small ',
    status: 204,
    remember: (response) => assert.equal(response.headers['upload-offset'], '6'),
  },
  {
    name: 'files.post through tus: a retry asks where the upload stands (HEAD)',
    method: 'HEAD',
    url: '{tusUpload}',
    headers: tus,
    status: 200,
    remember: (response) => {
      assert.equal(response.headers['upload-offset'], '6');
      assert.equal(response.headers['upload-length'], '11');
    },
  },
  {
    name: 'files.post through tus: the last chunk puts the file in place',
    method: 'PATCH',
    url: '{tusUpload}',
    headers: { ...tusChunk, 'Upload-Offset': '6' },
    rawBody: 'bytes',
    status: 204,
  },
  {
    name: 'files.fetch the file uploaded through tus',
    method: 'GET',
    url: '/api/raw/docs/small-up.txt',
    headers: cookie,
    status: 200,
    contains: 'small bytes',
  },
  {
    name: 'files.post through tus over an existing file without overwrite: 409 (not retried)',
    method: 'POST',
    url: '/api/tus/docs/small-up.txt?override=false',
    headers: { ...tus, 'Upload-Length': '3' },
    status: 409,
  },
  {
    name: 'files.post through tus with overwrite (the replace prompt)',
    method: 'POST',
    url: '/api/tus/docs/small-up.txt?override=true',
    headers: { ...tus, 'Upload-Length': '3' },
    status: 201,
    remember: (response, state) => (state.tusUpload = String(response.headers.location)),
  },
  {
    name: 'abortAllUploads: tus-js-client ends the upload (DELETE at the Location)',
    method: 'DELETE',
    url: '{tusUpload}',
    headers: tus,
    status: 204,
  },
  {
    name: 'files.fetch after the aborted overwrite: the file is unchanged',
    method: 'GET',
    url: '/api/raw/docs/small-up.txt',
    headers: cookie,
    status: 200,
    contains: 'small bytes',
  },
  {
    name: 'files.move',
    method: 'PATCH',
    url: '/api/resources/docs/new.txt?action=rename&destination=%2Fdocs%2Fmoved.txt&override=false&rename=false',
    headers: api,
    status: 200,
  },
  {
    name: 'files.copy',
    method: 'PATCH',
    url: '/api/resources/docs/moved.txt?action=copy&destination=%2Fdocs%2Fcopied.txt&override=false&rename=false',
    headers: api,
    status: 200,
  },
  {
    name: 'files.remove',
    method: 'DELETE',
    url: '/api/resources/docs/moved.txt',
    headers: api,
    status: 204,
  },
  {
    name: 'files.usage',
    method: 'GET',
    url: '/api/usage/docs/',
    headers: api,
    status: 200,
    contains: '"total"',
  },
  {
    name: 'search',
    method: 'GET',
    url: '/api/search/docs/?query=b.txt',
    headers: api,
    status: 200,
    contains: 'b.txt',
  },
  {
    name: 'share.create permanent (body "{}")',
    method: 'POST',
    url: '/api/share/docs/a.txt',
    headers: apiText,
    rawBody: '{}',
    status: 200,
    contains: '"hash"',
    remember: (response, state) => (state.fileHash = response.json<{ hash: string }>().hash),
  },
  {
    name: 'share.create with an expiry (query and body)',
    method: 'POST',
    url: '/api/share/docs/?expires=2&unit=hours',
    headers: apiText,
    rawBody: JSON.stringify({ password: '', expires: '2', unit: 'hours' }),
    status: 200,
    contains: '"expire"',
    remember: (response, state) => (state.folderHash = response.json<{ hash: string }>().hash),
  },
  {
    name: 'share.create with a password (prompts/Share.vue: password, expiry and unit)',
    method: 'POST',
    url: '/api/share/docs/?expires=3&unit=hours',
    headers: apiText,
    rawBody: JSON.stringify({ password: sharePassword, expires: '3', unit: 'hours' }),
    status: 200,
    contains: '"hasPassword":true',
    remember: (response, state) => (state.passwordHash = response.json<{ hash: string }>().hash),
  },
  {
    name: 'share.list',
    method: 'GET',
    url: '/api/shares',
    headers: api,
    status: 200,
    contains: '{fileHash}',
  },
  {
    name: 'share.get',
    method: 'GET',
    url: '/api/share/docs/a.txt',
    headers: api,
    status: 200,
    contains: '{fileHash}',
  },
  {
    name: 'pub.fetch (a visitor: empty X-Auth and password)',
    method: 'GET',
    url: '/api/public/share/{folderHash}',
    headers: { 'X-Auth': '', 'X-SHARE-PASSWORD': '' },
    status: 200,
    contains: '"b.txt"',
  },
  {
    name: 'pub.getDownloadURL',
    method: 'GET',
    url: '/api/public/dl/{folderHash}/b.txt?inline=true',
    headers: {},
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'pub.download several files as an archive',
    method: 'GET',
    url: '/api/public/dl/{folderHash}/?files=%2Fa.txt%2C%2Fb.txt&algo=zip&',
    headers: {},
    status: 200,
  },
  {
    name: 'pub.fetch of a password link, no password yet (views/Share.vue asks for it on 401)',
    method: 'GET',
    url: '/api/public/share/{passwordHash}',
    headers: { 'X-Auth': '', 'X-SHARE-PASSWORD': '' },
    status: 401,
    contains: 'share.passwordRequired',
  },
  {
    name: 'pub.fetch with a wrong password',
    method: 'GET',
    url: '/api/public/share/{passwordHash}',
    headers: { 'X-Auth': '', 'X-SHARE-PASSWORD': encodeURIComponent('grüße 🔑 50%+off') },
    status: 401,
    contains: 'share.passwordWrong',
  },
  {
    name: 'pub.fetch with the password (URI-encoded), answering a token',
    method: 'GET',
    url: '/api/public/share/{passwordHash}',
    headers: { 'X-Auth': '', 'X-SHARE-PASSWORD': encodeURIComponent(sharePassword) },
    status: 200,
    contains: '"token"',
    remember: (response, state) => (state.shareToken = response.json<{ token: string }>().token),
  },
  {
    name: 'pub.fetch again on navigation (views/Share.vue sends the password every time)',
    method: 'GET',
    url: '/api/public/share/{passwordHash}/',
    headers: { 'X-Auth': '', 'X-SHARE-PASSWORD': encodeURIComponent(sharePassword) },
    status: 200,
    contains: '"b.txt"',
  },
  {
    name: 'pub.getDownloadURL with the token (an item of a password link)',
    method: 'GET',
    url: '/api/public/dl/{passwordHash}/b.txt?token={shareToken}',
    headers: {},
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'pub.getDownloadURL inline with the token (views/Share.vue preview)',
    method: 'GET',
    url: '/api/public/dl/{passwordHash}/b.txt?inline=true&token={shareToken}',
    headers: {},
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'pub.download several files of a password link with the token',
    method: 'GET',
    url: '/api/public/dl/{passwordHash}/?files=%2Fa.txt%2C%2Fb.txt&algo=zip&token={shareToken}&',
    headers: {},
    status: 200,
  },
  {
    name: 'pub.getDownloadURL of a password link without the token',
    method: 'GET',
    url: '/api/public/dl/{passwordHash}/b.txt',
    headers: {},
    status: 401,
    contains: 'share.passwordRequired',
  },
  {
    name: 'pub.getDownloadURL of a file share',
    method: 'GET',
    url: '/api/public/dl/{fileHash}',
    headers: {},
    status: 200,
    contains: 'alpha edited',
  },
  {
    name: 'share.remove',
    method: 'DELETE',
    url: '/api/share/{fileHash}',
    headers: api,
    status: 200,
  },
  {
    name: 'files.download one file (cookie)',
    method: 'GET',
    url: '/api/raw/docs/b.txt?',
    headers: cookie,
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'files.download with ?auth= (File Browser clients before v2.44.2)',
    method: 'GET',
    url: '/api/raw/docs/b.txt?auth={jwt}',
    headers: {},
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'files.download several files as an archive',
    method: 'GET',
    url: '/api/raw/?files=%2Fdocs%2Fa.txt%2C%2Fdocs%2Fb.txt&algo=zip&',
    headers: cookie,
    status: 200,
  },
  {
    name: 'files.getDownloadURL inline',
    method: 'GET',
    url: '/api/raw/docs/b.txt?inline=true',
    headers: cookie,
    status: 200,
    contains: 'bravo',
  },
  {
    name: 'files.getSubtitlesURL',
    method: 'GET',
    url: '/api/subtitle/docs/movie.vtt?inline=true',
    headers: cookie,
    status: 200,
    contains: 'WEBVTT',
  },
  {
    name: 'files.getPreviewURL',
    method: 'GET',
    url: '/api/preview/thumb/docs/pic.png?inline=true&key=1700000000000',
    headers: cookie,
    status: 200,
    remember: (response) => {
      assert.equal(response.headers['content-type'], 'image/jpeg');
      assert.deepEqual([...response.body.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    },
  },
  {
    name: 'files.getPreviewURL for the big preview (ResizePreview)',
    method: 'GET',
    url: '/api/preview/big/docs/pic.png?inline=true&key=1700000000000',
    headers: cookie,
    status: 200,
    remember: (response) => assert.equal(response.headers['content-type'], 'image/jpeg'),
  },
];

function claimsOf(token: string): Record<string, unknown> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return (payload as { user: Record<string, unknown> }).user;
}

function fill(text: string, state: State): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in state ? String(state[key as keyof State]) : whole,
  );
}

describe("File Browser's web client, call by call", () => {
  let server: TestServer;
  const state = {} as State;

  before(async () => {
    server = await startServer({
      setup(root) {
        fs.mkdirSync(path.join(root, 'docs'));
        fs.writeFileSync(path.join(root, 'docs/a.txt'), 'alpha');
        fs.writeFileSync(path.join(root, 'docs/b.txt'), 'bravo');
        fs.writeFileSync(path.join(root, 'docs/movie.vtt'), 'WEBVTT\n\n');
        fs.writeFileSync(path.join(root, 'docs/pic.png'), makePng(4, 4));
      },
    });
    state.jwt = await server.adminToken();
    state.user = claimsOf(state.jwt);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  for (const call of calls) {
    it(`${call.name}: ${call.method} ${call.url}`, { todo: call.todo }, async () => {
      const headers = Object.fromEntries(
        Object.entries(call.headers).map(([name, value]) => [name, fill(value, state)]),
      );
      const body = typeof call.rawBody === 'function' ? call.rawBody(state) : call.rawBody;
      const response = await server.request(call.method, fill(call.url, state), {
        headers,
        ...(body === undefined ? {} : { rawBody: fill(body, state) }),
      });
      assert.equal(response.status, call.status, response.text.slice(0, 500));
      if (call.contains)
        assert.ok(response.text.includes(fill(call.contains, state)), response.text);
      call.remember?.(response, state);
    });
  }

  it('commands: a WebSocket, off without --enable-exec', { skip: 'commands-shell.test.ts' });

  it('tus-js-client configured as api/tus.ts uploads in chunks of the tus settings', async () => {
    const settings = state.settings.tus as { chunkSize: number; retryCount: number };
    assert.deepEqual(settings, { chunkSize: 10 * 1024 * 1024, retryCount: 5 });
    const data = patterned(2 * 1024 * 1024 + 3);
    await tusUpload(server, state.jwt, '/api/tus/docs/big-up.bin?override=false', data, {
      chunkSize: 1024 * 1024,
      retryDelays: [0, 1000, 2000, 4000, 8000],
      parallelUploads: 1,
      storeFingerprintForResuming: false,
      onShouldRetry: (error) => statusOfError(error) !== 409,
    });
    assert.ok(fs.readFileSync(path.join(server.root, 'docs', 'big-up.bin')).equals(data));
  });
});
