// Download tickets and where a token may travel in a URL: ?ticket= and ?auth= on download routes only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addUser as addRunner } from '../helpers/commands';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';
import { openShell } from '../helpers/websocket';

interface Ticket {
  ticket: string;
  expires: number;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('download tickets', () => {
  let server: TestServer;
  let alice: string;

  async function ticketFor(
    token: string,
    body: Record<string, unknown>,
  ): Promise<{ response: TestResponse; ticket: string }> {
    const response = await server.request('POST', '/api/tickets', { token, body });
    const ticket = response.status === 200 ? response.json<Ticket>().ticket : '';
    return { response, ticket };
  }

  before(async () => {
    server = await startServer({
      setup: (root) =>
        writeTree(root, {
          'alice/pub/a.txt': 'hello a',
          'alice/pub/b.txt': 'hello b',
          'alice/pub/movie.srt': '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n',
          'alice/pub/sub/deep.txt': 'deep',
          'alice/pubx/c.txt': 'sibling with a shared prefix',
        }),
    });
    await createUser(server, { username: 'alice', perm: { download: true } });
    alice = await server.login('alice', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('issues a short-lived ticket bound to a path, which downloads that file', async () => {
    const { response, ticket } = await ticketFor(alice, { path: '/pub/a.txt' });
    assert.equal(response.status, 200, response.text);
    const { expires } = response.json<Ticket>();
    const now = Date.now() / 1000;
    assert.ok(expires > now + 60 && expires <= now + 15 * 60, `expires ${expires - now}s from now`);
    assert.equal(ticket.includes(alice), false, 'the ticket is not the session');
    assert.equal(JSON.stringify(claimsOf(ticket)).includes('"user"'), false);
    const download = await server.request('GET', `/api/raw/pub/a.txt?ticket=${ticket}`);
    assert.equal(download.status, 200, download.text);
    assert.equal(download.text, 'hello a');
    const inline = await server.request('GET', `/api/raw/pub/a.txt?inline=true&ticket=${ticket}`);
    assert.equal(inline.status, 200);
  });

  it('refuses a ticket for another path, even one sharing a name prefix', async () => {
    const { ticket } = await ticketFor(alice, { path: '/pub/a.txt' });
    for (const url of [
      `/api/raw/pub/b.txt?ticket=${ticket}`,
      `/api/raw/pub?ticket=${ticket}`,
      `/api/raw/pub/a.txt/../b.txt?ticket=${ticket}`,
      `/api/raw/pub/a.txt%2F..%2Fb.txt?ticket=${ticket}`,
    ]) {
      const response = await server.request('GET', url);
      assert.ok([401, 403].includes(response.status), `${url}: ${response.status}`);
      assert.equal(response.text.includes('hello b'), false);
    }
    const folder = await ticketFor(alice, { path: '/pub' });
    const sibling = await server.request('GET', `/api/raw/pubx/c.txt?ticket=${folder.ticket}`);
    assert.ok([401, 403].includes(sibling.status), String(sibling.status));
  });

  it('lets one folder ticket serve every file below it, subtitles and archives included', async () => {
    const { ticket } = await ticketFor(alice, { path: '/pub' });
    const deep = await server.request('GET', `/api/raw/pub/sub/deep.txt?ticket=${ticket}`);
    assert.equal(deep.text, 'deep');
    const subtitle = await server.request('GET', `/api/subtitle/pub/movie.srt?ticket=${ticket}`);
    assert.equal(subtitle.status, 200, subtitle.text);
    assert.match(subtitle.text, /^WEBVTT/);
    const archive = await server.request(
      'GET',
      `/api/raw/pub/?files=a.txt,b.txt&algo=zip&ticket=${ticket}`,
    );
    assert.equal(archive.status, 200, archive.text);
    const climbing = await server.request(
      'GET',
      `/api/raw/pub/?files=..%252Fpubx%252Fc.txt&algo=zip&ticket=${ticket}`,
    );
    assert.notEqual(climbing.status, 200);
  });

  it('never takes a ticket as a session, nor a session as a ticket', async () => {
    const { ticket } = await ticketFor(alice, { path: '/' });
    const asHeader = await server.request('GET', '/api/resources/', { token: ticket });
    assert.equal(asHeader.status, 401);
    const asRenew = await server.request('POST', '/api/renew', { token: ticket });
    assert.equal(asRenew.status, 401);
    const asAuth = await server.request('GET', `/api/raw/pub/a.txt?auth=${ticket}`);
    assert.equal(asAuth.status, 401);
    const asTicketIssuer = await server.request('POST', '/api/tickets', {
      token: ticket,
      body: { path: '/' },
    });
    assert.equal(asTicketIssuer.status, 401);
    const sessionAsTicket = await server.request('GET', `/api/raw/pub/a.txt?ticket=${alice}`);
    assert.equal(sessionAsTicket.status, 401);
    const onResources = await server.request('GET', `/api/resources/pub?ticket=${ticket}`);
    assert.equal(onResources.status, 401);
    const tampered = `${ticket.slice(0, -2)}xx`;
    assert.equal(
      (await server.request('GET', `/api/raw/pub/a.txt?ticket=${tampered}`)).status,
      401,
    );
  });

  it('refuses to issue a ticket without a session or for a bad request', async () => {
    const anonymous = await server.request('POST', '/api/tickets', { body: { path: '/' } });
    assert.equal(anonymous.status, 401);
    const viaQuery = await server.request('POST', `/api/tickets?auth=${alice}`, {
      body: { path: '/' },
    });
    assert.equal(viaQuery.status, 401);
    for (const body of [{}, { path: 5 }, { path: '/', scope: 'everything' }]) {
      const response = await server.request('POST', '/api/tickets', { token: alice, body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
  });

  it('ends the tickets of a session when it logs out', async () => {
    const session = await server.login('alice', userPassword);
    const { ticket } = await ticketFor(session, { path: '/pub' });
    assert.equal((await server.request('GET', `/api/raw/pub/a.txt?ticket=${ticket}`)).status, 200);
    assert.equal((await server.request('POST', '/api/logout', { token: session })).status, 204);
    assert.equal((await server.request('GET', `/api/raw/pub/a.txt?ticket=${ticket}`)).status, 401);
  });
});

describe('session tokens in URLs and cookies', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startServer({
      setup: (root) =>
        writeTree(root, {
          'a.txt': 'hello',
          'movie.srt': '1\n00:00:01,000 --> 00:00:02,000\nHi\n',
        }),
    });
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('accepts ?auth= and the auth cookie on downloads and subtitles, as File Browser clients send them', async () => {
    for (const url of ['/api/raw/a.txt', '/api/subtitle/movie.srt']) {
      const viaQuery = await server.request('GET', `${url}?auth=${admin}`);
      assert.equal(viaQuery.status, 200, `${url}: ${viaQuery.text}`);
      const viaCookie = await server.request('GET', url, {
        headers: { cookie: `other=1; auth=${admin}` },
      });
      assert.equal(viaCookie.status, 200, url);
    }
  });

  it('refuses ?auth= and the auth cookie everywhere else', async () => {
    for (const url of [
      '/api/resources/',
      '/api/users',
      '/api/settings',
      '/api/shares',
      '/api/search/?query=a',
    ]) {
      const viaQuery = await server.request(
        'GET',
        `${url}${url.includes('?') ? '&' : '?'}auth=${admin}`,
      );
      assert.equal(viaQuery.status, 401, `${url}?auth=`);
      const viaCookie = await server.request('GET', url, { headers: { cookie: `auth=${admin}` } });
      assert.equal(viaCookie.status, 401, `${url} with cookie`);
      const viaHeader = await server.request('GET', url, { token: admin });
      assert.equal(viaHeader.status, 200, `${url} with X-Auth`);
    }
    for (const name of ['token', 'access_token', 'jwt']) {
      const response = await server.request('GET', `/api/resources/?${name}=${admin}`);
      assert.equal(response.status, 401, name);
    }
  });
});

describe('command tickets', () => {
  let server: TestServer;
  let runner: string;
  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      setup: (root) => writeTree(root, { 'runner/sub/': '', 'runner/other/': '' }),
    });
    runner = await addRunner(server, 'runner', ['echo']);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('opens the command WebSocket in its folder with a command ticket only', async () => {
    const origin = new URL(server.url).origin;
    const issue = async (scope: string, path: string) =>
      (
        await server.request('POST', '/api/tickets', { token: runner, body: { path, scope } })
      ).json<Ticket>().ticket;
    const command = await issue('command', '/sub');
    const opened = await openShell(`${server.url}/api/command/sub?ticket=${command}`, { origin });
    assert.equal(opened.kind, 'open', JSON.stringify(opened));
    if (opened.kind === 'open') {
      opened.socket.send('echo hi');
      await opened.socket.closed;
      assert.deepEqual(
        opened.socket.messages.map((message) => message.text),
        ['hi'],
      );
    }
    const elsewhere = await openShell(`${server.url}/api/command/other?ticket=${command}`, {
      origin,
    });
    assert.equal(elsewhere.kind, 'refused');
    const download = await issue('download', '/sub');
    const wrongScope = await openShell(`${server.url}/api/command/sub?ticket=${download}`, {
      origin,
    });
    assert.equal(wrongScope.kind, 'refused');
    const commandAsDownload = await server.request('GET', `/api/raw/sub?ticket=${command}`);
    assert.equal(commandAsDownload.status, 403);
  });
});
