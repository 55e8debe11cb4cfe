// Folder descriptors and the operations anchored on them: a name is only ever looked up inside a held folder.
import type { BigIntStats, Dirent, Stats } from 'node:fs';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { AppError } from '../errors';
import { errorCodeOf, rethrowAsFsError, toFsError } from './fs-errors';

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

const openFd = promisify(fs.open);
/**
 * The stats of a descriptor just opened, taken synchronously: the inode is in memory while it is
 * open, so the call never waits on the disk, and a trip through the thread pool costs more than
 * the call itself. The gate opens a folder per path segment on every request (docs/UPLOADS.md,
 * "Speed").
 */
function statOpened(fd: number): Stats {
  return fs.fstatSync(fd);
}
const lstatPath = promisify(fs.lstat);
const readlinkPath = promisify(fs.readlink);
const readdirPath = promisify(fs.readdir);

/** Where two stats say the same entry on disk. */
export interface Identity {
  readonly dev: number;
  readonly ino: number;
}

export function isSameIdentity(a: Identity, b: Identity): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** An identity with the entry's birth time, where the file system keeps one (0 where it does not). */
export interface BornIdentity extends Identity {
  readonly born: number;
}

/**
 * Whether two stats say the same folder even across a removal: a folder removed and made again
 * at once often gets the same inode number back (measured on ext4), but never the same birth time.
 */
export function isSameFolder(a: BornIdentity, b: BornIdentity): boolean {
  return isSameIdentity(a, b) && a.born === b.born;
}

/**
 * An open folder, verified when it was opened. Its descriptor may only be closed once no
 * operation is using it: a number closed early could be reused by another open, and a path
 * built on it would then lead into some other folder.
 */
export class FolderHandle implements BornIdentity {
  readonly dev: number;
  readonly ino: number;
  readonly born: number;
  private users = 0;
  /** Holders: the view that opened it, plus operations that must finish even if the request ends. */
  private holders = 1;
  private released = false;
  private closed = false;

  /** `pinned`: held for the server's life (the served root); release() leaves it open. */
  constructor(
    private readonly fd: number,
    stats: Identity & { birthtimeMs?: number },
    private readonly pinned = false,
  ) {
    this.dev = stats.dev;
    this.ino = stats.ino;
    this.born = stats.birthtimeMs ?? 0;
  }

  /**
   * Runs `work` with the kernel path of `name` inside this folder (or of the folder itself when
   * `name` is undefined). `/proc/self/fd/N/name` is resolved from the folder N holds, wherever it
   * has moved since, and only the last component is looked up: the openat() that Node lacks
   * (docs/SECURITY.md, "The gate").
   */
  async use<T>(name: string | undefined, work: (kernelPath: string) => Promise<T>): Promise<T> {
    if (this.released) throw new AppError('fs.badPath', 'the folder was closed while in use');
    if (name !== undefined) assertPlainName(name);
    this.users += 1;
    try {
      return await work(
        name === undefined ? `/proc/self/fd/${this.fd}` : `/proc/self/fd/${this.fd}/${name}`,
      );
    } finally {
      this.users -= 1;
      if (this.released && this.users === 0) this.closeNow();
    }
  }

  /** Like `use`, for one synchronous call (inotify_add_watch): the descriptor cannot close during it. */
  useSync<T>(work: (kernelPath: string) => T): T {
    if (this.released) throw new AppError('fs.badPath', 'the folder was closed while in use');
    return work(`/proc/self/fd/${this.fd}`);
  }

  /**
   * The kernel path of `name` inside this folder, for work that ends later than a callback
   * (a batch on a worker thread): the folder gains a holder, which the caller must release().
   */
  hold(name: string): string {
    assertPlainName(name);
    this.retain();
    return `/proc/self/fd/${this.fd}/${name}`;
  }

  /** One more holder: the folder stays open until each holder has released it. */
  retain(): this {
    if (this.released) throw new AppError('fs.badPath', 'the folder was closed while in use');
    this.holders += 1;
    return this;
  }

  /** Drops one holder; the last one closes the descriptor, now or when the operations using it end. */
  release(): void {
    if (this.pinned || this.released) return;
    this.holders -= 1;
    if (this.holders > 0) return;
    this.released = true;
    if (this.users === 0) this.closeNow();
  }

  /** A new descriptor of the same folder, for a child process (the caller closes it). */
  duplicate(): Promise<number> {
    return this.use(undefined, (self) => openFd(self, O_RDONLY | O_DIRECTORY)).catch(
      rethrowAsFsError,
    );
  }

