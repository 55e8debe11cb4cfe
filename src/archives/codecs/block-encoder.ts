// A Transform that cuts its input into blocks and encodes each with a synchronous (WASM) encoder.
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

export interface BlockCodec {
  /** Input bytes per block; every block but the last is exactly this long. */
  blockSize: number;
  header?: Buffer;
  encode(block: Buffer): Buffer[];
  trailer?: Buffer;
}

/**
 * The encoders block their thread while they work. Downloads run them in the codec worker
 * (worker-encoder.ts), so the server's event loop never waits; the setImmediate between blocks
 * still lets the worker take in the next input and the stop between two blocks.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class BlockEncoder extends Transform {
  private codec: Promise<BlockCodec> | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;

  /** `load` runs on the first byte: the WASM engines are only instantiated when a download uses them. */
  constructor(private readonly load: () => Promise<BlockCodec>) {
    super();
  }

  private ready(): Promise<BlockCodec> {
    this.codec ??= this.load();
    return this.codec;
  }

  private start(codec: BlockCodec): void {
    if (this.started) return;
    this.started = true;
    if (codec.header) this.push(codec.header);
  }

  private takeBlock(size: number): Buffer {
    const first = this.pending[0];
    if (first && first.length === size) {
      this.pending.shift();
      this.pendingBytes -= size;
      return first;
    }
    const all = Buffer.concat(this.pending, this.pendingBytes);
    const block = all.subarray(0, size);
    const rest = all.subarray(size);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return block;
  }

  private async encodeFullBlocks(chunk: Buffer): Promise<void> {
    const codec = await this.ready();
    this.start(codec);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= codec.blockSize && !this.destroyed) {
      for (const piece of codec.encode(this.takeBlock(codec.blockSize))) this.push(piece);
      if (this.pendingBytes >= codec.blockSize) await yieldToEventLoop();
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.encodeFullBlocks(chunk).then(() => setImmediate(callback), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.ready().then((codec) => {
      this.start(codec);
      if (this.pendingBytes > 0) {
        for (const piece of codec.encode(this.takeBlock(this.pendingBytes))) this.push(piece);
      }
      if (codec.trailer) this.push(codec.trailer);
      callback();
    }, callback);
  }
}
