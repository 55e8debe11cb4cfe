// The database file adapter: serialised writes that never lose an acknowledged change, and flush.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { AtomicJsonFile, CorruptDatabaseError } from '../../src/store/atomic-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-atomic-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('AtomicJsonFile', () => {
  it('writes concurrent changes in order, each caller resolving once its data is on disk', async () => {
    const file = path.join(dir, 'a.json');
    const adapter = new AtomicJsonFile<{ n: number }>(file);
    const data = { n: 0 };
    const writes: Promise<void>[] = [];
    for (let n = 1; n <= 50; n += 1) {
      data.n = n;
      const seen = n;
      writes.push(
        adapter.write(structuredClone(data)).then(() => {
          const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { n: number };
          assert.ok(onDisk.n >= seen, `write ${seen} resolved with ${onDisk.n} on disk`);
        }),
      );
    }
    await Promise.all(writes);
    assert.deepEqual(await adapter.read(), { n: 50 });
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(
      fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')),
      [],
      'no temp file left',
    );
  });

  it('flush waits for writes asked for before it, including ones queued while writing', async () => {
    const file = path.join(dir, 'b.json');
    const adapter = new AtomicJsonFile<{ n: number }>(file);
    void adapter.write({ n: 1 });
    void adapter.write({ n: 2 });
    await adapter.flush();
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { n: 2 });
    await adapter.flush();
  });

  it('reads a missing or empty file as nothing, and refuses broken JSON without touching it', async () => {
    assert.equal(await new AtomicJsonFile(path.join(dir, 'none.json')).read(), null);
    fs.writeFileSync(path.join(dir, 'empty.json'), '  \n');
    assert.equal(await new AtomicJsonFile(path.join(dir, 'empty.json')).read(), null);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"users": [');
    await assert.rejects(new AtomicJsonFile(broken).read(), CorruptDatabaseError);
    assert.equal(fs.readFileSync(broken, 'utf8'), '{"users": [');
  });

  it('removes temp files of dead writers, never of live ones', async () => {
    const file = path.join(dir, 'c.json');
    const dead = path.join(dir, '.c.json.999999999.tmp');
    const live = path.join(dir, `.c.json.${process.ppid}.tmp`);
    fs.writeFileSync(dead, 'partial');
    fs.writeFileSync(live, 'in progress');
    await new AtomicJsonFile(file).removeLeftovers();
    assert.equal(fs.existsSync(dead), false);
    assert.equal(fs.existsSync(live), true);
  });
});
