// Folders and selections as archives, streamed while the tree is walked; the gate filters every entry.
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Answer, RequestConditions } from './answer';
import type { ArchiveEntry } from '../archives/archive-entry';
import { archiveFormat, parseArchiveAlgo } from '../archives/archive-formats';
import { createArchiveStream } from '../archives/archive-stream';
import { AppError } from '../errors';
import { openFileAt } from '../fs/anchored';
import type { StatsView } from '../fs/entry-stats';
import { openResolvedFile, streamOf } from '../fs/fs-read';
import type { ListedReader } from '../fs/listed-reader';
import type { ExistingResolved, ListedEntry, Resolved, ScopedFs } from '../fs/scoped-fs';
import type { VirtualPath } from '../fs/virtual-path';
import {
  baseName,
  canonicalise,
  decodeOnce,
  isWithin,
  parentOf,
  segmentsOf,
} from '../fs/virtual-path';
import { contentDisposition } from './content-disposition';
import type { DownloadWatcher } from './download-progress';

/** The most items one `files=` list may name; a longer list is refused before any work. */
export const maxSelectedItems = 10_000;

export interface ArchiveRequest {
  algo: string | undefined;
  /** The raw `files` query value: comma-separated paths, each URL-encoded once more (File Browser's form). */
  files: string | undefined;
  /** The name used when the archive's folder is the scope root. */
  rootName: string;
  /** Told each chunk handed to the connection, and whether the archive ended whole. */
  watcher?: DownloadWatcher | undefined;
  /** Runs once the selection is checked, before the archive starts (a share counts it here). */
  onStart?: () => Promise<void>;
}

interface Selected {
  virtual: VirtualPath;
  isDir: boolean;
}

/**
 * Checks the selection under `base`, each item through the gate with the download operation,
 * before any byte is sent; each is resolved again when its turn comes (handles are not kept
 * for thousands of items at once).
 */
async function resolveSelection(
  fsView: ScopedFs,
  base: Resolved,
  files: string | undefined,
): Promise<Selected[]> {
  const raw = (files ?? '').split(',').filter((item) => item !== '');
  if (raw.length > maxSelectedItems)
    throw new AppError(
      'request.invalid',
      `at most ${maxSelectedItems} items can be downloaded at once`,
    );
  const paths =
    raw.length === 0
      ? [base.virtual]
      : raw.map((item) => canonicalise(`${base.virtual}/${decodeOnce(item)}`).path);
  // Items are named relative to the requested folder and may not climb out of it.
  if (paths.some((virtual) => !isWithin(virtual, base.virtual)))
    throw new AppError('fs.notFound', 'the selected items must lie inside the requested folder');
  const selected: Selected[] = [];
  for (const virtual of new Set(paths)) {
    const item = await fsView.resolveExisting(virtual, 'download');
    selected.push({ virtual, isDir: item.stats.isDirectory() });
    fsView.release(item);
  }
  return selected;
}

function commonFolder(selected: Selected[]): VirtualPath {
  const only = selected[0];
  if (selected.length === 1 && only?.isDir) return only.virtual;
  const parents = selected.map((item) => segmentsOf(parentOf(item.virtual)));
  const first = parents[0] ?? [];
  let length = first.length;
  for (const other of parents) {
    let index = 0;
    while (index < length && other[index] === first[index]) index += 1;
    length = index;
  }
  return `/${first.slice(0, length).join('/')}` as VirtualPath;
}

/** Entry names are relative to the archive's folder, "/"-separated; backslashes cannot smuggle separators. */
function entryName(common: VirtualPath, virtual: VirtualPath): string {
  const relative = common === '/' ? virtual.slice(1) : virtual.slice(common.length + 1);
  return relative
    .split('/')
    .map((segment) => segment.replaceAll('\\', '_'))
    .join('/');
}

/** Opens exactly the file that was listed (or, for a link, what the gate resolves it to now). */
async function openListed(fsView: ScopedFs, entry: ListedEntry): Promise<NodeJS.ReadableStream> {
  if (!entry.isSymlink) {
    const opened = await openFileAt(entry.parent, entry.name, entry.stats);
    return streamOf(opened);
  }
  const target = await fsView.resolveExisting(entry.virtual, 'download');
  try {
    return streamOf(await openResolvedFile(target));
  } finally {
    fsView.release(target);
  }
}

