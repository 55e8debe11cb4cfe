// Resumable uploads across aborts, server restarts and time: tus-js-client resumes, abandoned uploads expire.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '../helpers/eventually';
import { createPauseControl } from '../helpers/pause';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import {
  memoryUrlStorage,
  offsetStream,
  patterned,
  prepareTusUpload,
  startTusUpload,
  tusRequest,
  tusUpload,
} from '../helpers/tus';

const chunk = 64 * 1024;
const hiddenIn = (folder: string) =>
  fs.readdirSync(folder).filter((name) => name.startsWith('.drawer-'));

/** Runs tus-js-client until `fraction` of the bytes are accepted, then aborts it (no termination). */
async function uploadPart(
  server: TestServer,
  token: string,
  endpointPath: string,
  data: Buffer,
  fraction: number,
  options: Parameters<typeof startTusUpload>[4] = {},
): Promise<string> {
  let stopped!: () => void;
  const aborted = new Promise<void>((resolve) => (stopped = resolve));
  const run = startTusUpload(server, token, endpointPath, data, {
    chunkSize: chunk,
    ...options,
    onChunkComplete: (_size, accepted, total) => {
      if (accepted >= total * fraction) void run.upload.abort().then(stopped);
    },
  });
  run.done.catch(() => undefined);
  await Promise.race([aborted, run.done]);
  assert.ok(run.upload.url, 'the upload was created');
  return new URL(run.upload.url).pathname + new URL(run.upload.url).search;
}

