// A folder's total through GET /api/size: what the walk may see (rules, hidden entries), links
// counted but not followed. The same answers from the search index (once it has read the sizes)
// and from the walk (the index off), and the index's answers kept live by changes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const password = 'password-for-size-tests';

const engines = [
  { engine: 'index', args: [] },
  { engine: 'walk', args: ['--disable-search-index'] },
];

for (const { engine, args } of engines)
  describe(`folder size, from the ${engine}`, () => {
    let server: TestServer;
    let carol: string;

    before(async () => {
      server = await startServer({
        args,
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
      // The index answers once it has read every file's size; until then the walk does.
      await eventually(
        async () =>
          (await server.request('GET', '/api/size/photos/', { token })).headers['x-size-from'] ===
          engine,
        `the ${engine} answers`,
      );
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
      assert.equal(response.headers['x-size-from'], engine);
      // cover 5 + a 10 + b 3 + secret 1000; two links; trip and day1.
      assert.deepEqual(response.json(), { size: 1018, files: 6, folders: 2 });
    });

    it('leaves out what the rules hide from the user, and counts from the user’s scope', async () => {
      const whole = await server.request('GET', '/api/size', { token: carol });
      assert.equal(whole.status, 200, whole.text);
      // Not secret.txt (a rule), nor link-to-big, which leads out of her scope: she sees neither.
      assert.deepEqual(whole.json(), { size: 18, files: 4, folders: 2 });
      assert.equal(whole.headers['x-size-from'], engine);
      const trip = await server.request('GET', '/api/size/trip', { token: carol });
      assert.deepEqual(trip.json(), { size: 13, files: 2, folders: 1 });
    });

    it('walks a folder reached through a link, whatever the engine', async () => {
      const response = await server.request('GET', '/api/size/photos/link-to-trip/', {
        token: await server.adminToken(),
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers['x-size-from'], 'walk');
      assert.deepEqual(response.json(), { size: 1013, files: 3, folders: 1 });
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

    it('counts an upload, a saved file, a delete and changes made outside Drawer', async () => {
      const token = await server.adminToken();
      const total = async () => {
        const response = await server.request('GET', '/api/size/photos/trip/', { token });
        assert.equal(response.status, 200, response.text);
        return { from: response.headers['x-size-from'], ...response.json<object>() };
      };
      assert.deepEqual(await total(), { from: engine, size: 1013, files: 3, folders: 1 });
      // Drawer's own writes are seen by the very next answer.
      const upload = await server.request('POST', '/api/resources/photos/trip/new.bin', {
        token,
        rawBody: 'x'.repeat(2000),
      });
      assert.equal(upload.status, 200, upload.text);
      assert.deepEqual(await total(), { from: engine, size: 3013, files: 4, folders: 1 });
      const saved = await server.request('PUT', '/api/resources/photos/trip/a.jpg', {
        token,
        rawBody: 'x'.repeat(110),
      });
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual(await total(), { from: engine, size: 3113, files: 4, folders: 1 });
      const deleted = await server.request('DELETE', '/api/resources/photos/trip/new.bin', {
        token,
      });
      assert.equal(deleted.status, 204, deleted.text);
      assert.deepEqual(await total(), { from: engine, size: 1113, files: 3, folders: 1 });
      // Outside Drawer: a file grows, a folder of files appears; the watchers tell the index.
      const day1 = path.join(server.root, 'photos', 'trip', 'day1');
      fs.appendFileSync(path.join(day1, 'b.jpg'), 'x'.repeat(7));
      fs.mkdirSync(path.join(day1, 'later'));
      fs.writeFileSync(path.join(day1, 'later', 'c.jpg'), 'x'.repeat(40));
      const expected = { from: engine, size: 1160, files: 4, folders: 2 };
      await eventually(
        async () => JSON.stringify(await total()) === JSON.stringify(expected),
        'the total after outside changes',
      ).catch(async (error: unknown) => {
        assert.deepEqual(await total(), expected);
        throw error;
      });
    });
  });
