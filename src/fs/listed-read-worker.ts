// The listed-file reader's worker thread: built as its own bundle, it opens and reads small files in batches.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type {
  LayoutBatch,
  LayoutReply,
  ListedReadBatch,
  ListedReadReply,
  ListedReadRequest,
  ListedReadResult,
  RecycleMessage,
} from './listed-read-messages';

const port = parentPort;
if (!port) throw new Error('listed-read-worker runs as a worker thread');
const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, S_IFMT, S_IFREG } = fs.constants;

/**
 * The same checks as openFileAt (anchored.ts), done with blocking calls on this thread: the
 * name is opened inside the held folder without following a link (ELOOP if one was put there),
 * without blocking on a FIFO, and must still be the regular file the walk listed.
 */
function readOne(request: ListedReadRequest, into: Buffer, offset: number): ListedReadResult {
  let fd: number;
  try {
    fd = fs.openSync(request.at, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return { status: 'unavailable' };
  }
  try {
    const stats = fs.fstatSync(fd);
    if (stats.dev !== request.dev || stats.ino !== request.ino || (stats.mode & S_IFMT) !== S_IFREG)
      return { status: 'unavailable' };
    let length = 0;
    while (length < request.size) {
      const count = fs.readSync(fd, into, offset + length, request.size - length, length);
      if (count === 0) break;
      length += count;
    }
    return { status: 'read', offset, length };
  } catch (error) {
    return { status: 'failed', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
  } finally {
    fs.closeSync(fd);
  }
}

function readBatch(batch: ListedReadBatch): void {
  const total = batch.requests.reduce((sum, request) => sum + request.size, 0);
  const bytes = spareBuffer(total);
  let offset = 0;
  const results = batch.requests.map((request) => {
    const result = readOne(request, bytes, offset);
    offset += request.size;
    return result;
  });
  const reply: ListedReadReply = { id: batch.id, bytes: bytes.buffer as ArrayBuffer, results };
  port?.postMessage(reply, [reply.bytes]);
}

/**
 * Buffers the event loop handed back, filled again before a new one is allocated: a fresh 1 MiB
 * chunk per batch made the loop's heap run a full collection every few chunks, and the kernel zero
 * new pages (docs/ARCHIVES.md, "Recycled chunks"). A few suffice: reading ahead holds about four.
 * Old bytes (maybe another download's) never show: a reply's length, or each read's offset and
 * length, covers only what its batch wrote, every byte of it (heads, files, zeros).
 */
const spare: ArrayBuffer[] = [];
const maxSpare = 8;
/** Room for a layout of 1 MiB of files plus its last file, heads and padding, most of the time. */
const chunkBytes = 1536 * 1024;

function spareBuffer(total: number): Buffer {
  for (;;) {
    const reused = spare.pop();
    if (reused === undefined) break;
    if (reused.byteLength >= total) return Buffer.from(reused);
  }
  return Buffer.allocUnsafeSlow(Math.max(total, chunkBytes));
}

/**
 * Lays heads and files out back to back, read straight into the reply: the event loop then only
 * passes one buffer on, where it copied every header and file itself (docs/ARCHIVES.md).
 */
function layOut(batch: LayoutBatch): void {
  const heads = Buffer.from(batch.heads);
  let total = 0;
  for (const piece of batch.pieces)
    total += piece.head + ('at' in piece ? piece.size + piece.padding : 0);
  const out = spareBuffer(total);
  let length = 0;
  let headAt = 0;
  let failed: string | undefined;
  for (const piece of batch.pieces) {
    const head = heads.subarray(headAt, headAt + piece.head);
    headAt += piece.head;
    if (!('at' in piece)) {
      length += head.copy(out, length);
      continue;
    }
    const result = readOne(piece, out, length + piece.head);
    if (result.status === 'unavailable') continue;
    if (result.status === 'failed') {
      failed = result.code;
      break;
    }
    head.copy(out, length);
    const end = length + piece.head + piece.size + piece.padding;
    out.fill(0, result.offset + result.length, end);
    length = end;
  }
  const reply: LayoutReply = { id: batch.id, bytes: out.buffer as ArrayBuffer, length };
  if (failed !== undefined) reply.failed = failed;
  port?.postMessage(reply, [reply.bytes]);
}

port.on('message', (batch: ListedReadBatch | LayoutBatch | RecycleMessage | 'close') => {
  if (batch === 'close') {
    port.close(); // nothing else keeps the thread alive: it ends
    return;
  }
  if (batch.kind === 'recycle') {
    if (spare.length < maxSpare) spare.push(batch.bytes);
  } else if (batch.kind === 'layout') layOut(batch);
  else readBatch(batch);
});
