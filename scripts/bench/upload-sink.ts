// The uploads benchmark's baseline: a bare node:http server writing each request body to a file, nothing else.
// Usage (spawned by uploads.ts): node --import tsx scripts/bench/upload-sink.ts <folder> [--sync]
// Prints "port <n>" once listening. ?offset=<n> writes the body at that offset of the file
// (tus-style chunks); --sync syncs each body before its answer (fsync), as Drawer does each request.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.argv[2] ?? '.';
const sync = process.argv.includes('--sync');

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const file = path.join(folder, path.basename(url.pathname));
  const sink = fs.createWriteStream(file, {
    flags: offset > 0 ? 'r+' : 'w',
    start: offset,
    flush: sync,
    highWaterMark: 1024 * 1024,
  });
  pipeline(request, sink).then(
    () => response.writeHead(204).end(),
    () => response.writeHead(500).end(),
  );
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`port ${typeof address === 'object' && address ? address.port : 0}`);
});
