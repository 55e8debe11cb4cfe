// .lz4 as a stream: the LZ4 frame format around lz4-wasm-nodejs's block compressor.
import type { Transform } from 'node:stream';
import { BlockEncoder } from './block-encoder';
import type { BlockCodec } from './block-encoder';

/** 1 MiB blocks (block maximum size id 6): a few ms of work each, so the event loop stays free. */
const blockSize = 1024 * 1024;
const magic = [0x04, 0x22, 0x4d, 0x18];
/** Version 01, independent blocks, no block or content checksums. */
const frameFlags = 0x60;
const blockDescriptor = 6 << 4;
const uncompressedFlag = 0x80000000;

const prime1 = 2654435761;
const prime2 = 2246822519;
const prime3 = 3266489917;
const prime5 = 374761393;

/** XXH32 of fewer than 4 bytes with seed 0: all the frame descriptor checksum needs. */
export function xxh32OfFewBytes(bytes: number[]): number {
  let hash = (prime5 + bytes.length) >>> 0;
  for (const byte of bytes) {
    hash = (hash + Math.imul(byte, prime5)) >>> 0;
    hash = Math.imul((hash << 11) | (hash >>> 21), prime1) >>> 0;
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, prime2) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, prime3) >>> 0;
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function frameHeader(): Buffer {
  const descriptorChecksum = (xxh32OfFewBytes([frameFlags, blockDescriptor]) >>> 8) & 0xff;
  return Buffer.from([...magic, frameFlags, blockDescriptor, descriptorChecksum]);
}

function sizeWord(value: number): Buffer {
  const word = Buffer.alloc(4);
  word.writeUInt32LE(value >>> 0, 0);
  return word;
}

async function loadLz4(): Promise<BlockCodec> {
  const { compress } = await import('lz4-wasm-nodejs');
  return {
    blockSize,
    header: frameHeader(),
    encode(block) {
      // lz4-wasm prefixes the block with its uncompressed size, which the frame format does not want.
      const prefixed = compress(block);
      const body = Buffer.from(prefixed.buffer, prefixed.byteOffset + 4, prefixed.length - 4);
      if (body.length >= block.length) return [sizeWord(block.length | uncompressedFlag), block];
      return [sizeWord(body.length), body];
    },
    trailer: sizeWord(0),
  };
}

export function createLz4Encoder(): Transform {
  return new BlockEncoder(loadLz4);
}
