// Event hooks around file operations against a real server: their variables, vetoes, and no blocking.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '../helpers/eventually';
import { addUser, changeSettings, waitFor } from '../helpers/commands';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const canary = 'canary-value-51c7';
const events = ['upload', 'save', 'rename', 'copy', 'delete'];

/** Hook commands for every event: none, except those given. */
function hookCommands(lines: Record<string, string[]>): Record<string, string[]> {
  const commands: Record<string, string[]> = {};
  for (const event of events) {
    commands[`before_${event}`] = [];
    commands[`after_${event}`] = [];
  }
  return { ...commands, ...lines };
}

/** Variables a shell adds to its own environment, whatever it was given. */
const shellOwn = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);

describe('event hooks (exec enabled)', () => {
  let server: TestServer;
  let hooker: string;
  let reader: string;
  /** Outside the served folder: where the hooks write what they saw. */
  let records: string;
  let record: string;
  let slow: string;
  const home = () => fs.realpathSync(path.join(server.root, 'hooker'));

  const recorded = (trigger: string) => path.join(records, `${trigger}.env`);
  const readRecord = (trigger: string): Map<string, string> => {
    const entries = fs
      .readFileSync(recorded(trigger), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
    return new Map(entries as [string, string][]);
  };
  const send = (method: string, url: string, token = hooker, rawBody?: string) =>
    server.request(method, url, { token, ...(rawBody === undefined ? {} : { rawBody }) });
  const patch = (source: string, action: string, destination: string) =>
    send(
      'PATCH',
      `/api/resources${source}?action=${action}&destination=${encodeURIComponent(encodeURIComponent(destination))}`,
    );
  const setHooks = (lines: Record<string, string[]>) =>
    changeSettings(server, { commands: hookCommands(lines) });

  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      env: { DRAWER_SECRET_CANARY: canary },
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'hooker'));
        fs.mkdirSync(path.join(root, 'reader'));
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
        slow = path.join(path.dirname(root), 'slow.sh');
        fs.writeFileSync(slow, `#!/bin/sh\nsleep 2\ntouch "${records}/slow-done"\n`, {
          mode: 0o755,
        });
      },
    });
    hooker = await addUser(server, 'hooker', []);
    reader = await addUser(server, 'reader', [], { create: false });
  });
  beforeEach(() => {
    for (const name of fs.readdirSync(records)) fs.rmSync(path.join(records, name));
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('runs before_upload and after_upload hooks with the variables, and nothing of the server’s', async () => {
    await setHooks({ before_upload: [record], after_upload: [record] });
    const response = await send('POST', '/api/resources/new.txt', hooker, 'first');
    assert.equal(response.status, 200, response.text);
    const before = readRecord('before_upload');
    assert.equal(before.get('FILE'), path.join(home(), 'new.txt'));
    assert.equal(before.get('SCOPE'), home());
    assert.equal(before.get('TRIGGER'), 'before_upload');
    assert.equal(before.get('USERNAME'), 'hooker');
    assert.equal(before.get('EXISTED'), 'no', 'the before-hook runs before the file is written');
    const names = [...before.keys()].filter((name) => !shellOwn.has(name)).sort();
    assert.deepEqual(names, [
      'EXISTED',
      'FILE',
      'HOME',
      'LANG',
      'PATH',
      'SCOPE',
      'TRIGGER',
      'USERNAME',
    ]);
    assert.equal(fs.readFileSync(recorded('before_upload'), 'utf8').includes(canary), false);
    // The record is complete once its last line, EXISTED, is written.
    await eventually(
      () =>
        fs.existsSync(recorded('after_upload')) &&
        /^EXISTED=/m.test(fs.readFileSync(recorded('after_upload'), 'utf8')),
      'the after_upload hook',
    );
    const afterward = readRecord('after_upload');
    assert.equal(afterward.get('TRIGGER'), 'after_upload');
    assert.equal(afterward.get('EXISTED'), 'yes');
  });

  it('runs upload hooks for a new folder too', async () => {
    await setHooks({ before_upload: [record] });
    assert.equal((await send('POST', '/api/resources/made-folder/')).status, 200);
    assert.equal(readRecord('before_upload').get('FILE'), path.join(home(), 'made-folder'));
  });

  it('runs save, copy, rename and delete hooks with the right FILE and DESTINATION', async () => {
    await setHooks({
      before_save: [record],
      before_copy: [record],
      before_rename: [record],
      before_delete: [record],
    });
    assert.equal((await send('POST', '/api/resources/ops.txt', hooker, 'x')).status, 200);

    assert.equal((await send('PUT', '/api/resources/ops.txt', hooker, 'saved')).status, 200);
    const saved = readRecord('before_save');
    assert.equal(saved.get('FILE'), path.join(home(), 'ops.txt'));
    assert.equal(saved.has('DESTINATION'), false);

    assert.equal((await patch('/ops.txt', 'copy', '/copied.txt')).status, 200);
    const copied = readRecord('before_copy');
    assert.equal(copied.get('FILE'), path.join(home(), 'ops.txt'));
    assert.equal(copied.get('DESTINATION'), path.join(home(), 'copied.txt'));

    assert.equal((await patch('/copied.txt', 'rename', '/moved.txt')).status, 200);
    const renamed = readRecord('before_rename');
    assert.equal(renamed.get('TRIGGER'), 'before_rename');
    assert.equal(renamed.get('FILE'), path.join(home(), 'copied.txt'));
    assert.equal(renamed.get('DESTINATION'), path.join(home(), 'moved.txt'));

    assert.equal((await send('DELETE', '/api/resources/moved.txt')).status, 204);
    const deleted = readRecord('before_delete');
    assert.equal(deleted.get('FILE'), path.join(home(), 'moved.txt'));
    assert.equal(deleted.get('EXISTED'), 'yes');
  });

  it('passes a hostile file name only as a variable: nothing in it runs', async () => {
    await setHooks({ before_upload: [record] });
    const name = 'a;touch x$(touch y)`touch z` && touch w.txt';
    const response = await send('POST', `/api/resources/${encodeURIComponent(name)}`, hooker, 'h');
    assert.equal(response.status, 200, response.text);
    assert.equal(readRecord('before_upload').get('FILE'), path.join(home(), name));
    for (const made of ['x', 'y', 'z', 'w.txt', 'x$(touch y)`touch z`'])
      for (const folder of [home(), records, server.dir])
        assert.equal(fs.existsSync(path.join(folder, made)), false, `${made} in ${folder}`);
  });

  it('aborts the upload when a before-hook fails, and skips the after-hooks', async () => {
    await setHooks({ before_upload: ['false'], after_upload: [record] });
    const response = await send('POST', '/api/resources/vetoed.txt', hooker, 'no');
    assert.equal(response.status, 403);
    const body = response.json<{ code: string; message: string }>();
    assert.equal(body.code, 'hook.refused');
    assert.match(body.message, /before_upload/);
    assert.equal(fs.existsSync(path.join(home(), 'vetoed.txt')), false);
    await sleep(300);
    assert.equal(fs.existsSync(recorded('after_upload')), false);
  });

  it('aborts the delete when a before-hook fails', async () => {
    fs.writeFileSync(path.join(home(), 'keep.txt'), 'keep');
    await setHooks({ before_delete: [record, 'false', record] });
    const response = await send('DELETE', '/api/resources/keep.txt');
    assert.equal(response.status, 403);
    assert.equal(fs.readFileSync(path.join(home(), 'keep.txt'), 'utf8'), 'keep');
  });

  it('answers 500 hook.failed when a before-hook cannot run, without naming it', async () => {
    fs.writeFileSync(path.join(home(), 'unchanged.txt'), 'old');
    await setHooks({ before_save: ['/nonexistent/hook-program --flag'] });
    const response = await send('PUT', '/api/resources/unchanged.txt', hooker, 'new');
    assert.equal(response.status, 500);
    const body = response.json<{ code: string; message: string }>();
    assert.equal(body.code, 'hook.failed');
    assert.equal(body.message.includes('/nonexistent'), false);
    assert.equal(fs.readFileSync(path.join(home(), 'unchanged.txt'), 'utf8'), 'old');
  });

  it('does not make the response wait for after-hooks', async () => {
    await setHooks({ after_upload: [slow] });
    const started = Date.now();
    const response = await send('POST', '/api/resources/quick.txt', hooker, 'q');
    assert.equal(response.status, 200);
    assert.ok(Date.now() - started < 1500, `answered in ${Date.now() - started} ms`);
    assert.equal(fs.existsSync(path.join(records, 'slow-done')), false);
    await waitFor(() => fs.existsSync(path.join(records, 'slow-done')), 'the slow hook', 6000);
  });

  it('logs a failing after-hook and keeps the action', async () => {
    await setHooks({ after_copy: ['false'] });
    fs.writeFileSync(path.join(home(), 'src.txt'), 's');
    assert.equal((await patch('/src.txt', 'copy', '/dst.txt')).status, 200);
    assert.equal(fs.existsSync(path.join(home(), 'dst.txt')), true);
    await waitFor(
      () =>
        /after_copy[^\n]*event hook failed|event hook failed[^\n]*after_copy/.test(server.output()),
      'the failure in the log',
    );
  });

  it('runs no hook for a request the permissions refuse', async () => {
    await setHooks({ before_upload: [record], after_upload: [record] });
    const response = await send('POST', '/api/resources/denied.txt', reader, 'd');
    assert.equal(response.status, 403);
    await sleep(300);
    assert.equal(fs.existsSync(recorded('before_upload')), false);
    assert.equal(fs.existsSync(recorded('after_upload')), false);
  });

  it('hands the line to the shell prefix when one is set, variables still from the environment', async () => {
    await changeSettings(server, {
      shell: ['sh', '-c'],
      commands: hookCommands({ before_upload: [`printf '%s' "$FILE" > ${records}/via-shell`] }),
    });
    try {
      const name = 'quote"s $(touch shell-pwned).txt';
      const response = await send(
        'POST',
        `/api/resources/${encodeURIComponent(name)}`,
        hooker,
        's',
      );
      assert.equal(response.status, 200, response.text);
      assert.equal(
        fs.readFileSync(path.join(records, 'via-shell'), 'utf8'),
        path.join(home(), name),
      );
      assert.equal(fs.existsSync(path.join(home(), 'shell-pwned')), false);
    } finally {
      await changeSettings(server, { shell: [] });
    }
  });
});

describe('event hooks (exec disabled)', () => {
  let server: TestServer;
  let records: string;

  before(async () => {
    server = await startServer({
      setup: (root) => {
        fs.mkdirSync(path.join(root, 'hooker'));
        records = path.join(path.dirname(root), 'hook-records');
        fs.mkdirSync(records);
      },
    });
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('never runs hooks: a failing before-hook does not stop the upload', async () => {
    const token = await addUser(server, 'hooker', []);
    const marker = path.join(records, 'ran');
    await changeSettings(server, {
      commands: hookCommands({ before_upload: ['false'], after_upload: [`touch ${marker}`] }),
    });
    const response = await server.request('POST', '/api/resources/free.txt', {
      token,
      rawBody: 'f',
    });
    assert.equal(response.status, 200, response.text);
    await sleep(300);
    assert.equal(fs.existsSync(marker), false);
  });
});
