// One item of an archive as the caller's tree walk produces it, and the name rules every writer applies.

export interface ArchiveEntry {
  /** Relative and '/'-separated; directories end with '/'. */
  name: string;
  isDir: boolean;
  size: number;
  mtime: Date;
  mode: number;
  /** Files only; called when the entry's turn comes, so at most one source is open at a time. */
  open(): Promise<NodeJS.ReadableStream>;
  /**
   * Files only, optional: the file's bytes read whole, at most `size` of them (fewer when it
   * shrank), or undefined when it can no longer be opened (it is left out, as when open()
   * rejects); a failing read rejects. Called as soon as the entry is pulled, while later entries
   * are pulled too: it must take what it needs from the walk (a held folder) before its first await.
   */
  readWhole?(): Promise<Buffer | undefined>;
  /**
   * Files only, optional: told once the bytes readWhole() gave have been copied into the archive
   * and are never read again, so that their buffer can be filled again (docs/ARCHIVES.md).
   */
  readDone?(bytes: Buffer): void;
  /**
   * Files only, optional: queues the file, framed by `head` before it and `padding` zeros after
   * it, into the FramedFiles the archive stream was given, exactly `size` bytes of it; left out,
   * head included, when it can no longer be opened. Only used with FramedFiles.
   */
  frame?(head: Uint8Array, padding: number): void;
}

/**
 * Where entries' frame() calls go: files read and laid out with their headers on another thread
 * (src/fs/listed-layout.ts), handed back as large chunks in the order they were queued.
 */
export interface FramedFiles {
  /** Bytes laid out as they are, after what was queued before (a folder's header). */
  put(bytes: Uint8Array): void;
  /** The next chunk in order, or undefined when nothing is queued; rejects when a read failed. */
  next(): Promise<Buffer | undefined>;
  readonly pendingBytes: number;
  readonly pendingPieces: number;
}

/** Files up to this size are read whole (or framed); larger ones are streamed, one at a time. */
export const wholeFileBytes = 256 * 1024;

/**
 * The name an entry gets inside the archive, or null when it must be left out: an absolute name,
 * an empty, '.' or '..' segment or a NUL could make an extractor write outside its target folder.
 * Backslashes become '_' so Windows tools cannot read them as separators.
 */
export function archiveEntryName(entry: Pick<ArchiveEntry, 'name' | 'isDir'>): string | null {
  const trimmed = entry.name.endsWith('/') ? entry.name.slice(0, -1) : entry.name;
  const segments = trimmed.replaceAll('\\', '_').split('/');
  const unsafe = segments.some(
    (segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\0'),
  );
  if (unsafe) return null;
  const name = segments.join('/');
  return entry.isDir ? `${name}/` : name;
}
