// Tar whose small files are read and laid out with their headers on the reader's thread, in walk order.
import type { ArchiveEntry, FramedFiles } from './archive-entry';
import { archiveEntryName, wholeFileBytes } from './archive-entry';
import { untilAborted } from './archive-writer';
import { OpenSource } from './open-source';
import { tarPadding } from './tar-headers';
import type { TarWriter } from './tar-writer';

/**
 * What reading ahead may hold: a few chunks of about 1 MiB, so the reader's thread fills the next
 * while this one is written; and pieces, each holding its folder open until its chunk is taken.
 */
const aheadBytes = 4 * 1024 * 1024;
const aheadPieces = 512;

/**
 * Per small file, the event loop only makes its header and queues it; the reader's thread opens,
 * checks and reads it straight after its header into the chunk it answers, and the loop writes
 * chunks of about 1 MiB (docs/ARCHIVES.md, "Many small files"). The walk is never pulled past a
 * file that must be streamed: every chunk before it is written first, then the file, as in
 * writeEntries.
 */
export async function writeFramedTar(
  writer: TarWriter,
  entries: AsyncIterable<ArchiveEntry>,
  framed: FramedFiles,
  stop: AbortSignal,
): Promise<void> {
  if (stop.aborted) return;
  const sources = new OpenSource(stop);
  const iterator = entries[Symbol.asyncIterator]();
  let walkEnded = false;

  /** Writes the oldest chunk; false when nothing was queued. */
  const forward = async (): Promise<boolean> => {
    const chunk = await untilAborted(framed.next(), stop);
    if (chunk === undefined) return false;
    await writer.addChunk(chunk);
    return true;
  };
  const forwardAll = async (): Promise<void> => {
    while (await forward());
  };

  try {
    for (;;) {
      if (stop.aborted) return;
      const next = await iterator.next();
      if (next.done) {
        walkEnded = true;
        break;
      }
      const entry = next.value;
      const name = archiveEntryName(entry);
      if (name === null) continue;
      if (entry.isDir) framed.put(writer.headerOf(name, entry));
      else if (entry.frame && entry.size <= wholeFileBytes)
        entry.frame(writer.headerOf(name, entry), tarPadding(entry.size));
      else {
        await forwardAll();
        await sources.write(writer, name, entry);
      }
      while (framed.pendingBytes >= aheadBytes || framed.pendingPieces >= aheadPieces)
        await forward();
    }
    await forwardAll();
    if (!stop.aborted) await writer.finish();
  } finally {
    // Ends the caller's walk (its finally blocks release its folders), as for-await's return would.
    if (!walkEnded) await iterator.return?.();
  }
}
