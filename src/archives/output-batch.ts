// Gathers an archive's many small pieces (headers, small files) into large writes to the output.
import type { WritableLike } from './archive-writer';
import { writeWithBackPressure } from './archive-writer';

/**
 * One write per entry piece made the socket do a writev and the stream machinery a round of
 * callbacks per 30-byte header (docs/ARCHIVES.md): pieces are copied into a 1 MiB batch instead,
 * and only a full batch, or a piece as large as one, is written. A batch handed to the output is
 * not touched again until it is given back (giveBack), once the response's write of it called
 * back: the next one is a spare buffer given back earlier, or a new one.
 */
export const batchBytes = 1024 * 1024;

/** Spares kept: the output holds one batch while the next is filled, the socket a few. */
const maxSpare = 4;

export class OutputBatch {
  private buffer: Buffer = Buffer.allocUnsafeSlow(batchBytes);
  private filled = 0;
  /** Batches written and not yet given back, by the view that was written: each is taken once. */
  private readonly lent = new WeakMap<Buffer, Buffer>();
  private readonly spare: Buffer[] = [];
  /** Bytes accepted so far, written or still in the batch: the archive offset. */
  offset = 0;

  constructor(
    private readonly destination: WritableLike,
    private readonly stop: AbortSignal,
  ) {}

  /**
   * Copies `piece` in, across batches when needed: for pieces whose buffer the caller reuses (a
   * read slot). Resolves at once unless a full batch had to wait for the output.
   */
  async copyIn(piece: Uint8Array): Promise<void> {
    let start = 0;
    while (start < piece.length) {
      if (this.filled === batchBytes) await this.flush();
      const step = Math.min(piece.length - start, batchBytes - this.filled);
      this.buffer.set(piece.subarray(start, start + step), this.filled);
      this.filled += step;
      this.offset += step;
      start += step;
    }
  }

  /** A piece the batch may keep: copied in when small, else written as it is after the batch. */
  async add(piece: Buffer): Promise<void> {
    if (piece.length * 2 < batchBytes) return this.copyIn(piece);
    await this.flush();
    this.offset += piece.length;
    await writeWithBackPressure(this.destination, piece, this.stop);
  }

  /** `length` zero bytes (tar padding). */
  async addZeros(length: number): Promise<void> {
    let remaining = length;
    while (remaining > 0) {
      if (this.filled === batchBytes) await this.flush();
      const step = Math.min(remaining, batchBytes - this.filled);
      this.buffer.fill(0, this.filled, this.filled + step);
      this.filled += step;
      this.offset += step;
      remaining -= step;
    }
  }

  /** Writes what is gathered, waiting while the output is full. */
  async flush(): Promise<void> {
    if (this.filled === 0) return;
    const full = this.buffer.subarray(0, this.filled);
    this.lent.set(full, this.buffer);
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafeSlow(batchBytes);
    this.filled = 0;
    await writeWithBackPressure(this.destination, full, this.stop);
  }

  /**
   * A batch this wrote, back once nothing reads it any more (the socket's write called back): it
   * is filled again. Any other buffer, or one given twice, is ignored (docs/ARCHIVES.md).
   */
  giveBack(chunk: Buffer): void {
    const whole = this.lent.get(chunk);
    if (!whole) return;
    this.lent.delete(chunk);
    if (this.spare.length < maxSpare) this.spare.push(whole);
  }
}
