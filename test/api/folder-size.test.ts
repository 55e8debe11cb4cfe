// A folder's total through GET /api/size: what the walk may see (rules, hidden entries), links counted but not followed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const password = 'password-for-size-tests';

describe('folder size', () => {
  let server: TestServer;
  let carol: string;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        const folder = path.join(root, 'photos');
        fs.mkdirSync(path.join(folder, 'trip', 'day1'), { recursive: true });
        fs.writeFileSync(path.join(folder, 'cover.jpg'), 'x'.repeat(5));
        fs.writeFileSync(path.join(folder, 'trip', 'a.jpg'), 'x'.repeat(10));
        fs.writeFileSync(path.join(folder, 'trip', 'day1', 'b.jpg'), 'x'.repeat(3));
        fs.writeFileSync(path.join(folder, 'trip', 'day1', 'secret.txt'), 'x'.repeat(1000));
        // A resumable upload's hidden data file: no user sees it, so it counts for nothing.
        fs.writeFileSync(
          path.join(folder, '.drawer-upload-0123456789abcdef01234567.part'),
          'x'.repeat(500),
        );
        // Links are counted as entries but neither followed nor sized.
        fs.writeFileSync(path.join(root, 'big.bin'), 'x'.repeat(100_000));
        fs.symlinkSync(path.join(root, 'big.bin'), path.join(folder, 'link-to-big'));
        fs.symlinkSync(path.join(folder, 'trip'), path.join(folder, 'link-to-trip'));
      },
    });
    const token = await server.adminToken();
    const created = await server.request('POST', '/api/users', {
      token,
      body: {
        what: 'user',
        which: [],
        data: {
          username: 'carol',
          password,
          scope: '/photos',
          // Reading is all a total needs: no permission to change anything.
          perm: { download: false, share: false },
          rules: [{ allow: false, path: '/trip/day1/secret.txt', regex: false, regexp: null }],
        },
        current_password: adminPassword,
      },
    });
    assert.equal(created.status, 201, created.text);
    carol = await server.login('carol', password);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('adds up the files below a folder, links counted but not followed', async () => {
    const response = await server.request('GET', '/api/size/photos/', {
      token: await server.adminToken(),
    });
    assert.equal(response.status, 200, response.text);
    // cover 5 + a 10 + b 3 + secret 1000; two links; trip and day1.
    assert.deepEqual(response.json(), { size: 1018, files: 6, folders: 2 });
  });

  it('leaves out what the rules hide from the user, and counts from the user’s scope', async () => {
    const whole = await server.request('GET', '/api/size', { token: carol });
    assert.equal(whole.status, 200, whole.text);
    // Not secret.txt (a rule), nor link-to-big, which leads out of her scope: she sees neither.
    assert.deepEqual(whole.json(), { size: 18, files: 4, folders: 2 });
    const trip = await server.request('GET', '/api/size/trip', { token: carol });
    assert.deepEqual(trip.json(), { size: 13, files: 2, folders: 1 });
  });

  it('says what is wrong with what is not a folder, a missing one, a way out, or no login', async () => {
    const token = await server.adminToken();
    const file = await server.request('GET', '/api/size/photos/cover.jpg', { token });
    assert.equal(file.status, 400);
    assert.equal(file.json<{ code: string }>().code, 'fs.notDirectory');
    const missing = await server.request('GET', '/api/size/photos/nothing/', { token });
    assert.equal(missing.status, 404);
    const denied = await server.request('GET', '/api/size/trip/day1/secret.txt', {
      token: carol,
    });
    assert.equal(denied.status, 403);
    const climbing = await server.request('GET', '/api/size/..%2F..%2F', { token: carol });
    assert.ok([200, 404].includes(climbing.status), `status ${climbing.status}`);
    if (climbing.status === 200)
      assert.deepEqual(climbing.json(), { size: 18, files: 4, folders: 2 });
    const anonymous = await server.request('GET', '/api/size/photos/');
    assert.equal(anonymous.status, 401);
  });

  it('answers only GET', async () => {
    const response = await server.request('POST', '/api/size/photos/', {
      token: await server.adminToken(),
    });
    assert.equal(response.status, 405);
  });
});
