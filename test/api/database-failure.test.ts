// A database write that fails (a full disk) leaves no trace: memory keeps what the file holds.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

const userPassword = 'user-password-1234';
const newPassword = 'a-brand-new-password-9';

describe('a failed database write', () => {
  let server: TestServer;
  let id: number;
  /** Where the server writes its next database version before renaming it into place. */
  let tempFile: string;

  /**
   * A folder where the temp file goes makes the write fail with EISDIR, even for root (tests run
   * as root, so permissions cannot stop a write).
   */
  const breakWrites = () => fs.mkdirSync(tempFile);
  const repairWrites = () => fs.rmdirSync(tempFile);

  before(async () => {
    server = await startServer();
    const created = await server.request('POST', '/api/users', {
      token: await server.adminToken(),
      body: {
        what: 'user',
        which: [],
        data: { username: 'walt', password: userPassword },
        current_password: adminPassword,
      },
    });
    assert.equal(created.status, 201, created.text);
    id = created.json<{ id: number }>().id;
    tempFile = path.join(
      path.dirname(server.database),
      `.${path.basename(server.database)}.${server.process.pid}.tmp`,
    );
  });
  after(async () => {
    if (fs.existsSync(tempFile)) repairWrites();
    await server.stop();
    removeDir(server.dir);
  });

  it('answers 500 to a password change and keeps the old password working', async () => {
    const token = await server.login('walt', userPassword);
    breakWrites();
    try {
      const response = await server.request('PUT', `/api/users/${id}`, {
        token,
        body: {
          what: 'user',
          which: ['password'],
          data: { id, password: newPassword },
          current_password: userPassword,
        },
      });
      assert.equal(response.status, 500, response.text);
    } finally {
      repairWrites();
    }
    assert.ok(await server.login('walt', userPassword), 'the old password still works');
    await assert.rejects(server.login('walt', newPassword), 'the new one does not');
    assert.equal(
      (await server.request('GET', `/api/users/${id}`, { token })).status,
      200,
      'the session was not ended by a change that did not happen',
    );
  });

  it('keeps a session whose logout could not be stored, the same after a restart', async () => {
    const token = await server.login('walt', userPassword);
    breakWrites();
    try {
      assert.equal((await server.request('POST', '/api/logout', { token })).status, 500);
    } finally {
      repairWrites();
    }
    assert.equal((await server.request('GET', `/api/users/${id}`, { token })).status, 200);
    await server.stop();
    server = await startServer({ dir: server.dir });
    tempFile = path.join(
      path.dirname(server.database),
      `.${path.basename(server.database)}.${server.process.pid}.tmp`,
    );
    assert.equal((await server.request('GET', `/api/users/${id}`, { token })).status, 200);
    assert.ok(await server.login('walt', userPassword));
    await assert.rejects(server.login('walt', newPassword));
  });

  it('leaves no half-made user behind when creating one fails', async () => {
    breakWrites();
    try {
      const response = await server.request('POST', '/api/users', {
        token: await server.adminToken(),
        body: {
          what: 'user',
          which: [],
          data: { username: 'ghost', password: userPassword },
          current_password: adminPassword,
        },
      });
      assert.equal(response.status, 500, response.text);
    } finally {
      repairWrites();
    }
    await assert.rejects(server.login('ghost', userPassword));
    const list = await server.request('GET', '/api/users', { token: await server.adminToken() });
    assert.equal(list.text.includes('ghost'), false);
  });
});
