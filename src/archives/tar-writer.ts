// Tar as a stream through tar-stream: one entry at a time, owner 0:0, exactly the declared sizes.
import { Readable } from 'node:stream';
import type { Header } from 'tar-stream';
import tarStream from 'tar-stream';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveWriter, WritableLike } from './archive-writer';
import { untilAborted, writeWithBackPressure } from './archive-writer';

const paddingChunk = 64 * 1024;
/** The largest mtime an 11-digit octal header field holds; older than 1970 is clamped to 0. */
const maxTarSeconds = 8 ** 11 - 1;

type TarHeader = Partial<Header> & Pick<Header, 'name'>;

function tarMtime(mtime: Date): Date {
  const seconds = Math.floor(mtime.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return new Date(0);
  return new Date(Math.min(seconds, maxTarSeconds) * 1000);
}

export class TarWriter implements ArchiveWriter {
  private readonly pack = tarStream.pack();
  /** tar-stream's pack is a streamx stream; Node's pipeline and Fastify get a real Readable. */
  readonly output: Readable = Readable.from(this.pack, { objectMode: false });

  constructor(private readonly stop: AbortSignal) {
    // Its errors reach the reader through `output`'s iteration; an unlistened 'error' event
    // (after the reader has gone) would otherwise crash the process.
    this.pack.on('error', () => undefined);
  }

  private headerOf(name: string, entry: ArchiveEntry): TarHeader {
    return {
      name,
      type: entry.isDir ? 'directory' : 'file',
      size: entry.isDir ? 0 : entry.size,
      mode: entry.mode & 0o7777,
      mtime: tarMtime(entry.mtime),
      uid: 0,
      gid: 0,
    };
  }

  /** tar-stream calls back once the entry is complete (or failed); waits end early on `stop`. */
  private async entry(
    header: TarHeader,
    body: (sink: WritableLike & { end(data?: unknown): unknown }) => Promise<void>,
  ): Promise<void> {
    let settle: (error?: Error | null) => void = () => undefined;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    written.catch(() => undefined); // observed below, or superseded by the error that ended `body`
    const sink = this.pack.entry(header, (error) => settle(error));
    // A destroyed pack destroys the entry's sink with the same error, which the callback above
    // already reports; without a listener the sink's 'error' event would crash the process.
    sink.on('error', () => undefined);
    await body(sink);
    await untilAborted(written, this.stop);
  }

  async addDirectory(name: string, entry: ArchiveEntry): Promise<void> {
    await this.entry(this.headerOf(name, entry), async () => undefined);
  }

  async addFile(name: string, entry: ArchiveEntry, source: AsyncIterable<Buffer>): Promise<void> {
    await this.entry(this.headerOf(name, entry), async (sink) => {
      let remaining = entry.size;
      if (remaining > 0) {
        for await (const chunk of source) {
          if (chunk.length > remaining) {
            // A file that grew while being read is cut at the size its header already announced.
            if (remaining > 0)
              await writeWithBackPressure(sink, chunk.subarray(0, remaining), this.stop);
            remaining = 0;
            break;
          }
          await writeWithBackPressure(sink, chunk, this.stop);
          remaining -= chunk.length;
        }
      }
      // One that shrank is padded with zeros, as GNU tar does: the archive stays readable.
      while (remaining > 0) {
        const zeros = Buffer.alloc(Math.min(remaining, paddingChunk));
        await writeWithBackPressure(sink, zeros, this.stop);
        remaining -= zeros.length;
      }
      sink.end();
    });
  }

  async finish(): Promise<void> {
    this.pack.finalize();
  }
}
