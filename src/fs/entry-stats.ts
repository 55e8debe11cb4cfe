// The few facts a listing keeps of each entry: a small object instead of node's Stats (listings of 100,000 entries).
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';

const { S_IFMT, S_IFDIR, S_IFREG, S_IFLNK, S_IFIFO, S_IFSOCK, S_IFBLK, S_IFCHR } = constants;

/**
 * What listings, walks and archives read of an entry's stats, with Stats' method names. A node
 * Stats holds about twenty fields; a folder of 100,000 entries kept them all in memory at once.
 */
export class EntryStats {
  constructor(
    readonly dev: number,
    readonly ino: number,
    readonly mode: number,
    readonly size: number,
    readonly mtimeMs: number,
  ) {}

  static of(stats: Stats): EntryStats {
    return new EntryStats(stats.dev, stats.ino, stats.mode, stats.size, stats.mtimeMs);
  }

  get mtime(): Date {
    return new Date(this.mtimeMs);
  }

  private is(type: number): boolean {
    return (this.mode & S_IFMT) === type;
  }

  isDirectory(): boolean {
    return this.is(S_IFDIR);
  }

  isFile(): boolean {
    return this.is(S_IFREG);
  }

  isSymbolicLink(): boolean {
    return this.is(S_IFLNK);
  }

  isFIFO(): boolean {
    return this.is(S_IFIFO);
  }

  isSocket(): boolean {
    return this.is(S_IFSOCK);
  }

  isBlockDevice(): boolean {
    return this.is(S_IFBLK);
  }

  isCharacterDevice(): boolean {
    return this.is(S_IFCHR);
  }
}

/** What code that takes either node's Stats or an EntryStats may read. */
export type StatsView = Pick<
  Stats,
  | 'dev'
  | 'ino'
  | 'mode'
  | 'size'
  | 'mtimeMs'
  | 'mtime'
  | 'isDirectory'
  | 'isFile'
  | 'isSymbolicLink'
  | 'isFIFO'
  | 'isSocket'
  | 'isBlockDevice'
  | 'isCharacterDevice'
>;
