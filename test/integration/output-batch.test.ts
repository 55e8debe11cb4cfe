// The output batch: large writes, and its buffers filled again only once given back.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { batchBytes, OutputBatch } from '../../src/archives/output-batch';

function collecting() {
  const written: Buffer[] = [];
  const destination = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  return { destination, written };
}

describe('OutputBatch', () => {
  it('fills a batch given back again, and only such a batch', async () => {
    const { destination, written } = collecting();
    const batch = new OutputBatch(destination, new AbortController().signal);
    await batch.copyIn(Buffer.alloc(batchBytes, 1)); // full: written with the next piece
    await batch.copyIn(Buffer.alloc(10, 2));
    await batch.flush();
    assert.equal(written.length, 2);
    const [first, second] = written as [Buffer, Buffer];
    assert.ok(first.equals(Buffer.alloc(batchBytes, 1)));
    assert.ok(second.equals(Buffer.alloc(10, 2)));

    const foreign = Buffer.alloc(batchBytes, 9);
    batch.giveBack(foreign); // not one of its batches: ignored
    batch.giveBack(first);
    batch.giveBack(first); // twice: ignored
    await batch.copyIn(Buffer.alloc(20, 3));
    await batch.flush();
    await batch.copyIn(Buffer.alloc(30, 4));
    await batch.flush();
    const [third, fourth] = written.slice(2) as [Buffer, Buffer];
    assert.ok(third.equals(Buffer.alloc(20, 3)));
    assert.ok(fourth.equals(Buffer.alloc(30, 4)));
    const buffers = [third.buffer, fourth.buffer];
    assert.ok(buffers.includes(first.buffer), 'the batch given back was filled again');
    assert.ok(!buffers.includes(foreign.buffer), 'a foreign buffer is never filled');
    assert.ok(!buffers.includes(second.buffer), 'a batch not given back is never filled');
    assert.ok(third.buffer !== fourth.buffer, 'given back once, filled once');
  });
});
