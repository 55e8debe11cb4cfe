// The descriptor sink under upload bodies: bytes at the right offsets, written chunks given back, close only when idle.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { afterWritten, DescriptorSink, giveBack } from '../../src/fs/descriptor-sink';

/** A chunk in an ArrayBuffer of its own, as a socket read is. */
function ownChunk(bytes: number, fill: number): Buffer {
  return Buffer.from(new ArrayBuffer(bytes)).fill(fill);
}

describe('descriptor sink', () => {
  let folder: string;
  let file: string;

  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-descriptor-sink-'));
    file = path.join(folder, 'data.bin');
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('writes the chunks one after another from its start, keeping what lies before it', async () => {
    fs.writeFileSync(file, 'head:');
    const fd = fs.openSync(file, 'r+');
    try {
      const sink = new DescriptorSink(fd, { start: 5, sync: true });
      const parts = ['one,', 'two,', 'three'].map((text) => Buffer.from(text));
      await pipeline(Readable.from(parts), sink);
      assert.equal(sink.offset, 5 + 'one,two,three'.length);
    } finally {
      fs.closeSync(fd);
    }
    assert.equal(fs.readFileSync(file, 'utf8'), 'head:one,two,three');
  });

  it('gives back the memory of chunks that own their buffer, once they are on the disk', async () => {
    const own = [ownChunk(64 * 1024, 1), ownChunk(1000, 2)];
    const pooled = Buffer.from('a small one, from the shared pool');
    const backing = ownChunk(4096, 3);
    const slice = backing.subarray(100, 200);
    const expected = Buffer.concat([...own, pooled, slice]);
    const fd = fs.openSync(file, 'w');
    try {
      await pipeline(
        Readable.from([...own, pooled, slice]),
        new DescriptorSink(fd, { start: 0, sync: false }),
      );
    } finally {
      fs.closeSync(fd);
    }
    assert.deepEqual(fs.readFileSync(file), expected);
    for (const chunk of own) assert.equal(chunk.buffer.byteLength, 0, 'detached once written');
    assert.equal(pooled.toString(), 'a small one, from the shared pool');
    assert.equal(backing.byteLength, 4096, 'a slice does not free what it is cut from');
    assert.equal(slice[0], 3);
  });

  it('keeps a chunk whose write failed', async () => {
    const chunk = ownChunk(1024, 7);
    const fd = fs.openSync(file, 'r'); // read-only: the write fails with EBADF
    try {
      await assert.rejects(
        pipeline(Readable.from([chunk]), new DescriptorSink(fd, { start: 0, sync: false })),
        { code: 'EBADF' },
      );
    } finally {
      fs.closeSync(fd);
    }
    assert.equal(chunk.byteLength, 1024);
    assert.equal(chunk[0], 7);
  });

  it('closes, when destroyed mid-write, only after the write in flight is done', async () => {
    const bytes = 16 * 1024 * 1024;
    const fd = fs.openSync(file, 'w');
    try {
      const sink = new DescriptorSink(fd, { start: 0, sync: false });
      sink.on('error', () => undefined);
      const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
      sink.write(crypto.randomBytes(bytes));
      sink.destroy(new Error('the client left'));
      await closed;
      assert.equal(fs.fstatSync(fd).size, bytes, 'the whole write landed before close');
    } finally {
      fs.closeSync(fd);
    }
  });

  it('leaves alone what cannot be given back', () => {
    const empty = Buffer.alloc(0);
    giveBack(empty);
    const shared = Buffer.from(new SharedArrayBuffer(16));
    giveBack(shared);
    assert.equal(shared.byteLength, 16);
  });

  it('knows what is left after a partial write', () => {
    const chunks = [Buffer.from('abc'), Buffer.from('defg'), Buffer.from('h')];
    assert.deepEqual(afterWritten(chunks, 0).map(String), ['abc', 'defg', 'h']);
    assert.deepEqual(afterWritten(chunks, 3).map(String), ['defg', 'h']);
    assert.deepEqual(afterWritten(chunks, 5).map(String), ['fg', 'h']);
    assert.deepEqual(afterWritten(chunks, 8).map(String), []);
  });
});
