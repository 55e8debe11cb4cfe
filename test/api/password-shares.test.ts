// Password-protected share links through real HTTP: creating them, and every public route refusing
// a visitor without the password or a token, File Browser's way (X-SHARE-PASSWORD, ?token=).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServer } from '../helpers/server';
import type { RequestOptions, TestResponse, TestServer } from '../helpers/server';

interface Share {
  hash: string;
  path: string;
  userID: number;
  expire: number;
  hasPassword: boolean;
}

const filePassword = 'file-link-secret';
/** Characters encodeURIComponent turns into several escapes, and two it must escape: % and +. */
const folderPassword = 'pässwörd 日本語 🔑 100%+1';
const headerOf = (password: string) => ({ 'x-share-password': encodeURIComponent(password) });

describe('password-protected share links', () => {
  let server: TestServer;
  let admin: string;
  let fileHash: string;
  let folderHash: string;
  /** Every answer the tests saw: none may show a password or its hash. */
  const seen: TestResponse[] = [];

  const request = async (method: string, url: string, options: RequestOptions = {}) => {
    const response = await server.request(method, url, options);
    seen.push(response);
    return response;
  };
  const get = (url: string, headers: Record<string, string> = {}, localAddress?: string) =>
    request('GET', url, { headers, ...(localAddress ? { localAddress } : {}) });
  const create = async (target: string, body: Record<string, string>) => {
    const response = await request('POST', `/api/share${target}`, { token: admin, body });
    assert.equal(response.status, 200, response.text);
    return response.json<Share>();
  };
  const tokenFor = async (hash: string, password: string) => {
    const response = await get(`/api/public/share/${hash}`, headerOf(password));
    assert.equal(response.status, 200, response.text);
    const { token } = response.json<{ token?: string }>();
    assert.ok(token, 'a password share answers with a token');
    return token;
  };
  const assertRefused = (response: TestResponse, code: string, label: string) => {
    assert.equal(response.status, 401, `${label}: ${response.text}`);
    assert.equal(response.json<{ code: string }>().code, code, label);
    for (const word of ['AAA', 'BBB', 'CCC', 'a.txt', 'sub'])
      assert.equal(response.text.includes(word), false, label);
  };

  before(async () => {
    server = await startServer({
      setup(root) {
        fs.mkdirSync(path.join(root, 'pub/sub'), { recursive: true });
        fs.writeFileSync(path.join(root, 'pub/a.txt'), 'AAA');
        fs.writeFileSync(path.join(root, 'pub/b.txt'), 'BBB');
        fs.writeFileSync(path.join(root, 'pub/sub/c.txt'), 'CCC');
        fs.writeFileSync(path.join(root, 'open.txt'), 'OPEN');
      },
    });
    admin = await server.adminToken();
    fileHash = (await create('/pub/a.txt', { password: filePassword, expires: '', unit: 'hours' }))
      .hash;
    folderHash = (await create('/pub', { password: folderPassword, expires: '1', unit: 'days' }))
      .hash;
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('creates them with hasPassword, each a new link, never merged with the open one', async () => {
    const open = await create('/pub/a.txt', {});
    const again = await create('/pub/a.txt', { password: filePassword });
    assert.equal(open.hasPassword, false);
    assert.equal(again.hasPassword, true);
    assert.deepEqual(
      { ...again, hash: '', created: 0 },
      {
        hash: '',
        path: '/pub/a.txt',
        userID: 1,
        expire: 0,
        hasPassword: true,
        kind: 'download',
        created: 0,
        status: 'active',
        downloads: 0,
        maxDownloads: 0,
        maxUploadBytes: 0,
        uploadedBytes: 0,
      },
    );
    const hashes = new Set([fileHash, open.hash, again.hash]);
    assert.equal(hashes.size, 3, 'a password link is always new');
    assert.equal((await create('/pub/a.txt', {})).hash, open.hash, 'the open link is still reused');
    const listed = await request('GET', '/api/share/pub/a.txt', { token: admin });
    const links = listed.json<Share[]>();
    assert.deepEqual(
      links.map((link) => [link.hash, link.hasPassword]).sort(),
      [
        [fileHash, true],
        [open.hash, false],
        [again.hash, true],
      ].sort(),
    );
    const all = await request('GET', '/api/shares', { token: admin });
    assert.equal(all.json<Share[]>().filter((link) => link.hasPassword).length, 3);
  });

  it('takes a password up to the 72 bytes bcrypt reads, and no more', async () => {
    const euros = (count: number) => '€'.repeat(count);
    assert.equal((await create('/open.txt', { password: euros(24) })).hasPassword, true);
    const tooLong = await request('POST', '/api/share/open.txt', {
      token: admin,
      body: { password: euros(25) },
    });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.json<{ code: string }>().code, 'share.passwordTooLong');
    const ascii = await request('POST', '/api/share/open.txt', {
      token: admin,
      body: { password: 'x'.repeat(73) },
    });
    assert.equal(ascii.status, 400);
  });

  it('refuses every public route without the password: 401, the same before any lookup', async () => {
    const urls = [
      `/api/public/share/${fileHash}`,
      `/api/public/share/${fileHash}/a.txt`,
      `/api/public/dl/${fileHash}`,
      `/api/public/dl/${fileHash}/a.txt`,
      `/api/public/dl/${fileHash}?inline=true`,
      `/api/public/share/${folderHash}`,
      `/api/public/share/${folderHash}/sub`,
      `/api/public/share/${folderHash}/sub/c.txt`,
      `/api/public/share/${folderHash}/missing.txt`,
      `/api/public/share/${folderHash}/../a.txt`,
      `/api/public/dl/${folderHash}`,
      `/api/public/dl/${folderHash}/a.txt`,
      `/api/public/dl/${folderHash}/a.txt?inline=true`,
      `/api/public/dl/${folderHash}/sub/c.txt`,
      `/api/public/dl/${folderHash}?algo=zip`,
      `/api/public/dl/${folderHash}/?files=a.txt,sub&algo=tar`,
      `/api/public/dl/${folderHash}/sub?algo=targz`,
      `/api/public/dl/${folderHash}/missing.txt`,
      `/api/public/preview/thumb/${fileHash}`,
      `/api/public/preview/big/${folderHash}/a.txt`,
      `/api/public/preview/thumb/${folderHash}/sub/c.txt`,
    ];
    for (const url of urls) {
      assertRefused(await get(url), 'share.passwordRequired', url);
      assertRefused(await get(url, { 'x-share-password': '' }), 'share.passwordRequired', url);
      assertRefused(
        await get(`${url}${url.includes('?') ? '&' : '?'}token=`),
        'share.passwordRequired',
        url,
      );
      assertRefused(
        await get(`${url}${url.includes('?') ? '&' : '?'}token=not.a.token`),
        'share.passwordRequired',
        `${url} with a bad token`,
      );
    }
    // An unknown hash stays 404, with or without a password.
    const unknown = Buffer.alloc(18, 9).toString('base64url');
    for (const headers of [{}, headerOf(filePassword)])
      for (const route of ['share', 'dl'])
        assert.equal((await get(`/api/public/${route}/${unknown}`, headers)).status, 404);
  });

  it('refuses a wrong password, a badly encoded one and one sent without its encoding', async () => {
    const wrong = [
      headerOf('not-the-password'),
      headerOf(filePassword.toUpperCase()),
      headerOf(`${filePassword} `),
      { 'x-share-password': '%zz' },
      { 'x-share-password': '%E0%A4%A' },
    ];
    // Each route from its own address, so ten wrong guesses never reach the brake.
    const routes: [string, string][] = [
      [`/api/public/share/${fileHash}`, '127.0.0.7'],
      [`/api/public/dl/${fileHash}`, '127.0.0.9'],
    ];
    for (const headers of wrong)
      for (const [url, address] of routes)
        assertRefused(
          await get(url, headers, address),
          'share.passwordWrong',
          `${url} ${JSON.stringify(headers)}`,
        );
    // The folder password has characters that must be escaped; unescaped, "+" and "%" differ.
    assertRefused(
      await get(
        `/api/public/share/${folderHash}`,
        { 'x-share-password': 'p%C3%A4ssw%C3%B6rd+100%+1' },
        '127.0.0.8',
      ),
      'share.passwordWrong',
      'half encoded',
    );
  });

  it('opens with the URI-encoded password, answering the item and a token', async () => {
    const file = await get(`/api/public/share/${fileHash}`, headerOf(filePassword));
    assert.equal(file.status, 200, file.text);
    const item = file.json<{ name: string; path: string; token: string }>();
    assert.equal(item.name, 'a.txt');
    assert.equal(item.path, '');
    assert.match(item.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    const download = await get(`/api/public/dl/${fileHash}`, headerOf(filePassword));
    assert.equal(download.text, 'AAA');

    const folder = await get(`/api/public/share/${folderHash}`, headerOf(folderPassword));
    assert.equal(folder.status, 200, folder.text);
    const listing = folder.json<{ items: { name: string }[]; token: string }>();
    assert.deepEqual(
      listing.items.map((entry) => entry.name),
      ['sub', 'a.txt', 'b.txt'],
    );
    const sub = await get(`/api/public/share/${folderHash}/sub`, headerOf(folderPassword));
    assert.equal(sub.status, 200);
    assert.ok(sub.json<{ token?: string }>().token);
  });

  it('lets the token open every public route of its share, and no other', async () => {
    const token = await tokenFor(folderHash, folderPassword);
    const withToken = async (url: string) =>
      get(`${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`);
    const bytes: [string, string][] = [
      [`/api/public/dl/${folderHash}/a.txt`, 'AAA'],
      [`/api/public/dl/${folderHash}/a.txt?inline=true`, 'AAA'],
      [`/api/public/dl/${folderHash}/sub/c.txt`, 'CCC'],
    ];
    for (const [url, content] of bytes) {
      const response = await withToken(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.text, content, url);
    }
    for (const url of [
      `/api/public/dl/${folderHash}?algo=zip`,
      `/api/public/dl/${folderHash}/?files=a.txt,sub&algo=tar`,
      `/api/public/dl/${folderHash}/sub?algo=targz`,
    ])
      assert.equal((await withToken(url)).status, 200, url);
    // Let in, the preview route judges the file itself: text has no preview.
    const preview = await withToken(`/api/public/preview/thumb/${folderHash}/a.txt`);
    assert.equal(preview.status, 415, preview.text);
    assert.equal(preview.json<{ code: string }>().code, 'preview.unsupported');
    const archive = await withToken(`/api/public/dl/${folderHash}/?files=a.txt,sub&algo=tar`);
    for (const content of ['AAA', 'CCC']) assert.ok(archive.text.includes(content));
    // The listing takes it too, and hands the same token back: only the password renews it.
    const listing = await withToken(`/api/public/share/${folderHash}/sub`);
    assert.equal(listing.status, 200);
    assert.equal(listing.json<{ token: string }>().token, token);
    // Inside the share, the usual confinement still holds.
    assert.equal((await withToken(`/api/public/dl/${folderHash}/../open.txt`)).status, 404);
    assert.equal((await withToken(`/api/public/dl/${folderHash}/missing.txt`)).status, 404);

    for (const url of [`/api/public/share/${fileHash}`, `/api/public/dl/${fileHash}`])
      assertRefused(
        await withToken(url),
        'share.passwordRequired',
        `${url}: token of another share`,
      );
    const fileToken = await tokenFor(fileHash, filePassword);
    const crossed = await get(`/api/public/dl/${folderHash}/a.txt?token=${fileToken}`);
    assertRefused(crossed, 'share.passwordRequired', 'the file token on the folder');
    // A wrong token with the right password still opens, as in File Browser.
    const both = await get(`/api/public/dl/${fileHash}?token=${token}`, headerOf(filePassword));
    assert.equal(both.text, 'AAA');
  });

  it('ignores X-SHARE-PASSWORD and ?token= on a link without a password', async () => {
    const open = (await create('/open.txt', {})).hash;
    const info = await get(`/api/public/share/${open}?token=x`, headerOf('anything'));
    assert.equal(info.status, 200);
    assert.equal('token' in info.json<object>(), false);
    assert.equal((await get(`/api/public/dl/${open}`, { 'x-share-password': '%zz' })).text, 'OPEN');
  });

  it('ends the tokens of a deleted link, which is then unknown', async () => {
    const hash = (await create('/pub/b.txt', { password: 'short-lived' })).hash;
    const token = await tokenFor(hash, 'short-lived');
    assert.equal((await get(`/api/public/dl/${hash}?token=${token}`)).text, 'BBB');
    const deleted = await request('DELETE', `/api/share/${hash}`, { token: admin });
    assert.equal(deleted.status, 200);
    for (const url of [
      `/api/public/dl/${hash}?token=${token}`,
      `/api/public/share/${hash}?token=${token}`,
    ]) {
      const response = await get(url, headerOf('short-lived'));
      assert.equal(response.status, 404, url);
      assert.equal(response.json<{ code: string }>().code, 'share.notFound');
    }
  });

  it('brakes wrong guesses per share and address with 429 and Retry-After', async () => {
    const hash = (await create('/pub/b.txt', { password: 'right-one' })).hash;
    const token = await tokenFor(hash, 'right-one');
    const guess = (password: string, localAddress: string, url = `/api/public/share/${hash}`) =>
      get(url, headerOf(password), localAddress);
    for (let index = 0; index < 10; index += 1)
      assertRefused(
        await guess(`guess-${index}`, '127.0.0.2'),
        'share.passwordWrong',
        `guess ${index}`,
      );
    for (const url of [`/api/public/share/${hash}`, `/api/public/dl/${hash}`]) {
      const braked = await guess('right-one', '127.0.0.2', url);
      assert.equal(braked.status, 429, url);
      assert.equal(braked.json<{ code: string }>().code, 'auth.throttled');
      const wait = Number(braked.headers['retry-after']);
      assert.ok(wait > 0 && wait <= 15 * 60, `Retry-After ${braked.headers['retry-after']}`);
    }
    // Another address, a token, another share from the braked address: not braked.
    assert.equal((await guess('right-one', '127.0.0.3')).status, 200);
    assert.equal((await get(`/api/public/dl/${hash}?token=${token}`, {}, '127.0.0.2')).text, 'BBB');
    assert.equal(
      (await get(`/api/public/dl/${fileHash}`, headerOf(filePassword), '127.0.0.2')).text,
      'AAA',
    );
    // Without a password nothing is guessed, so nothing is braked: the 401 that asks for one.
    assertRefused(
      await get(`/api/public/share/${hash}`, {}, '127.0.0.2'),
      'share.passwordRequired',
      'no guess',
    );
  });

  it('never shows a password or its hash in any answer', () => {
    assert.ok(seen.length > 50);
    for (const response of seen) {
      for (const secret of [
        '$2a$',
        '$2b$',
        'passwordHash',
        'password_hash',
        filePassword,
        'right-one',
      ])
        assert.equal(
          response.text.includes(secret),
          false,
          `${secret} in ${response.text.slice(0, 200)}`,
        );
    }
  });
});
