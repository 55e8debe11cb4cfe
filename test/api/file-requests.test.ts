// File requests (upload links): a stranger with the link uploads into the owner's folder through
// tus at /api/public/tus/<hash>/<path>, and can do nothing else.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { changeSettings, waitFor } from '../helpers/commands';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';
import { offsetStream, patterned, statusOfError, tusRequest, tusUpload } from '../helpers/tus';

interface Share {
  hash: string;
  kind: string;
  maxUploadBytes: number;
  uploadedBytes: number;
}

interface Page {
  name: string;
  kind: string;
  visit: string;
  uploads: { path: string; size: number; uploaded: string }[];
  uploadBytesLeft?: number;
  items?: unknown;
}

const allPerm = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const hookEvents = ['upload', 'save', 'rename', 'copy', 'delete'];

describe('file requests (upload links)', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let aliceId: number;
  let link: Share;
  let records: string;
  let record: string;
  const inbox = () => path.join(server.root, 'alice/inbox');

  const codeOf = (response: TestResponse) => response.json<{ code: string }>().code;
  const pageOf = async (hash: string, headers: Record<string, string> = {}) => {
    const response = await server.request('GET', `/api/public/share/${hash}`, { headers });
    assert.equal(response.status, 200, response.text);
    return response.json<Page>();
  };
  const visitOf = async (hash: string, headers: Record<string, string> = {}) =>
    (await pageOf(hash, headers)).visit;
  /** A raw tus POST as a visitor: the upload's URL (Location), or the refusal. */
  const begin = (hash: string, name: string, length: number, visit: string) =>
    tusRequest(server, 'POST', `/api/public/tus/${hash}/${name}`, {
      headers: { 'Upload-Length': String(length), 'X-Share-Visit': visit },
    });
  const send = (url: string, offset: number, body: Buffer, visit: string) =>
    tusRequest(server, 'PATCH', url, {
      rawBody: body,
      headers: { ...offsetStream, 'Upload-Offset': String(offset), 'X-Share-Visit': visit },
    });
  /** The whole upload through tus-js-client, as the public page does it. */
  const upload = (hash: string, name: string, data: Buffer, visit: string) =>
    tusUpload(server, '', `/api/public/tus/${hash}/${name}`, data, {
      headers: { 'X-Share-Visit': visit },
      chunkSize: 256,
    });
  const updateAlice = async (which: string, data: Record<string, unknown>) => {
    const response = await server.request('PUT', `/api/users/${aliceId}`, {
      token: admin,
      body: {
        what: 'user',
        which: [which],
        data: { id: aliceId, ...data },
        current_password: adminPassword,
      },
    });
    assert.equal(response.status, 200, response.text);
  };
  const createLink = async (target: string, body: Record<string, unknown>) => {
    const response = await server.request('POST', `/api/share${target}`, { token: alice, body });
    assert.equal(response.status, 200, response.text);
    return response.json<Share>();
  };

  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      setup(root) {
        writeTree(root, {
          'alice/inbox/existing.txt': 'SECRET-EXISTING',
          'alice/inbox/sub/deep.txt': 'SECRET-DEEP',
          'alice/private/p.txt': 'SECRET-PRIVATE',
          'alice/outside.txt': 'SECRET-OUTSIDE',
          'alice/readme.txt': 'README',
        });
        fs.symlinkSync('../private', path.join(root, 'alice/inbox/escape'));
        records = path.join(path.dirname(root), 'hook-records');
        fs.mkdirSync(records);
        record = path.join(path.dirname(root), 'record.sh');
        fs.writeFileSync(record, `#!/bin/sh\nenv > "${records}/$TRIGGER.env"\n`, { mode: 0o755 });
      },
    });
    admin = await server.adminToken();
    aliceId = await createUser(server, { username: 'alice', perm: allPerm });
    alice = await server.login('alice', userPassword);
    link = await createLink('/inbox', { kind: 'upload', maxUploadBytes: 1000 });
  });
  beforeEach(() => {
    for (const name of fs.readdirSync(records)) fs.rmSync(path.join(records, name));
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('are made on folders, by owners who may create there', async () => {
    assert.deepEqual([link.kind, link.maxUploadBytes, link.uploadedBytes], ['upload', 1000, 0]);
    const file = await server.request('POST', '/api/share/readme.txt', {
      token: alice,
      body: { kind: 'upload' },
    });
    assert.deepEqual([file.status, codeOf(file)], [400, 'share.uploadNeedsFolder']);
    await createUser(server, {
      username: 'reader',
      scope: '/alice',
      perm: { share: true, download: true },
    });
    const reader = await server.login('reader', userPassword);
    const refused = await server.request('POST', '/api/share/inbox', {
      token: reader,
      body: { kind: 'upload' },
    });
    assert.equal(refused.status, 403, refused.text);
  });

  it("shows the folder's name and this visit's uploads, never the folder", async () => {
    const page = await server.request('GET', `/api/public/share/${link.hash}`);
    assert.equal(page.status, 200, page.text);
    const body = page.json<Page>();
    assert.deepEqual(
      { ...body, visit: '' },
      {
        name: 'inbox',
        path: '',
        isDir: true,
        kind: 'upload',
        expire: 0,
        visit: '',
        uploads: [],
        uploadBytesLeft: 1000,
      },
    );
    for (const secret of ['existing', 'sub', 'escape', 'SECRET'])
      assert.equal(page.text.includes(secret), false, secret);
    assert.equal((await server.request('GET', `/api/public/share/${link.hash}/sub`)).status, 404);
  });

  it('refuses every reading route: listing sub-paths, downloads, archives, previews', async () => {
    for (const url of [
      `/api/public/dl/${link.hash}`,
      `/api/public/dl/${link.hash}/existing.txt`,
      `/api/public/dl/${link.hash}/existing.txt?inline=true`,
      `/api/public/dl/${link.hash}/?algo=zip`,
      `/api/public/dl/${link.hash}/?files=existing.txt,sub&algo=tar`,
      `/api/public/dl/${link.hash}/sub/deep.txt`,
      `/api/public/preview/thumb/${link.hash}/existing.txt`,
      `/api/public/preview/big/${link.hash}/sub/deep.txt`,
    ]) {
      const response = await server.request('GET', url);
      assert.equal(response.status, 403, `${url}: ${response.text}`);
      assert.equal(codeOf(response), 'share.uploadOnly', url);
      assert.equal(response.text.includes('SECRET'), false, url);
    }
  });

  it('takes a new file through tus-js-client, into the folder and below', async () => {
    const visit = await visitOf(link.hash);
    const data = patterned(600);
    await upload(link.hash, 'report.bin', data, visit);
    assert.deepEqual(fs.readFileSync(path.join(inbox(), 'report.bin')), data);
    await upload(link.hash, 'photos/2024/a.txt', Buffer.from('hello'), visit);
    assert.equal(fs.readFileSync(path.join(inbox(), 'photos/2024/a.txt'), 'utf8'), 'hello');
    await upload(link.hash, 'sub/new.txt', Buffer.from(''), visit);
    assert.equal(fs.readFileSync(path.join(inbox(), 'sub/new.txt'), 'utf8'), '');
    const page = await pageOf(link.hash, { 'X-Share-Visit': visit });
    assert.equal(page.visit, visit, 'the same visit goes on');
    assert.deepEqual(
      page.uploads.map((file) => [file.path, file.size]),
      [
        ['/report.bin', 600],
        ['/photos/2024/a.txt', 5],
        ['/sub/new.txt', 0],
      ],
    );
    assert.equal(page.uploadBytesLeft, 1000 - 605);
    // Another visit sees none of them.
    const other = await pageOf(link.hash);
    assert.notEqual(other.visit, visit);
    assert.deepEqual(other.uploads, []);
    const owner = await server.request('GET', '/api/shares', { token: alice });
    assert.equal(
      owner.json<Share[]>().find((share) => share.hash === link.hash)?.uploadedBytes,
      605,
    );
  });

  it('never overwrites: an existing file or folder is 409, override=true changes nothing', async () => {
    const visit = await visitOf(link.hash);
    for (const name of ['existing.txt', 'existing.txt?override=true', 'sub', 'sub/deep.txt']) {
      const response = await begin(link.hash, name, 3, visit);
      assert.equal(response.status, 409, `${name}: ${response.text}`);
      assert.equal(codeOf(response), 'fs.exists');
    }
    await assert.rejects(
      upload(link.hash, 'existing.txt', Buffer.from('XXX'), visit),
      (error) => statusOfError(error) === 409,
    );
    assert.equal(fs.readFileSync(path.join(inbox(), 'existing.txt'), 'utf8'), 'SECRET-EXISTING');
    // A file that appears while an upload runs is not replaced by its last byte either.
    const started = await begin(link.hash, 'race.txt', 3, visit);
    assert.equal(started.status, 201);
    fs.writeFileSync(path.join(inbox(), 'race.txt'), 'FIRST');
    const last = await send(String(started.headers.location), 0, Buffer.from('abc'), visit);
    assert.equal(last.status, 409);
    assert.equal(fs.readFileSync(path.join(inbox(), 'race.txt'), 'utf8'), 'FIRST');
  });

  it('refuses any way out of the folder', async () => {
    const visit = await visitOf(link.hash);
    for (const name of [
      '../outside.txt',
      '%2e%2e/outside.txt',
      '..%2Foutside.txt',
      'sub/../../outside.txt',
      './x.txt',
      'sub/%2E/x.txt',
    ]) {
      const response = await begin(link.hash, name, 3, visit);
      assert.equal(response.status, 400, `${name}: ${response.text}`);
      assert.equal(codeOf(response), 'fs.badPath', name);
    }
    const escaping = await begin(link.hash, 'escape/planted.txt', 3, visit);
    assert.equal(escaping.status, 403, escaping.text);
    assert.equal(fs.existsSync(path.join(server.root, 'alice/private/planted.txt')), false);
    const bare = await begin(link.hash, '', 3, visit);
    assert.equal(bare.status, 400);
    assert.equal(
      fs.readFileSync(path.join(server.root, 'alice/outside.txt'), 'utf8'),
      'SECRET-OUTSIDE',
    );
  });

  it('lets only the visit that began an upload see, resume or end it', async () => {
    const mine = await visitOf(link.hash);
    const theirs = await visitOf(link.hash);
    const started = await begin(link.hash, 'mine.txt', 4, mine);
    assert.equal(started.status, 201, started.text);
    const url = String(started.headers.location);
    assert.match(url, new RegExp(`/api/public/tus/${link.hash}/mine\\.txt\\?id=[0-9a-f]{24}$`));
    assert.equal((await send(url, 0, Buffer.from('ab'), mine)).status, 204);
    for (const method of ['HEAD', 'DELETE'])
      assert.equal(
        (await tusRequest(server, method, url, { headers: { 'X-Share-Visit': theirs } })).status,
        404,
        method,
      );
    assert.equal((await send(url, 2, Buffer.from('cd'), theirs)).status, 404);
    // The owner does not see it at her own tus endpoint either.
    const asOwner = await tusRequest(server, 'HEAD', '/api/tus/inbox/mine.txt', { token: alice });
    assert.equal(asOwner.status, 404);
    const head = await tusRequest(server, 'HEAD', url, { headers: { 'X-Share-Visit': mine } });
    assert.equal(head.headers['upload-offset'], '2');
    assert.equal((await send(url, 2, Buffer.from('cd'), mine)).status, 204);
    assert.equal(fs.readFileSync(path.join(inbox(), 'mine.txt'), 'utf8'), 'abcd');
  });

  it('asks for the visit token on every upload route', async () => {
    const anotherLink = await createLink('/inbox', { kind: 'upload' });
    const foreign = await visitOf(anotherLink.hash);
    for (const visit of ['', 'not-a-token', foreign]) {
      const response = await begin(link.hash, 'no-visit.txt', 3, visit);
      assert.equal(response.status, 401, visit);
      assert.equal(codeOf(response), 'share.visitRequired');
    }
    // A visit token is no password token, and the other way round.
    const download = await createLink('/readme.txt', { password: 'pw-for-readme' });
    const opened = await server.request('GET', `/api/public/share/${download.hash}`, {
      headers: { 'x-share-password': 'pw-for-readme' },
    });
    const token = opened.json<{ token: string }>().token;
    assert.equal((await begin(link.hash, 'x.txt', 3, token)).status, 401);
    assert.equal(fs.existsSync(path.join(inbox(), 'no-visit.txt')), false);
    const notUpload = await begin(download.hash, 'x.txt', 3, foreign);
    assert.deepEqual([notUpload.status, codeOf(notUpload)], [403, 'share.notForUploads']);
  });

  it('keeps to its byte limit, at creation and at the last byte', async () => {
    const limited = await createLink('/inbox', { kind: 'upload', maxUploadBytes: '100' });
    const visit = await visitOf(limited.hash);
    const tooBig = await begin(limited.hash, 'big.bin', 101, visit);
    assert.deepEqual([tooBig.status, codeOf(tooBig)], [413, 'share.uploadLimit']);
    // Unfinished uploads hold their length: together they cannot pass the limit either.
    const first = await begin(limited.hash, 'one.bin', 60, visit);
    assert.equal(first.status, 201);
    assert.equal((await begin(limited.hash, 'two.bin', 60, visit)).status, 413);
    const second = await begin(limited.hash, 'two.bin', 40, visit);
    assert.equal(second.status, 201);
    assert.equal(
      (await send(String(second.headers.location), 0, patterned(40), visit)).status,
      204,
    );
    // The owner lowers the limit meanwhile: the last byte is checked against it, and refused.
    const lowered = await server.request('PATCH', `/api/share/${limited.hash}`, {
      token: alice,
      body: { maxUploadBytes: 80 },
    });
    assert.equal(lowered.status, 200, lowered.text);
    const last = await send(String(first.headers.location), 0, patterned(60), visit);
    assert.deepEqual([last.status, codeOf(last)], [413, 'share.uploadLimit']);
    assert.equal(fs.existsSync(path.join(inbox(), 'one.bin')), false);
    assert.equal(fs.existsSync(path.join(inbox(), 'two.bin')), true);
    const page = await pageOf(limited.hash, { 'X-Share-Visit': visit });
    assert.deepEqual(
      page.uploads.map((file) => file.path),
      ['/two.bin'],
    );
    assert.equal(page.uploadBytesLeft, 40);
  });

  it('asks for its password, and a new password ends the visits begun with the old one', async () => {
    const guarded = await createLink('/inbox', { kind: 'upload', password: 'drop-here' });
    const refused = await server.request('GET', `/api/public/share/${guarded.hash}`);
    assert.deepEqual([refused.status, codeOf(refused)], [401, 'share.passwordRequired']);
    const visit = await visitOf(guarded.hash, { 'x-share-password': 'drop-here' });
    await upload(guarded.hash, 'guarded.txt', Buffer.from('G'), visit);
    // The visit token alone opens the page again.
    assert.equal((await pageOf(guarded.hash, { 'X-Share-Visit': visit })).uploads.length, 1);
    const changed = await server.request('PATCH', `/api/share/${guarded.hash}`, {
      token: alice,
      body: { password: 'another-one' },
    });
    assert.equal(changed.status, 200);
    assert.equal((await begin(guarded.hash, 'late.txt', 1, visit)).status, 401);
    const page = await server.request('GET', `/api/public/share/${guarded.hash}`, {
      headers: { 'X-Share-Visit': visit },
    });
    assert.equal(page.status, 401);
  });

  it('works only while the owner may create there: rights are read at each request and at the last byte', async () => {
    const visit = await visitOf(link.hash);
    const started = await begin(link.hash, 'rights.txt', 3, visit);
    assert.equal(started.status, 201);
    await updateAlice('perm', { perm: { ...allPerm, create: false } });
    try {
      const page = await server.request('GET', `/api/public/share/${link.hash}`, {
        headers: { 'X-Share-Visit': visit },
      });
      assert.equal(page.status, 404);
      assert.equal((await begin(link.hash, 'later.txt', 3, visit)).status, 404);
      const last = await send(String(started.headers.location), 0, Buffer.from('abc'), visit);
      assert.equal(last.status, 404);
      assert.equal(fs.existsSync(path.join(inbox(), 'rights.txt')), false);
    } finally {
      await updateAlice('perm', { perm: allPerm });
    }
    assert.equal((await begin(link.hash, 'later.txt', 3, visit)).status, 201);
  });

  it("runs the owner's upload hooks, told the link, and logs the upload under it", async () => {
    const commands: Record<string, string[]> = {};
    for (const event of hookEvents) {
      commands[`before_${event}`] = [];
      commands[`after_${event}`] = [];
    }
    await changeSettings(server, {
      commands: { ...commands, before_upload: [record], after_upload: [record] },
    });
    try {
      const visit = await visitOf(link.hash);
      await upload(link.hash, 'hooked.txt', Buffer.from('HOOK'), visit);
      const read = (trigger: string) =>
        new Map(
          fs
            .readFileSync(path.join(records, `${trigger}.env`), 'utf8')
            .split('\n')
            .filter((line) => line.includes('='))
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
      // The file exists as soon as the hook starts writing it: wait for what it writes.
      await waitFor(
        () =>
          fs.existsSync(path.join(records, 'after_upload.env')) &&
          read('after_upload').has('TRIGGER'),
        'after_upload',
      );
      for (const trigger of ['before_upload', 'after_upload']) {
        const env = read(trigger);
        assert.equal(env.get('SHARE'), link.hash, trigger);
        assert.equal(env.get('USERNAME'), 'alice', trigger);
        assert.equal(env.get('FILE'), path.join(fs.realpathSync(inbox()), 'hooked.txt'));
      }
      await waitFor(
        () => server.output().includes(`upload through file request share=${link.hash}`),
        'the log line',
      );
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('hooked.txt'));
      assert.match(
        line ?? '',
        new RegExp(`share=${link.hash}.*"owner":"alice".*"path":"/hooked.txt"`),
      );
    } finally {
      await changeSettings(server, { commands });
    }
  });

  it('ends with its expiry: 410 on the page and the upload routes', async () => {
    // The visit is taken while the link lives for an hour, then the link is cut to one second:
    // a loaded machine may take longer than a second between any two requests.
    const brief = await createLink('/inbox', { kind: 'upload', expires: '1', unit: 'hours' });
    const visit = await visitOf(brief.hash);
    const cut = await server.request('PATCH', `/api/share/${brief.hash}`, {
      token: alice,
      body: { expires: '1', unit: 'seconds' },
    });
    assert.equal(cut.status, 200, cut.text);
    const pageNow = () => server.request('GET', `/api/public/share/${brief.hash}`);
    await eventually(async () => (await pageNow()).status !== 200, 'the link to expire');
    const page = await pageNow();
    assert.deepEqual([page.status, codeOf(page)], [410, 'share.gone']);
    const late = await begin(brief.hash, 'late.txt', 1, visit);
    assert.deepEqual([late.status, codeOf(late)], [410, 'share.gone']);
  });
});
