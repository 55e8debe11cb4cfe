// Turns a lazily walked sequence of entries into one archive's bytes, with back-pressure and early stop.
import { addAbortSignal, pipeline } from 'node:stream';
import type { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ArchiveAlgo } from '../api/resources';
import type { ArchiveEntry } from './archive-entry';
import { archiveEntryName } from './archive-entry';
import { parseArchiveAlgo } from './archive-formats';
import type { ArchiveWriter } from './archive-writer';
import { untilAborted } from './archive-writer';
import { createGzipEncoder } from './codecs/gzip';
import { createWorkerEncoder } from './codecs/worker-encoder';
import { TarWriter } from './tar-writer';
import { ZipWriter } from './zip-writer';

const codecs: Record<Exclude<ArchiveAlgo, 'zip' | 'tar'>, () => Transform> = {
  targz: createGzipEncoder,
  tarbz2: () => createWorkerEncoder('bzip2'),
  tarxz: () => createWorkerEncoder('xz'),
  tarlz4: () => createWorkerEncoder('lz4'),
  tarsz: () => createWorkerEncoder('snappy'),
};

type Source = NodeJS.ReadableStream & { destroy?: (error?: Error) => void; closed?: boolean };

/** Node streams say when their descriptor is released; other sources are assumed still open. */
function isClosed(source: Source): boolean {
  return source.closed === true;
}

function destroySource(source: Source): void {
  if (typeof source.destroy === 'function') source.destroy();
}

async function* bytesOf(source: Source): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/** The one source file open at a time; destroyed as soon as the download stops. */
class OpenSource {
  private current: Source | undefined;

  constructor(private readonly stop: AbortSignal) {
    stop.addEventListener('abort', () => void this.close(), { once: true });
  }

  /** undefined when the file cannot be opened (gone, unreadable, refused): it is left out. */
  async open(entry: ArchiveEntry): Promise<Source | undefined> {
    const opening = entry.open();
    let source: Source;
    try {
      source = await untilAborted(opening, this.stop);
    } catch (error) {
      if (!this.stop.aborted) return undefined;
      // Stopped while opening: the stream that arrives later must not stay open.
      opening.then(destroySource, () => undefined);
      throw error;
    }
    if (this.stop.aborted) {
      destroySource(source);
      this.stop.throwIfAborted();
    }
    this.current = source;
    return source;
  }

  /** Waits for the descriptor to be released, so the next file is only opened after it. */
  async close(): Promise<void> {
    const source = this.current;
    this.current = undefined;
    if (!source) return;
    if (isClosed(source)) return;
    destroySource(source);
    await finished(source).catch(() => undefined);
  }
}

/**
 * Small files being read ahead of the one being written, at most, and their bytes at most: what a
 * download whose client stops reading holds, besides one batch being filled and one waiting.
 */
const readAhead = 256;
const readAheadBytes = 4 * 1024 * 1024;
/** Files up to this size are read whole; larger ones are streamed, one at a time. */
export const wholeFileBytes = 256 * 1024;
/** Entries pulled ahead of the one being written (folders cost no read). */
const maxQueued = 512;

type Queued =
  | { kind: 'dir'; entry: ArchiveEntry; name: string }
  | { kind: 'read'; entry: ArchiveEntry; name: string; read: Promise<Buffer | undefined> }
  | { kind: 'stream'; entry: ArchiveEntry; name: string };

/**
 * Small files are read ahead through readWhole() (bounded in count and bytes) so that their
 * opens and reads overlap the writing instead of costing a round trip each (docs/ARCHIVES.md).
 * The walk is never pulled past a file that must be streamed: its open() may need the folder the
 * walk holds while it waits at that entry.
 */
async function writeEntries(
  writer: ArchiveWriter,
  entries: AsyncIterable<ArchiveEntry>,
  stop: AbortSignal,
): Promise<void> {
  if (stop.aborted) return;
  const sources = new OpenSource(stop);
  const iterator = entries[Symbol.asyncIterator]();
  let walkEnded = false;
  const queue: Queued[] = [];
  let reading = 0;
  let readingBytes = 0;

  const pull = async (): Promise<void> => {
    while (!walkEnded && queue.length < maxQueued && queue.at(-1)?.kind !== 'stream') {
      if (reading >= readAhead || readingBytes >= readAheadBytes) return;
      const next = await iterator.next();
      if (next.done) {
        walkEnded = true;
        return;
      }
      const entry = next.value;
      const name = archiveEntryName(entry);
      if (name === null) continue;
      if (entry.isDir) queue.push({ kind: 'dir', entry, name });
      else if (entry.readWhole && entry.size <= wholeFileBytes) {
        const read = entry.readWhole();
        // Observed now: after a stop, reads still in flight must not become unhandled rejections.
        read.catch(() => undefined);
        reading += 1;
        readingBytes += entry.size;
        queue.push({ kind: 'read', entry, name, read });
      } else queue.push({ kind: 'stream', entry, name });
    }
  };

  try {
    for (;;) {
      if (stop.aborted) return;
      await pull();
      const item = queue.shift();
      if (!item) break;
      if (item.kind === 'dir') await writer.addDirectory(item.name, item.entry);
      else if (item.kind === 'read') {
        const bytes = await untilAborted(item.read, stop);
        reading -= 1;
        readingBytes -= item.entry.size;
        if (bytes) await writer.addBytes(item.name, item.entry, bytes);
      } else {
        const source = await sources.open(item.entry);
        if (!source) continue;
        try {
          await writer.addFile(item.name, item.entry, bytesOf(source));
        } finally {
          await sources.close();
        }
      }
    }
    if (!stop.aborted) await writer.finish();
  } finally {
    // Ends the caller's walk (its finally blocks release its folders), as for-await's return would.
    if (!walkEnded) await iterator.return?.();
  }
}

/**
 * The archive of `entries` in the format `algo` names (validated here: an unknown one throws
 * AppError 'archive.badFormat' before any byte). Entries are pulled one at a time as the reader
 * consumes bytes: no list is built and at most one source is open. When the reader destroys the
 * stream or `signal` aborts, the open source is destroyed and `entries` is ended (return()).
 * An entry whose open() rejects is left out; a read error mid-file fails the stream.
 */
export function createArchiveStream(
  algo: string,
  entries: AsyncIterable<ArchiveEntry>,
  signal?: AbortSignal,
): Readable {
  const format = parseArchiveAlgo(algo);
  const stopping = new AbortController();
  const writer = format === 'zip' ? new ZipWriter(stopping.signal) : new TarWriter(stopping.signal);
  const codec = format === 'zip' || format === 'tar' ? undefined : codecs[format]();
  const output: Readable = codec ? pipeline(writer.output, codec, () => undefined) : writer.output;

  const stop = (): void => stopping.abort(new Error('archive download stopped'));
  output.once('close', stop);
  if (signal) {
    if (signal.aborted) stop();
    else {
      signal.addEventListener('abort', stop, { once: true });
      output.once('close', () => signal.removeEventListener('abort', stop));
    }
    addAbortSignal(signal, output);
  }

  writeEntries(writer, entries, stopping.signal).catch((error: unknown) => {
    if (!stopping.signal.aborted)
      writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
