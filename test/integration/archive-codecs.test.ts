// The compression codecs on their own: framing details, and WASM memory that must not leak.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import { createBzip2Encoder, loadBzip2Module } from '../../src/archives/codecs/bzip2';
import { crc32c, maskedCrc32c } from '../../src/archives/codecs/crc32c';
import { createLz4Encoder, xxh32OfFewBytes } from '../../src/archives/codecs/lz4';
import { createSnappyEncoder } from '../../src/archives/codecs/snappy';
import { createXzEncoder } from '../../src/archives/codecs/xz';
import { decodeSnappyFrames, runOk } from '../helpers/archive-tools';

const text = Buffer.from(
  Array.from({ length: 20_000 }, (_, index) => `line ${index}: the quick brown fox\n`).join(''),
);

async function encode(encoder: NodeJS.ReadWriteStream, input: Buffer): Promise<Buffer> {
  return buffer(Readable.from([input.subarray(0, 100_000), input.subarray(100_000)]).pipe(encoder));
}

describe('archive codecs', () => {
  it('computes CRC-32C and its Snappy mask', () => {
    assert.equal(crc32c(Buffer.from('123456789')), 0xe3069283);
    assert.equal(crc32c(Buffer.alloc(0)), 0);
    assert.equal(maskedCrc32c(Buffer.alloc(0)), 0xa282ead8);
  });

  it('computes the LZ4 frame descriptor checksum (xxh32 of FLG and BD)', () => {
    // The LZ4 reference frames: FLG 0x64 BD 0x40 gives HC 0xa7; FLG 0x60 BD 0x70 gives 0x73.
    assert.equal((xxh32OfFewBytes([0x64, 0x40]) >>> 8) & 0xff, 0xa7);
    assert.equal((xxh32OfFewBytes([0x60, 0x70]) >>> 8) & 0xff, 0x73);
    assert.equal(xxh32OfFewBytes([]), 0x02cc5d05);
  });

  it('snappy: compressible data gets compressed chunks, random data raw ones', async () => {
    const input = Buffer.concat([text, crypto.randomBytes(200_000)]);
    const framed = await encode(createSnappyEncoder(), input);
    assert.ok(decodeSnappyFrames(framed).equals(input));
    const types = new Set<number>();
    for (let offset = 10; offset < framed.length; offset += 4 + framed.readUIntLE(offset + 1, 3)) {
      types.add(framed.readUInt8(offset));
    }
    assert.deepEqual([...types].sort(), [0x00, 0x01]);
  });

  it('lz4: mixed compressible and random blocks decode with the lz4 CLI', async () => {
    const input = Buffer.concat([text, crypto.randomBytes(1_500_000), text]);
    const framed = await encode(createLz4Encoder(), input);
    assert.ok(runOk('lz4', ['-dc'], { input: framed }).equals(input));
  });

  it('lz4 and snappy: empty input still makes a valid, empty stream', async () => {
    assert.equal(
      runOk('lz4', ['-dc'], { input: await encode(createLz4Encoder(), Buffer.alloc(0)) }).length,
      0,
    );
    assert.equal(
      decodeSnappyFrames(await encode(createSnappyEncoder(), Buffer.alloc(0))).length,
      0,
    );
  });

  it('bzip2: frees each block it compresses (the binding never does)', async () => {
    const input = crypto.randomBytes(12 * 900_000);
    const compressed = await encode(createBzip2Encoder(), input);
    assert.ok(runOk('bzip2', ['-dc'], { input: compressed }).equals(input));
    const engine = await loadBzip2Module();
    assert.equal(engine.HEAPU8.length, 16 * 1024 * 1024, 'the WASM heap kept its initial size');
  });

  it('xz: an abandoned encoder gives its WASM memory back', async () => {
    // The shared liblzma heap is capped at 256 MiB; 40 leaked preset-1 encoders would exhaust it.
    for (let index = 0; index < 40; index += 1) {
      const encoder = createXzEncoder();
      encoder.write(text.subarray(0, 65_536));
      await new Promise((resolve) => setTimeout(resolve, 5));
      encoder.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const compressed = await encode(createXzEncoder(), text);
    const result = spawnSync('xz', ['-dc'], { input: compressed, maxBuffer: 64 * 1024 * 1024 });
    assert.equal(result.status, 0, result.stderr.toString());
    assert.ok(result.stdout.equals(text));
  });
});
