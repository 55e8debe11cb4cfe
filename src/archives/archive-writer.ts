// The contract between the archive driver and a container format (zip, tar), and back-pressured writes.
import type { Readable } from 'node:stream';
import type { ArchiveEntry } from './archive-entry';

export interface ArchiveWriter {
  /** The container's bytes, before any compression codec. */
  readonly output: Readable;
  addDirectory(name: string, entry: ArchiveEntry): Promise<void>;
  /** Resolves once every byte of `source` has been accepted downstream. */
  addFile(name: string, entry: ArchiveEntry, source: AsyncIterable<Buffer>): Promise<void>;
  /** A file read whole: `bytes` is copied before this resolves (its buffer is reused). */
  addBytes(name: string, entry: ArchiveEntry, bytes: Buffer): Promise<void>;
  /** Writes the trailer and ends `output`. */
  finish(): Promise<void>;
  /** A chunk of `output` the response is done with: its buffer may be filled again. */
  giveBack(chunk: Buffer): void;
}

/** What a back-pressured write needs of a Node writable: write() answers false when it is full. */
export interface WritableLike {
  write(chunk: Buffer): boolean;
  once(event: 'drain' | 'close' | 'error', listener: (error?: Error) => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: (error?: Error) => void): unknown;
}

/**
 * Writes one chunk and waits for 'drain' when the destination is full: that is what keeps a slow
 * client from making the tree pile up in memory. A destroyed destination never drains, so the
 * wait also ends on 'close', 'error' or `stop`.
 */
export async function writeWithBackPressure(
  destination: WritableLike,
  chunk: Buffer,
  stop: AbortSignal,
): Promise<void> {
  stop.throwIfAborted();
  if (destination.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error): void => {
      destination.removeListener('drain', onDrain);
      destination.removeListener('close', onClose);
      destination.removeListener('error', settle);
      stop.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = (): void => settle();
    const onClose = (): void => settle(new Error('archive output closed'));
    const onAbort = (): void => settle(stop.reason);
    destination.once('drain', onDrain);
    destination.once('close', onClose);
    destination.once('error', settle);
    stop.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or the abort reason as soon as `stop` fires; the listener is removed either way. */
export async function untilAborted<T>(promise: Promise<T>, stop: AbortSignal): Promise<T> {
  stop.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(stop.reason);
    stop.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    stop.removeEventListener('abort', onAbort);
  }
}