  get isReleased(): boolean {
    return this.released;
  }

  private closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    // Synchronous on purpose: the number is free only after every path built on it was used.
    fs.closeSync(this.fd);
  }
}

/**
 * Runs a disk change with its folders held, so it finishes (or cleans up after itself) even when
 * the client goes away and the request's view closes its handles.
 */
export async function holdingFolders<T>(
  folders: readonly (FolderHandle | undefined)[],
  work: () => Promise<T>,
): Promise<T> {
  const held = folders.filter((folder): folder is FolderHandle => folder !== undefined);
  for (const folder of held) folder.retain();
  try {
    return await work();
  } finally {
    for (const folder of held) folder.release();
  }
}

/** A name as readdir gives it: never empty, ".", ".." or holding a separator. */
function assertPlainName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0'))
    throw new AppError('fs.badPath', 'not a plain file name');
}

/** The path changed between its check and its use (a folder swapped for a link, or replaced). */
export function changedError(): AppError {
  return new AppError('fs.badPath', 'the path changed while it was used');
}

/**
 * Opens the folder `name` inside `parent` without following a link (ELOOP/ENOTDIR if it became
 * one) and, when `expected` is given, confirms it is still the entry that was checked.
 */
export async function openFolderAt(
  parent: FolderHandle,
  name: string,
  expected?: Identity,
): Promise<FolderHandle> {
  const fd = await parent
    .use(name, (at) => openFd(at, O_RDONLY | O_DIRECTORY | O_NOFOLLOW))
    .catch((error: unknown) => {
      throw errorCodeOf(error) === 'ENOTDIR' || errorCodeOf(error) === 'ELOOP'
        ? changedError()
        : toFsError(error);
    });
  return adoptFolder(fd, expected);
}

/**
 * openFolderAt without the thread pool, for the search index's scan while the disk answers from
 * its cache: a million-entry tree has ten thousand folders, and four queued operations each cost
 * more than the work itself. Same checks; throws like fs does.
 */
