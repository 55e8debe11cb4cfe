// Slow and stalled clients are cut off, and connections past the cap are refused (docs/SECURITY.md, "Resources").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface RawSocket {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the milliseconds until the server closed the socket, or undefined past `withinMs`. */
  closedWithin(withinMs: number): Promise<number | undefined>;
}

async function connect(server: TestServer): Promise<RawSocket> {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  const opened = Date.now();
  let data = '';
  let closedAt: number | undefined;
  socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closedAt = Date.now();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    received: () => data,
    async closedWithin(withinMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise((resolve) => (timer = setTimeout(resolve, withinMs))),
      ]);
      clearTimeout(timer);
      return closedAt === undefined ? undefined : closedAt - opened;
    },
  };
}

const bigSize = 48 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function head(method: string, url: string, extra: string[] = []): string {
  return [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', ...extra, '', ''].join('\r\n');
}

describe('request timeouts', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      args: ['--request-timeout', '1s', '--idle-timeout', '1s'],
      // Far more than the socket buffers of both ends hold, so a reader that stops stalls the server.
      setup: (root) => fs.writeFileSync(path.join(root, 'big.bin'), Buffer.alloc(bigSize, 7)),
    });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('closes a login whose body stops after 4 of 100 bytes', async () => {
    const client = await connect(server);
    client.socket.write(
      head('POST', '/api/login', ['Content-Type: application/json', 'Content-Length: 100']),
    );
    client.socket.write('{"us');
    const closedAfter = await client.closedWithin(3_500);
    assert.ok(closedAfter !== undefined, 'the server still holds the socket');
    client.socket.destroy();
  });

  it('closes a login whose body trickles in, at the deadline and not only when idle', async () => {
    const client = await connect(server);
    client.socket.write(
      head('POST', '/api/login', ['Content-Type: application/json', 'Content-Length: 100']),
    );
    const trickle = setInterval(() => client.socket.write(' '), 200);
    const closedAfter = await client.closedWithin(3_500);
    clearInterval(trickle);
    assert.ok(closedAfter !== undefined, 'a body making slow progress is still bounded');
    client.socket.destroy();
  });

  it('closes a connection whose headers never end', async () => {
    const client = await connect(server);
    client.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const closedAfter = await client.closedWithin(3_500);
    assert.ok(closedAfter !== undefined, 'the server still holds the socket');
    client.socket.destroy();
  });

  it('closes an upload that makes no progress, and keeps one that does past the deadline', async () => {
    const token = await server.adminToken();
    const stalled = await connect(server);
    stalled.socket.write(
      head('POST', '/api/resources/stalled.bin', [`X-Auth: ${token}`, 'Content-Length: 100']),
    );
    stalled.socket.write('abcd');
    assert.ok((await stalled.closedWithin(3_500)) !== undefined, 'a stalled upload is cut');
    stalled.socket.destroy();

    // Ten chunks, 250 ms apart: 2.5 s in all, past the 1 s deadline, never idle for 1 s.
    const steady = await connect(server);
    const chunks = Array.from({ length: 10 }, (_, index) => `chunk-${index};`);
    const body = chunks.join('');
    steady.socket.write(
      head('POST', '/api/resources/steady.txt', [
        `X-Auth: ${token}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
      ]),
    );
    for (const chunk of chunks) {
      steady.socket.write(chunk);
      await sleep(250);
    }
    await eventually(() => steady.received().includes('\r\n\r\n'), 'the answer to the upload');
    assert.match(steady.received(), /^HTTP\/1\.1 200 /);
    assert.equal(fs.readFileSync(path.join(server.root, 'steady.txt'), 'utf8'), body);
    steady.socket.destroy();
  });

  it('holds an upload without a valid token to the deadline, even while it trickles', async () => {
    const client = await connect(server);
    client.socket.write(head('POST', '/api/resources/anon.bin', ['Content-Length: 100']));
    const trickle = setInterval(() => client.socket.write('x'), 200);
    const closedAfter = await client.closedWithin(3_500);
    clearInterval(trickle);
    assert.ok(closedAfter !== undefined, 'the lifted deadline is only for authenticated uploads');
    client.socket.destroy();
  });

  it('closes a download whose client stops reading', async () => {
    const token = await server.adminToken();
    const client = await connect(server);
    let received = 0;
    let holding = true;
    client.socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (holding) client.socket.pause();
    });
    client.socket.write(head('GET', '/api/raw/big.bin', [`X-Auth: ${token}`]));
    await sleep(3_000);
    // Had the server waited, the rest of the file would now arrive.
    holding = false;
    client.socket.resume();
    assert.ok((await client.closedWithin(5_000)) !== undefined, 'the download ended');
    client.socket.destroy();
    assert.ok(received < bigSize, `${received} bytes of ${bigSize} arrived`);
  });

  it('still answers ordinary requests', async () => {
    const response = await server.request('GET', '/health');
    assert.equal(response.status, 200);
  });
});

describe('connection cap', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ args: ['--max-connections', '4'] });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('refuses connections past --max-connections, and serves again once others close', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => connect(server)));
    // An answer on each shows the server counts it, before the next one arrives.
    for (const client of held) client.socket.write(head('GET', '/health'));
    await eventually(
      () => held.every((client) => client.received().includes('\r\n\r\n')),
      'an answer on each held connection',
    );
    const extra = await connect(server);
    extra.socket.write(head('GET', '/health', ['Connection: close']));
    assert.ok((await extra.closedWithin(2_000)) !== undefined, 'the fifth connection is closed');
    assert.equal(extra.received(), '', 'and gets no answer');

    for (const client of held) client.socket.destroy();
    await eventually(
      () =>
        server.request('GET', '/health').then(
          (response) => response.status === 200,
          () => false,
        ),
      'the server to serve again',
    );
  });
});
