// The login brake counts per address and per (username, address): failing elsewhere cannot lock the owner out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

describe('login throttling', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const attempt = (password: string, localAddress: string) =>
    server.request('POST', '/api/login', {
      body: { username: 'admin', password },
      localAddress,
    });

  it('does not let failures from another address lock the owner out', async () => {
    let last;
    for (let index = 0; index < 12; index += 1) last = await attempt(`wrong-${index}`, '127.0.0.2');
    assert.equal(last?.status, 429);
    const attackerRight = await attempt(adminPassword, '127.0.0.2');
    assert.equal(attackerRight.status, 429, 'the attacking address stays braked');
    const owner = await attempt(adminPassword, '127.0.0.1');
    assert.equal(owner.status, 200, owner.text);
  });

  it('brakes one address trying many usernames', async () => {
    let last;
    for (let index = 0; index < 40; index += 1) {
      last = await server.request('POST', '/api/login', {
        body: { username: `spray-${index}`, password: 'wrong-password' },
        localAddress: '127.0.0.3',
      });
    }
    assert.equal(last?.status, 429);
    assert.equal((await attempt(adminPassword, '127.0.0.4')).status, 200);
  });
});
