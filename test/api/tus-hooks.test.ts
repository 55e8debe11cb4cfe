// Upload hooks around resumable uploads: they run once, around the last byte, as for any upload.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { addUser, changeSettings, waitFor } from '../helpers/commands';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { offsetStream, patterned, tusRequest, tusUpload } from '../helpers/tus';

const events = ['upload', 'save', 'rename', 'copy', 'delete'];

function hookCommands(lines: Record<string, string[]>): Record<string, string[]> {
  const commands: Record<string, string[]> = {};
  for (const event of events) {
    commands[`before_${event}`] = [];
    commands[`after_${event}`] = [];
  }
  return { ...commands, ...lines };
}

describe('tus uploads: event hooks (exec enabled)', () => {
  let server: TestServer;
  let token: string;
  let records: string;
  let record: string;
  let refuse: string;
  const home = () => fs.realpathSync(path.join(server.root, 'hooker'));
  const recorded = (trigger: string) => path.join(records, `${trigger}.env`);
  const readRecord = (trigger: string) =>
    new Map(
      fs
        .readFileSync(recorded(trigger), 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  const patch = (url: string, offset: number, body: string) =>
    tusRequest(server, 'PATCH', url, {
      token,
      rawBody: body,
      headers: { ...offsetStream, 'Upload-Offset': String(offset) },
    });

  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'hooker'));
        records = path.join(path.dirname(root), 'hook-records');
        fs.mkdirSync(records);
        record = path.join(path.dirname(root), 'record.sh');
        fs.writeFileSync(
          record,
          [
            '#!/bin/sh',
            `out="${records}/$TRIGGER.env"`,
            'env > "$out"',
            'if [ -e "$FILE" ]; then echo "EXISTED=yes" >> "$out"; else echo "EXISTED=no" >> "$out"; fi',
            '',
          ].join('\n'),
          { mode: 0o755 },
        );
        refuse = path.join(path.dirname(root), 'refuse.sh');
        fs.writeFileSync(refuse, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
      },
    });
    token = await addUser(server, 'hooker', []);
  });
  beforeEach(() => {
    for (const name of fs.readdirSync(records)) fs.rmSync(path.join(records, name));
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('runs before_upload and after_upload once, around the last byte, not at creation', async () => {
    await changeSettings(server, {
      commands: hookCommands({ before_upload: [record], after_upload: [record] }),
    });
    const created = await tusRequest(server, 'POST', '/api/tus/hooked.txt', {
      token,
      headers: { 'Upload-Length': '6' },
    });
    assert.equal(created.status, 201);
    const location = String(created.headers.location);
    assert.equal((await patch(location, 0, 'abc')).status, 204);
    assert.deepEqual(fs.readdirSync(records), [], 'no hook before the upload is complete');
    assert.equal((await patch(location, 3, 'def')).status, 204);
    const before = readRecord('before_upload');
    assert.equal(before.get('FILE'), path.join(home(), 'hooked.txt'));
    assert.equal(before.get('SCOPE'), home());
    assert.equal(before.get('USERNAME'), 'hooker');
    assert.equal(before.get('EXISTED'), 'no', 'the before-hook runs before the file is in place');
    await waitFor(
      () => fs.existsSync(recorded('after_upload')) && readRecord('after_upload').has('EXISTED'),
      'the after_upload hook',
    );
    assert.equal(readRecord('after_upload').get('EXISTED'), 'yes');
  });

  it('runs the hooks for an upload through tus-js-client in many chunks, once', async () => {
    await changeSettings(server, { commands: hookCommands({ after_upload: [record] }) });
    const data = patterned(200_000);
    await tusUpload(server, token, '/api/tus/many-chunks.bin', data, { chunkSize: 50_000 });
    await waitFor(
      () => fs.existsSync(recorded('after_upload')) && readRecord('after_upload').has('EXISTED'),
      'the after_upload hook',
    );
    assert.equal(readRecord('after_upload').get('FILE'), path.join(home(), 'many-chunks.bin'));
  });

  it('a before_upload hook that refuses stops the upload at its last byte, leaving nothing', async () => {
    await changeSettings(server, { commands: hookCommands({ before_upload: [refuse] }) });
    const created = await tusRequest(server, 'POST', '/api/tus/refused.txt', {
      token,
      headers: { 'Upload-Length': '3' },
    });
    const last = await patch(String(created.headers.location), 0, 'abc');
    assert.equal(last.status, 403);
    assert.equal(last.json<{ code: string }>().code, 'hook.refused');
    assert.deepEqual(
      fs
        .readdirSync(path.join(server.root, 'hooker'))
        .filter((name) => name.startsWith('.') || name === 'refused.txt'),
      [],
    );
    await changeSettings(server, { commands: hookCommands({}) });
  });
});
