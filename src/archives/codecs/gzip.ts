// .gz as a stream: node:zlib, which already compresses on the libuv thread pool.
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * 256 KiB of output per thread-pool job instead of zlib's 16 KiB: a 1 MiB batch from the archive
 * writer is compressed in one or two jobs, and the socket gets a few large writes.
 */
const chunkSize = 256 * 1024;

export function createGzipEncoder(): Transform {
  return zlib.createGzip({ level: 6, chunkSize });
}
