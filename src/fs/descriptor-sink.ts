// A writable stream onto an open descriptor: where upload bodies go, the temp file or the partial one.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';

const writevFd = promisify(fs.writev);
const syncFd = promisify(fs.fdatasync);

export interface DescriptorSinkOptions {
  /** The file offset of the first byte. */
  start: number;
  /** fdatasync once the stream ends, before 'finish': the bytes are on the disk when it resolves. */
  sync: boolean;
}

/**
 * Writes what it is given at consecutive offsets of `fd`, which it never closes (the caller
 * checks, truncates or syncs it afterwards). It is made for sources whose chunks are handed over,
 * as a request body's are: a chunk that is the whole of its memory is given back the moment it is
 * on the disk. Node hands out every socket read in an ArrayBuffer of its own that only a full
 * garbage collection frees; at disk speed that was a full collection for every 15 MB written
 * (about 150 for a 1 GiB upload), a third of the server's time and 40 MB of memory
 * (docs/UPLOADS.md). A source must not give it a Buffer it still reads afterwards.
 */
export class DescriptorSink extends Writable {
  private position: number;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly fd: number,
    private readonly options: DescriptorSinkOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.position = options.start;
  }

  /** Where the next byte goes: `start` plus what has been written. */
  get offset(): number {
    return this.position;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.track(this.writeAll([chunk]), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error) => void): void {
    this.track(this.writeAll(chunks.map(({ chunk }) => chunk)), done);
  }

  override _final(done: (error?: Error) => void): void {
    if (!this.options.sync) return done();
    this.track(syncFd(this.fd), done);
  }

  /** A destroyed sink closes only once its write in flight is done: after 'close', the descriptor is the caller's alone. */
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    const settled = () => done(error);
    if (this.writing) this.writing.then(settled, settled);
    else settled();
  }

  private track(work: Promise<void>, done: (error?: Error) => void): void {
    const writing = work.then(
      () => {
        this.writing = undefined;
        done();
      },
      (error: unknown) => {
        this.writing = undefined;
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
    this.writing = writing;
  }

  private async writeAll(chunks: Buffer[]): Promise<void> {
    let pending = chunks;
    while (pending.length > 0) {
      const { bytesWritten } = await writevFd(this.fd, pending, this.position);
      if (bytesWritten <= 0)
        throw Object.assign(new Error('the disk took none of the bytes'), { code: 'EIO' });
      this.position += bytesWritten;
      pending = afterWritten(pending, bytesWritten);
    }
    for (const chunk of chunks) giveBack(chunk);
  }
}

/** What is left of `chunks` once their first `written` bytes are on the disk. */
export function afterWritten(chunks: Buffer[], written: number): Buffer[] {
  let skip = written;
  const rest: Buffer[] = [];
  for (const chunk of chunks) {
    if (skip >= chunk.length) skip -= chunk.length;
    else {
      rest.push(skip > 0 ? chunk.subarray(skip) : chunk);
      skip = 0;
    }
  }
  return rest;
}

/** ES2024's ArrayBuffer.prototype.transfer, which TypeScript's ES2023 library does not declare. */
type Transferable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

/**
 * Frees a written chunk's memory now, by detaching its ArrayBuffer, when the chunk is the whole of
 * it (a slice of a shared buffer, such as Buffer's small-allocation pool, is left alone).
 */
export function giveBack(chunk: Buffer): void {
  const { buffer } = chunk;
  if (!(buffer instanceof ArrayBuffer)) return;
  if (chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength || buffer.byteLength === 0)
    return;
  try {
    (buffer as Transferable).transfer(0);
  } catch {
    // A buffer that cannot be detached is left to the collector.
  }
}
