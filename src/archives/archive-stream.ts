// Turns a lazily walked sequence of entries into one archive's bytes, with back-pressure and early stop.
import { addAbortSignal, pipeline } from 'node:stream';
import type { Readable, Transform } from 'node:stream';
import type { ArchiveAlgo } from '../api/resources';
import type { ArchiveEntry, FramedFiles } from './archive-entry';
import { archiveEntryName, wholeFileBytes } from './archive-entry';
import { parseArchiveAlgo } from './archive-formats';
import type { ArchiveWriter } from './archive-writer';
import { untilAborted } from './archive-writer';
import { createGzipEncoder } from './codecs/gzip';
import { createWorkerEncoder } from './codecs/worker-encoder';
import { OpenSource } from './open-source';
import { writeFramedTar } from './tar-framed';
import { TarWriter } from './tar-writer';
import { ZipWriter } from './zip-writer';

const codecs: Record<Exclude<ArchiveAlgo, 'zip' | 'tar'>, () => Transform> = {
  targz: createGzipEncoder,
  tarbz2: () => createWorkerEncoder('bzip2'),
  tarxz: () => createWorkerEncoder('xz'),
  tarlz4: () => createWorkerEncoder('lz4'),
  tarsz: () => createWorkerEncoder('snappy'),
};

/**
 * Small files being read ahead of the one being written, at most, and their bytes at most: what a
 * download whose client stops reading holds, besides one batch being filled and one waiting.
 */
const readAhead = 256;
const readAheadBytes = 4 * 1024 * 1024;
/** Entries pulled ahead of the one being written (folders cost no read). */
const maxQueued = 512;

/**
 * The archive's bytes, and where its chunks go back once the response has written them: a batch
 * is filled again instead of a new buffer (docs/ARCHIVES.md, "Recycled chunks"). Compressed
 * archives' chunks are the codec's, never the writer's: giving them back does nothing.
 */
export type ArchiveStream = Readable & { giveBack(chunk: Buffer): void };

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
        if (bytes) {
          await writer.addBytes(item.name, item.entry, bytes);
          item.entry.readDone?.(bytes); // addBytes copied them
        }
      } else await sources.write(writer, item.name, item.entry);
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
 * An entry whose open() rejects is left out; a read error mid-file fails the stream. With
 * `framed`, tar's small files go through their entries' frame() into it instead (tar-framed.ts).
 */
export function createArchiveStream(
  algo: string,
  entries: AsyncIterable<ArchiveEntry>,
  signal?: AbortSignal,
  framed?: FramedFiles,
): ArchiveStream {
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

  const writing =
    framed && writer instanceof TarWriter
      ? writeFramedTar(writer, entries, framed, stopping.signal)
      : writeEntries(writer, entries, stopping.signal);
  writing.catch((error: unknown) => {
    if (!stopping.signal.aborted)
      writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Object.assign(output, { giveBack: (chunk: Buffer) => writer.giveBack(chunk) });
}
