// Tar as a stream: one entry after the other, owner 0:0, exactly the declared sizes, in large writes.
import { PassThrough } from 'node:stream';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveWriter } from './archive-writer';
import { batchBytes, OutputBatch } from './output-batch';
import { maxOctal11, tarBlock, tarHeader, tarPadding } from './tar-headers';

/** Whole seconds for the header; older than 1970 is clamped to 0, past 2242 to the field's end. */
function tarSeconds(mtime: Date): number {
  const seconds = Math.floor(mtime.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.min(seconds, maxOctal11);
}

/**
 * Headers are written here rather than through tar-stream: its stream per entry cost more than
 * reading the file itself when a folder holds thousands of small ones (docs/ARCHIVES.md).
 */
export class TarWriter implements ArchiveWriter {
  /** Room for one batch while the next is filled. */
  readonly output = new PassThrough({ highWaterMark: batchBytes });
  private readonly batch: OutputBatch;

  constructor(stop: AbortSignal) {
    this.batch = new OutputBatch(this.output, stop);
  }

  /** The header block(s) of `entry` under `name`. */
  headerOf(name: string, entry: ArchiveEntry): Buffer {
    return tarHeader({
      name,
      isDir: entry.isDir,
      size: entry.isDir ? 0 : entry.size,
      mode: entry.mode & 0o7777,
      mtimeSeconds: tarSeconds(entry.mtime),
    });
  }

  async addDirectory(name: string, entry: ArchiveEntry): Promise<void> {
    await this.batch.copyIn(this.headerOf(name, entry));
  }

  /** A file that grew since it was listed is cut at the size its header announced. */
  async addBytes(name: string, entry: ArchiveEntry, bytes: Buffer): Promise<void> {
    await this.batch.copyIn(this.headerOf(name, entry));
    const kept = bytes.subarray(0, entry.size);
    await this.batch.copyIn(kept);
    // One that shrank is padded with zeros, as GNU tar does: the archive stays readable.
    await this.batch.addZeros(entry.size - kept.length + tarPadding(entry.size));
  }

  async addFile(name: string, entry: ArchiveEntry, source: AsyncIterable<Buffer>): Promise<void> {
    await this.batch.copyIn(this.headerOf(name, entry));
    let remaining = entry.size;
    if (remaining > 0) {
      for await (const chunk of source) {
        const kept = chunk.length > remaining ? chunk.subarray(0, remaining) : chunk;
        await this.batch.add(kept);
        remaining -= kept.length;
        if (remaining === 0) break;
      }
    }
    await this.batch.addZeros(remaining + tarPadding(entry.size));
  }

  /** Bytes laid out elsewhere (headers, files and padding), whole entries only. */
  async addChunk(chunk: Buffer): Promise<void> {
    await this.batch.add(chunk);
  }

  /** Two zero blocks end the archive. */
  async finish(): Promise<void> {
    await this.batch.addZeros(2 * tarBlock);
    await this.batch.flush();
    this.output.end();
  }

  giveBack(chunk: Buffer): void {
    this.batch.giveBack(chunk);
  }
}
