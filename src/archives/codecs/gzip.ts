// .gz as a stream: node:zlib, which already compresses on the libuv thread pool.
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

export function createGzipEncoder(): Transform {
  return zlib.createGzip({ level: 6 });
}
