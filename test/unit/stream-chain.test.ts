// pipeChain, the upload's pipe into its file: it settles as pipeline does, and tears the chain down on any error.
import assert from 'node:assert/strict';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pipeChain } from '../../src/fs/stream-chain';

/** A sink that keeps what it is given; `failAt` makes its n-th write fail. */
function collector(failAt?: number) {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done(chunks.length === failAt ? new Error('disk full') : undefined);
    },
  });
  return { sink, chunks };
}

describe('pipeChain', () => {
  it('resolves once the last stream has finished, with every byte through each step', async () => {
    const { sink, chunks } = collector();
    let finished = false;
    sink.once('finish', () => (finished = true));
    const upper = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        done(null, chunk.toString().toUpperCase());
      },
    });
    await pipeChain(Readable.from(['a', 'b', 'c']), upper, sink);
    assert.equal(finished, true);
    assert.deepEqual(chunks, ['A', 'B', 'C']);
  });

  it('rejects with the sink’s error and destroys the source, which reads no further', async () => {
    const { sink } = collector(1);
    const source = new PassThrough();
    source.write('first');
    const piped = pipeChain(source, sink);
    await assert.rejects(piped, /disk full/);
    assert.equal(source.destroyed, true);
    assert.equal(sink.destroyed, true);
  });

  it('rejects with a step’s error and destroys the streams on both sides of it', async () => {
    const { sink } = collector();
    const source = new PassThrough();
    const meter = new Transform({
      transform(_chunk, _encoding, done) {
        done(new Error('too long'));
      },
    });
    const piped = pipeChain(source, meter, sink);
    source.write('x');
    await assert.rejects(piped, /too long/);
    assert.equal(source.destroyed, true);
    assert.equal(sink.destroyed, true);
  });

  it('rejects a source that closes before its end (a client gone mid-upload) as a premature close', async () => {
    const { sink, chunks } = collector();
    const source = new PassThrough();
    const piped = pipeChain(source, sink);
    source.write('half');
    await new Promise((resolve) => setImmediate(resolve));
    source.destroy();
    await assert.rejects(piped, { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    assert.deepEqual(chunks, ['half']);
    assert.equal(sink.destroyed, true, 'the sink is destroyed, so its file is not kept as whole');
  });

  it('passes a source’s own error on as it is', async () => {
    const { sink } = collector();
    const source = new PassThrough();
    const piped = pipeChain(source, sink);
    source.destroy(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    await assert.rejects(piped, { code: 'ECONNRESET' });
    assert.equal(sink.destroyed, true);
  });
});