function toEntry(
  common: VirtualPath,
  item: { virtual: VirtualPath; stats: StatsView },
  open: () => Promise<NodeJS.ReadableStream>,
  listed?: Pick<ArchiveEntry, 'readWhole' | 'readDone' | 'frame'>,
): ArchiveEntry {
  const isDir = item.stats.isDirectory();
  return {
    name: entryName(common, item.virtual) + (isDir ? '/' : ''),
    isDir,
    size: isDir ? 0 : item.stats.size,
    mtime: item.stats.mtime,
    mode: item.stats.mode & 0o777,
    open,
    ...listed,
  };
}

/**
 * A listed regular file can also be read whole or laid out framed, with the same anchored checks
 * as openListed (its held folder, its name, its identity): the archive reads many small files
 * ahead this way. A link has neither: where it leads is resolved through the gate at its turn.
 */
function readListed(
  reader: ListedReader,
  entry: ListedEntry,
): Pick<ArchiveEntry, 'readWhole' | 'readDone' | 'frame'> | undefined {
  if (entry.isSymlink || !entry.stats.isFile()) return undefined;
  const { parent, name, stats } = entry;
  return {
    readWhole: () => reader.read(parent, name, stats, stats.size),
    readDone: (bytes) => reader.doneWith(bytes),
    frame: (head, padding) => reader.frame(parent, name, stats, stats.size, head, padding),
  };
}

/** A selected file: opened from the handle resolved for it, which closes with the stream. */
function openSelected(fsView: ScopedFs, item: ExistingResolved) {
  return async () => {
    const opened = await openResolvedFile(item);
    const stream = streamOf(opened);
    stream.once('close', () => fsView.release(item));
    return stream;
  };
}

async function* archiveEntries(
  fsView: ScopedFs,
  selected: Selected[],
  common: VirtualPath,
  reader: ListedReader,
  signal: AbortSignal,
): AsyncGenerator<ArchiveEntry> {
  for (const { virtual } of selected) {
    if (signal.aborted) return;
    let item: ExistingResolved;
    try {
      item = await fsView.resolveExisting(virtual, 'download');
    } catch {
      continue; // gone or refused since the selection was checked: left out
    }
    try {
      if (item.virtual !== common) yield toEntry(common, item, openSelected(fsView, item));
      if (!item.stats.isDirectory()) continue;
      for await (const entry of fsView.walk(item, signal)) {
        if (!isWithin(entry.virtual, common) || !isArchivable(entry)) continue;
        yield toEntry(common, entry, () => openListed(fsView, entry), readListed(reader, entry));
      }
    } finally {
      if (item.stats.isDirectory()) fsView.release(item);
    }
  }
}

/** Broken links, sockets, pipes and devices have no content to archive. */
function isArchivable(entry: ListedEntry): boolean {
  return !entry.isBrokenLink && (entry.stats.isFile() || entry.stats.isDirectory());
}

export async function archiveAnswer(
  request: RequestConditions,
  fsView: ScopedFs,
  base: Resolved,
  options: ArchiveRequest,
): Promise<Answer> {
  const algo = parseArchiveAlgo(options.algo);
  const selected = await resolveSelection(fsView, base, options.files);
  const common = commonFolder(selected);
  const format = archiveFormat(algo);
  const folderName =
    baseName(common) || options.rootName || path.basename(fsView.scopeRoot) || 'files';
  const name = `${selected.length > 1 ? '_' : ''}${folderName}${format.extension}`;
  if (request.method === 'GET') await options.onStart?.();

  const abort = new AbortController();
  const { watcher } = options;
  const reader = fsView.listedReader();
  const archive = createArchiveStream(
    algo,
    archiveEntries(fsView, selected, common, reader, abort.signal),
    abort.signal,
    reader,
  );
  const stream = watcher ? archive.pipe(counting(watcher)) : archive;
  if (watcher) archive.once('error', (error) => stream.destroy(error));
  return {
    status: 200,
    headers: {
      'Content-Type': format.contentType,
      'Content-Disposition': contentDisposition('attachment', name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
    body: stream,
    onWritten: (chunk) => {
      reader.giveBack(chunk);
      archive.giveBack(chunk);
    },
    onClosed(complete) {
      reader.close();
      watcher?.finish(complete);
      if (!complete) abort.abort();
    },
  };
}

/** Passes bytes through unchanged, telling the watcher how many went by. */
function counting(watcher: DownloadWatcher): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      watcher.add(chunk.length);
      done(null, chunk);
    },
  });
}