describe('tus uploads: resuming', () => {
  const servers: TestServer[] = [];
  after(async () => {
    for (const server of servers) await server.stop();
    for (const dir of new Set(servers.map((server) => server.dir))) removeDir(dir);
  });

  it('tus-js-client aborted at 40% resumes from the server’s offset (findPreviousUploads) and lands byte-exact', async () => {
    const server = await startServer();
    servers.push(server);
    const token = await server.adminToken();
    const data = patterned(10 * chunk + 999, 1);
    const urlStorage = memoryUrlStorage();
    const options = {
      urlStorage,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    };
    const uploadUrl = await uploadPart(server, token, '/api/tus/resumed.bin', data, 0.4, options);
    const offset = Number(
      (await tusRequest(server, 'HEAD', uploadUrl, { token })).headers['upload-offset'],
    );
    assert.ok(offset >= 4 * chunk && offset < data.length, `offset ${offset}`);

    const sent: number[] = [];
    // The standard flow: the client looks its earlier upload up, then resumes it.
    const resumed = prepareTusUpload(server, token, '/api/tus/resumed.bin', data, {
      ...options,
      chunkSize: chunk,
      onChunkComplete: (size) => sent.push(size),
    });
    const previous = await resumed.upload.findPreviousUploads();
    assert.equal(previous.length, 1);
    resumed.upload.resumeFromPreviousUpload(previous[0] as (typeof previous)[number]);
    resumed.upload.start();
    await resumed.done;
    assert.equal(
      sent.reduce((sum, size) => sum + size, 0),
      data.length - offset,
      'only the rest',
    );
    assert.ok(fs.readFileSync(path.join(server.root, 'resumed.bin')).equals(data));
    assert.deepEqual(hiddenIn(server.root), []);
  });

  it('an upload survives a server restart: HEAD gives the offset, and the upload completes', async () => {
    const first = await startServer();
    servers.push(first);
    const data = patterned(6 * chunk + 7, 2);
    const uploadUrl = await uploadPart(
      first,
      await first.adminToken(),
      '/api/tus/d/restart.bin',
      data,
      0.5,
    );
    await first.stop();

    const second = await startServer({ dir: first.dir });
    servers.push(second);
    const token = await second.adminToken();
    const status = await tusRequest(second, 'HEAD', uploadUrl, { token });
    assert.equal(status.status, 200);
    const offset = Number(status.headers['upload-offset']);
    assert.ok(offset >= 3 * chunk && offset < data.length && offset % chunk === 0, `${offset}`);
    assert.equal(status.headers['upload-length'], String(data.length));
    await tusUpload(second, token, '/api/tus/d/restart.bin', data, {
      uploadUrl: `${second.url}${uploadUrl}`,
      chunkSize: chunk,
    });
    assert.ok(fs.readFileSync(path.join(second.root, 'd', 'restart.bin')).equals(data));
    assert.deepEqual(hiddenIn(path.join(second.root, 'd')), []);
  });

  it('a server stopped between the last byte and the rename: the next HEAD puts the file in place', async () => {
    const pause = createPauseControl();
    try {
      const first = await startServer({ env: { DRAWER_TEST_PAUSE_DIR: pause.dir } });
      servers.push(first);
      const token = await first.adminToken();
      const data = patterned(3 * chunk + 5, 3);
      const created = await tusRequest(first, 'POST', '/api/tus/d/stopped.bin?override=false', {
        token,
        headers: { 'Upload-Length': String(data.length) },
      });
      assert.equal(created.status, 201, created.text);
      const location = String(created.headers.location);
      // Every byte is written, then the server dies before it renames the file into place.
      await pause.whilePausedAt(
        'tus.beforePlace',
        () =>
          tusRequest(first, 'PATCH', location, {
            token,
            headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
            rawBody: data,
          }).catch((error: unknown) => error),
        () => first.kill(),
      );
      assert.equal(fs.existsSync(path.join(first.root, 'd', 'stopped.bin')), false);

      const second = await startServer({ dir: first.dir });
      servers.push(second);
      const status = await tusRequest(second, 'HEAD', location, {
        token: await second.adminToken(),
      });
      assert.equal(status.status, 200, status.text);
      assert.equal(status.headers['upload-offset'], String(data.length));
      assert.ok(fs.readFileSync(path.join(second.root, 'd', 'stopped.bin')).equals(data));
      assert.deepEqual(hiddenIn(path.join(second.root, 'd')), []);
    } finally {
      pause.remove();
    }
  });

  it('an abandoned upload expires: 404, and its files are removed by the cleaner', async () => {
    const server = await startServer({ args: ['--tus-expiration', '1s'] });
    servers.push(server);
    const token = await server.adminToken();
    const create = await tusRequest(server, 'POST', '/api/tus/soon-gone.txt', {
      token,
      headers: { 'Upload-Length': '10' },
    });
    const location = String(create.headers.location);
    const patch = await tusRequest(server, 'PATCH', location, {
      token,
      rawBody: 'abc',
      headers: { ...offsetStream, 'Upload-Offset': '0' },
    });
    assert.equal(patch.status, 204);
    assert.equal(hiddenIn(server.root).length, 2);
    await sleep(1100);
    assert.equal((await tusRequest(server, 'HEAD', location, { token })).status, 404);
    await eventually(() => hiddenIn(server.root).length === 0, 'the cleanup');
    // The folder was forgotten with its last upload: the database no longer lists it.
    await eventually(
      () =>
        !JSON.stringify(
          JSON.parse(fs.readFileSync(server.database, 'utf8')).uploadFolders ?? [],
        ).includes('"path"'),
      'forgetting the folder',
    );
  });

  it('uploads abandoned while the server was down are removed at start, and only those', async () => {
    const first = await startServer({
      setup: (root) => fs.mkdirSync(path.join(root, 'inbox')),
    });
    servers.push(first);
    const token = await first.adminToken();
    const created: string[] = [];
    for (const name of ['old.txt', 'fresh.txt']) {
      const response = await tusRequest(first, 'POST', `/api/tus/inbox/${name}`, {
        token,
        headers: { 'Upload-Length': '10' },
      });
      assert.equal(response.status, 201);
      created.push(String(response.headers.location));
    }
    await first.stop();
    // Two days pass for one of them: its record and its data file say so.
    const inbox = path.join(first.root, 'inbox');
    const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000;
    let oldSlot = '';
    for (const name of hiddenIn(inbox).filter((entry) => entry.endsWith('.json'))) {
      const file = path.join(inbox, name);
      const record = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name: string;
        createdAt: number;
      };
      if (record.name !== 'old.txt') continue;
      oldSlot = name.slice(0, -'.json'.length);
      fs.writeFileSync(file, JSON.stringify({ ...record, createdAt: twoDaysAgo }));
      const data = path.join(inbox, `${oldSlot}.part`);
      fs.utimesSync(data, twoDaysAgo / 1000, twoDaysAgo / 1000);
    }
    assert.ok(oldSlot);
    // Not ours, though it sits among them: a planted link and a look-alike name are left alone.
    fs.writeFileSync(path.join(first.dir, 'target.txt'), 'keep me');
    fs.symlinkSync(
      path.join(first.dir, 'target.txt'),
      path.join(inbox, '.drawer-upload-link.part'),
    );
    fs.writeFileSync(path.join(inbox, '.drawer-upload-notes.txt'), 'mine');

    const second = await startServer({ dir: first.dir });
    servers.push(second);
    // The sweep removes the data file and its record one after the other: both are waited for.
    await eventually(
      () =>
        !fs.existsSync(path.join(inbox, `${oldSlot}.part`)) &&
        !fs.existsSync(path.join(inbox, `${oldSlot}.json`)),
      'the start sweep',
    );
    const token2 = await second.adminToken();
    assert.equal(
      (await tusRequest(second, 'HEAD', created[0] as string, { token: token2 })).status,
      404,
    );
    assert.equal(
      (await tusRequest(second, 'HEAD', created[1] as string, { token: token2 })).status,
      200,
    );
    assert.equal(fs.readFileSync(path.join(first.dir, 'target.txt'), 'utf8'), 'keep me');
    assert.ok(fs.lstatSync(path.join(inbox, '.drawer-upload-link.part')).isSymbolicLink());
    assert.ok(fs.existsSync(path.join(inbox, '.drawer-upload-notes.txt')));
  });
});
