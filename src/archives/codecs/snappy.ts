// .sz as a stream: the Snappy framing format (framing_format.txt) around snappy-wasm's raw compressor.
import type { Transform } from 'node:stream';
import { BlockEncoder } from './block-encoder';
import type { BlockCodec } from './block-encoder';
import { maskedCrc32c } from './crc32c';

/** The framing format caps a chunk's uncompressed data at 64 KiB. */
const blockSize = 64 * 1024;
export const snappyStreamIdentifier = Buffer.from([
  0xff, 0x06, 0x00, 0x00, 0x73, 0x4e, 0x61, 0x50, 0x70, 0x59,
]);
const compressedChunk = 0x00;
const uncompressedChunk = 0x01;

function chunkHeader(type: number, data: Uint8Array, crc: number): Buffer {
  const length = 4 + data.length;
  const header = Buffer.alloc(8);
  header.writeUInt8(type, 0);
  header.writeUIntLE(length, 1, 3);
  header.writeUInt32LE(crc, 4);
  return header;
}

async function loadSnappy(): Promise<BlockCodec> {
  const { compressRaw } = (await import('./snappy-wasm.cjs')).default;
  return {
    blockSize,
    header: snappyStreamIdentifier,
    encode(block) {
      const crc = maskedCrc32c(block);
      const compressed = compressRaw(block);
      if (compressed.length >= block.length) {
        return [chunkHeader(uncompressedChunk, block, crc), block];
      }
      const body = Buffer.from(compressed.buffer, compressed.byteOffset, compressed.length);
      return [chunkHeader(compressedChunk, body, crc), body];
    },
  };
}

export function createSnappyEncoder(): Transform {
  return new BlockEncoder(loadSnappy);
}
