// holdUntilResponseEnds: the slot is given back when a response finishes or its client goes away.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { holdUntilResponseEnds } from '../../src/http/hold-until-response-ends';
import { createHeavyWork } from '../../src/limits/heavy-work';

const work = createHeavyWork({ listing: { total: 1, perUser: 1 }, walk: { total: 1, perUser: 1 } });
const until = (condition: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (condition()) resolve();
      else if (Date.now() - started > 2_000) reject(new Error('timed out'));
      else return;
      clearInterval(poll);
    }, 10);
  });

describe('holdUntilResponseEnds', () => {
  let server: http.Server;
  let port: number;
  before(async () => {
    server = http.createServer((request, response) => {
      holdUntilResponseEnds(response, work.acquire('walk', 'u'));
      response.write('first chunk\n');
      // "/finish" ends after a while; "/forever" streams until the client leaves.
      if (request.url === '/finish') setTimeout(() => response.end('done\n'), 100);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  it('holds the slot while the response streams, and frees it when it ends', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/finish', agent: false }, (response) => {
          let text = '';
          response.once('data', () => assert.equal(work.inUse('walk', 'u'), 1));
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    assert.equal(body, 'first chunk\ndone\n');
    await until(() => work.inUse('walk') === 0);
  });

  it('frees the slot when the client goes away mid-response', async () => {
    const request = http.get({ port, host: '127.0.0.1', path: '/forever', agent: false });
    await new Promise<void>((resolve) => request.once('response', () => resolve()));
    assert.equal(work.inUse('walk', 'u'), 1);
    request.destroy();
    await until(() => work.inUse('walk') === 0);
  });

  it('releases at once for a response already closed', async () => {
    const closed = { closed: true, destroyed: true } as http.ServerResponse;
    let released = 0;
    holdUntilResponseEnds(closed, () => (released += 1));
    assert.equal(released, 1);
  });
});
