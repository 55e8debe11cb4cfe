// The one file of an archive streamed at a time (large files, links): opened at its turn, closed after.
import { finished } from 'node:stream/promises';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveWriter } from './archive-writer';
import { untilAborted } from './archive-writer';

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
export class OpenSource {
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

  /** Streams `entry` into `writer` under `name`; left out when it cannot be opened. */
  async write(writer: ArchiveWriter, name: string, entry: ArchiveEntry): Promise<void> {
    const source = await this.open(entry);
    if (!source) return;
    try {
      await writer.addFile(name, entry, bytesOf(source));
    } finally {
      await this.close();
    }
  }
}