export function openFolderAtSync(parent: FolderHandle, name: string): FolderHandle {
  const fd = parent.useSync((self) => {
    assertPlainName(name);
    return fs.openSync(`${self}/${name}`, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  });
  try {
    return new FolderHandle(fd, fs.fstatSync(fd));
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/** readFolder without the thread pool (see openFolderAtSync). */
export function readFolderSync(folder: FolderHandle): Dirent[] {
  return folder.useSync((self) => fs.readdirSync(self, { withFileTypes: true }));
}

/**
 * Opens `name` inside `parent` if it is a folder there and not a link to one (O_NOFOLLOW |
 * O_DIRECTORY), in one step where an lstat before the open would take two: a path is walked on
 * every request, and each step is a trip through the thread pool. Undefined on any failure (a
 * link, a file, nothing there, no permission): the caller then lstats the name to learn what it
 * is, as it would have without this shortcut.
 */
export async function openFolderIfFolderAt(
  parent: FolderHandle,
  name: string,
): Promise<FolderHandle | undefined> {
  let fd: number;
  try {
    fd = await parent.use(name, (at) => openFd(at, O_RDONLY | O_DIRECTORY | O_NOFOLLOW));
  } catch {
    return undefined;
  }
  return adoptFolder(fd);
}

/** Opens an absolute path as a folder (the served root at start, "/" for followed external links). */
export async function openFolderPath(absolute: string): Promise<FolderHandle> {
  const fd = await openFd(absolute, O_RDONLY | O_DIRECTORY).catch(rethrowAsFsError);
  return adoptFolder(fd);
}

/** The parent folder of an open folder (identity checks only: "is X inside Y" on disk). */
export async function openParentOf(folder: FolderHandle): Promise<FolderHandle> {
  const fd = await folder
    .use(undefined, (self) => openFd(`${self}/..`, O_RDONLY | O_DIRECTORY))
    .catch(rethrowAsFsError);
  return adoptFolder(fd);
}

async function adoptFolder(fd: number, expected?: Identity): Promise<FolderHandle> {
  let stats: Stats;
  try {
    stats = statOpened(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw toFsError(error);
  }
  if (expected && !isSameIdentity(stats, expected)) {
    fs.closeSync(fd);
    throw changedError();
  }
  return new FolderHandle(fd, stats);
}

/** An open regular file with the stats taken from its descriptor. */
export interface OpenedFile {
  fd: number;
  stats: Stats;
}

/**
 * Opens the regular file `name` inside `parent` for reading: O_NOFOLLOW (a link planted since the
 * check fails), O_NONBLOCK (a FIFO put in its place cannot block the thread pool), and the
 * identity checked against `expected`. The caller owns the descriptor.
 */
export async function openFileAt(
  parent: FolderHandle,
  name: string,
  expected?: Identity,
): Promise<OpenedFile> {
  const fd = await parent
    .use(name, (at) => openFd(at, O_RDONLY | O_NOFOLLOW | O_NONBLOCK))
    .catch((error: unknown) => {
      throw errorCodeOf(error) === 'ELOOP' ? changedError() : toFsError(error);
    });
  try {
    const stats = statOpened(fd);
    if (expected && !isSameIdentity(stats, expected)) throw changedError();
    if (stats.isDirectory()) throw new AppError('fs.isDirectory', 'not a regular file');
    if (!stats.isFile()) throw new AppError('fs.badPath', 'not a regular file');
    return { fd, stats };
  } catch (error) {
    fs.closeSync(fd);
    throw toFsError(error);
  }
}

/** lstat of `name` inside `parent`; undefined when it does not exist. */
export async function lstatAt(parent: FolderHandle, name: string): Promise<Stats | undefined> {
  try {
    return await parent.use(name, (at) => lstatPath(at));
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'ENAMETOOLONG') throw new AppError('fs.badPath', 'a name in the path is too long');
    throw toFsError(error);
  }
}

export function readlinkAt(parent: FolderHandle, name: string): Promise<string> {
  return parent.use(name, (at) => readlinkPath(at)).catch(rethrowAsFsError);
}

/** The entries of an open folder, with their types as the directory reports them. */
export function readFolder(folder: FolderHandle): Promise<Dirent[]> {
  return folder
    .use(undefined, (self) => readdirPath(self, { withFileTypes: true }))
    .catch(rethrowAsFsError);
}

/** The names in an open folder, nothing else (listings of 100,000 entries: no Dirent objects). */
export function readFolderNames(folder: FolderHandle): Promise<string[]> {
  return folder.use(undefined, (self) => readdirPath(self)).catch(rethrowAsFsError);
}

export function fstatOf(folder: FolderHandle): Promise<Stats> {
  return folder.use(undefined, (self) => promisify(fs.stat)(self));
}

/** Nanosecond stats of an open file (ETags). */
export function fstatExact(fd: number): Promise<BigIntStats> {
  return new Promise((resolve, reject) =>
    fs.fstat(fd, { bigint: true }, (error, stats) => (error ? reject(error) : resolve(stats))),
  );
}

/** The folder's current absolute path on the host, for logs and hook variables only. */
export function hostPathOf(folder: FolderHandle): Promise<string> {
  return folder.use(undefined, (self) => readlinkPath(self));
}

export function closeFd(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // already closed by a stream that owned it
  }
}

/**
 * Opens a folder by the absolute path the kernel once reported for it (hostPathOf), one
 * component at a time with O_NOFOLLOW, and only if it is still the folder of that identity: a
 * component that became a link, or a folder replaced since, fails the open. The walk starts at
 * `base` (the served root) when the path lies below it, so no folder above the root need be
 * readable; else at "/". For the server's own housekeeping (abandoned uploads), never for a
 * user's path.
 */
export async function openFolderByHostPath(
  hostPath: string,
  expected: Identity,
  base: { folder: FolderHandle; path: string },
): Promise<FolderHandle> {
  if (!hostPath.startsWith('/')) throw new AppError('fs.badPath', 'not an absolute path');
  const below = hostPath === base.path || hostPath.startsWith(`${base.path}/`);
  const start = below ? base.folder : await openFolderPath('/');
  const names = (below ? hostPath.slice(base.path.length) : hostPath)
    .split('/')
    .filter((name) => name !== '');
  let current = start;
  const drop = (folder: FolderHandle) => {
    if (folder !== base.folder) folder.release();
  };
  try {
    for (const [index, name] of names.entries()) {
      const next = await openFolderAt(
        current,
        name,
        index === names.length - 1 ? expected : undefined,
      );
      drop(current);
      current = next;
    }
  } catch (error) {
    drop(current);
    throw error;
  }
  if (!isSameIdentity(current, expected)) {
    drop(current);
    throw changedError();
  }
  // The caller releases what it gets: the base itself is handed out as one more holder.
  return current === base.folder ? current.retain() : current;
}
