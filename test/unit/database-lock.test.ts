// The server's lock on its database: who counts as holding it, and stale locks after a crash.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DatabaseInUseError, lockDatabase, lockHolder } from '../../src/store/database-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-lock-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function sleeper(...args: string[]) {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)', ...args], {
    stdio: 'ignore',
  });
}

describe('database lock', () => {
  it('is taken and released by this process, and its own id never blocks it', () => {
    const database = path.join(dir, 'own.json');
    const lock = lockDatabase(database);
    assert.equal(fs.readFileSync(`${database}.lock`, 'utf8').trim(), String(process.pid));
    assert.equal(lockHolder(database), undefined);
    lockDatabase(database).release();
    lock.release();
    assert.equal(fs.existsSync(`${database}.lock`), false);
  });

  it('blocks while another Drawer process holds it', async () => {
    const database = path.join(dir, 'busy.json');
    const other = sleeper('drawer');
    try {
      fs.writeFileSync(`${database}.lock`, String(other.pid));
      assert.equal(lockHolder(database), other.pid);
      assert.throws(() => lockDatabase(database), DatabaseInUseError);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    assert.equal(lockHolder(database), undefined, 'a dead holder no longer counts');
    lockDatabase(database).release();
  });

  it('ignores a lock whose id now belongs to another program', async () => {
    const database = path.join(dir, 'reused.json');
    const unrelated = sleeper('something-else');
    try {
      fs.writeFileSync(`${database}.lock`, String(unrelated.pid));
      const expected = fs.existsSync('/proc/self/cmdline') ? undefined : unrelated.pid;
      assert.equal(lockHolder(database), expected);
    } finally {
      unrelated.kill('SIGKILL');
      await new Promise((resolve) => unrelated.once('exit', resolve));
    }
  });

  it('does not remove a lock another process took over', () => {
    const database = path.join(dir, 'taken.json');
    const lock = lockDatabase(database);
    fs.writeFileSync(`${database}.lock`, '12345');
    lock.release();
    assert.equal(fs.readFileSync(`${database}.lock`, 'utf8'), '12345');
  });
});
