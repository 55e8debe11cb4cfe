// A stream body written with a callback per chunk: told only once the destination is done with each.
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { writtenBody } from '../../src/http/written-body';

/** A destination that is slow to finish each write, and that can fail one. */
function slowDestination(failAt = -1) {
  const events: string[] = [];
  const received: Buffer[] = [];
  let count = 0;
  const destination = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      const index = count++;
      events.push(`write ${index}`);
      setTimeout(() => {
        if (index === failAt) return done(new Error('write failed'));
        received.push(Buffer.from(chunk)); // copied only now: the bytes must still be the same
        events.push(`done ${index}`);
        done();
      }, 2);
    },
  });
  destination.on('error', () => undefined);
  return { destination, events, received };
}

describe('writtenBody', () => {
  it('tells each chunk once its write called back, and ends the destination', async () => {
    const chunks: Buffer[] = [0, 1, 2, 3, 4].map((index) => Buffer.alloc(1000, index + 1));
    const { destination, events, received } = slowDestination();
    const body = writtenBody(Readable.from(chunks), (chunk) => {
      events.push(`told ${chunks.indexOf(chunk)}`);
      chunk.fill(0); // what recycling does: the destination must be done with it
    });
    const ended = new Promise((resolve) => body.once('end', resolve));
    body.pipe(destination);
    await new Promise((resolve) => destination.once('finish', resolve));
    await ended;
    assert.ok(
      Buffer.concat(received).equals(
        Buffer.concat(chunks.map((c, i) => Buffer.alloc(c.length, i + 1))),
      ),
    );
    for (let index = 0; index < chunks.length; index += 1)
      assert.ok(
        events.indexOf(`told ${index}`) > events.indexOf(`done ${index}`),
        `chunk ${index} told after its write: ${events.join(', ')}`,
      );
  });

  it('does not tell a chunk whose write failed', async () => {
    const chunks = [Buffer.from('one'), Buffer.from('two'), Buffer.from('three')];
    const { destination } = slowDestination(1);
    const told: Buffer[] = [];
    writtenBody(Readable.from(chunks), (chunk) => told.push(chunk)).pipe(destination);
    await new Promise((resolve) => destination.once('close', resolve));
    assert.deepEqual(told, [chunks[0]]);
  });

  it('destroys its source when destroyed, and fails when the source fails', async () => {
    const source = new Readable({ read() {} });
    const body = writtenBody(source, () => undefined);
    body.destroy();
    await new Promise((resolve) => source.once('close', resolve));
    assert.ok(source.destroyed);

    const failing = new Readable({ read() {} });
    const failed = writtenBody(failing, () => undefined);
    const error = new Promise((resolve) => failed.once('error', resolve));
    failing.destroy(new Error('read failed'));
    assert.match(String(await error), /read failed/);
  });
});
