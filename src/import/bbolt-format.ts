// The bbolt file format as File Browser's database uses it: page headers, meta pages, freelist.
import { ImportError } from './import-error';

/** Where the bytes come from: a file read at positions, or a buffer in tests. */
export interface PageSource {
  readonly size: number;
  /** Exactly `length` bytes at `position`; the caller has checked the range. */
  read(position: number, length: number): Buffer;
}

export const pageHeaderSize = 16;
/** Branch and leaf elements are both 16 bytes: a position relative to the element, then sizes. */
export const elementSize = 16;
/** A bucket's value starts with its root page id and its sequence; root 0 means inline. */
export const bucketHeaderSize = 16;
export const pageFlag = { branch: 0x01, leaf: 0x02, meta: 0x04, freelist: 0x10 } as const;
export const bucketLeafFlag = 0x01;

const magic = 0xed0cdaed;
const formatVersion = 2;
const metaSize = 64;
/** The checksum covers the meta up to the checksum field itself. */
const checksummedBytes = 56;
const noFreelist = 0xffffffffffffffffn;

export interface PageHeader {
  id: number;
  flags: number;
  count: number;
  overflow: number;
}

export interface Meta {
  pageSize: number;
  rootPage: number;
  rootSequence: bigint;
  /** Undefined when the file keeps no freelist on disk. */
  freelistPage: number | undefined;
  /** The high-water mark: every page in use is below it. */
  pageCount: number;
  txid: bigint;
}

export function corrupt(detail: string): ImportError {
  return new ImportError(`the File Browser database is damaged (${detail}); nothing was imported`);
}

/** A page id or count as a number; ids past what a real file can hold mean damage. */
export function toPageNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt(`${what} ${value} is impossible`);
  return Number(value);
}

export function readPageHeader(bytes: Buffer, offset = 0): PageHeader {
  if (bytes.length < offset + pageHeaderSize) throw corrupt('a page is cut short');
  return {
    id: toPageNumber(bytes.readBigUInt64LE(offset), 'page id'),
    flags: bytes.readUInt16LE(offset + 8),
    count: bytes.readUInt16LE(offset + 10),
    overflow: bytes.readUInt32LE(offset + 12),
  };
}

/** FNV-1a, 64 bits: bbolt's meta checksum. */
function fnv64a(bytes: Buffer): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash;
}

type MetaReading = { meta: Meta } | { problem: 'not bbolt' | 'damaged' };

/** The meta of the page at `offset`, or why it cannot be used. */
export function readMeta(source: PageSource, offset: number): MetaReading {
  if (offset + pageHeaderSize + metaSize > source.size) return { problem: 'not bbolt' };
  const page = source.read(offset, pageHeaderSize + metaSize);
  const meta = page.subarray(pageHeaderSize);
  if (meta.readUInt32LE(0) !== magic) return { problem: 'not bbolt' };
  const header = readPageHeader(page);
  if (
    (header.flags & pageFlag.meta) === 0 ||
    meta.readUInt32LE(4) !== formatVersion ||
    meta.readBigUInt64LE(checksummedBytes) !== fnv64a(meta.subarray(0, checksummedBytes))
  )
    return { problem: 'damaged' };
  const freelist = meta.readBigUInt64LE(32);
  return {
    meta: {
      pageSize: meta.readUInt32LE(8),
      rootPage: toPageNumber(meta.readBigUInt64LE(16), 'root page'),
      rootSequence: meta.readBigUInt64LE(24),
      freelistPage: freelist === noFreelist ? undefined : toPageNumber(freelist, 'freelist page'),
      pageCount: toPageNumber(meta.readBigUInt64LE(40), 'page count'),
      txid: meta.readBigUInt64LE(48),
    },
  };
}

/**
 * The meta to read from: of the two copies (pages 0 and 1), the valid one with the higher
 * transaction id. A write cut short damages at most the copy it was writing, so the other one
 * still describes a complete, older state, which is what bbolt itself would open.
 */
export function chooseMeta(source: PageSource): Meta {
  const first = readMeta(source, 0);
  // The page size is in the meta; when page 0 is unreadable, page 1 is looked for at each size.
  const sizes =
    'meta' in first ? [first.meta.pageSize] : [4096, 512, 1024, 2048, 8192, 16384, 32768, 65536];
  const found: Meta[] = 'meta' in first ? [first.meta] : [];
  let sawMagic = !('problem' in first && first.problem === 'not bbolt');
  for (const size of sizes) {
    const second = readMeta(source, size);
    if ('meta' in second && second.meta.pageSize === size) found.push(second.meta);
    else if ('problem' in second && second.problem === 'damaged') sawMagic = true;
  }
  if (found.length === 0)
    throw sawMagic
      ? corrupt('both copies of its header are damaged')
      : new ImportError('it is not a File Browser database (a bbolt file) nor a JSON export');
  const meta = found.reduce((best, next) => (next.txid > best.txid ? next : best));
  checkMeta(meta, source.size);
  return meta;
}

function checkMeta(meta: Meta, fileSize: number): void {
  const { pageSize, pageCount, rootPage, freelistPage } = meta;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    throw corrupt(`its page size ${pageSize} is impossible`);
  if (pageCount < 4 || pageCount * pageSize > fileSize)
    throw corrupt(`it should hold ${pageCount} pages of ${pageSize} bytes but is cut short`);
  if (rootPage < 2 || rootPage >= pageCount || (freelistPage ?? 2) >= pageCount)
    throw corrupt('its header points past its end');
}

/** The page ids the freelist names: none of them may be part of a tree. */
export function readFreelist(page: Buffer, header: PageHeader): Set<number> {
  if ((header.flags & pageFlag.freelist) === 0) throw corrupt('its freelist page is not one');
  let count = header.count;
  let start = pageHeaderSize;
  // A count of 0xFFFF means the real count is in the first id slot.
  if (count === 0xffff) {
    count = toPageNumber(page.readBigUInt64LE(start), 'freelist length');
    start += 8;
  }
  if (start + count * 8 > page.length) throw corrupt('its freelist runs past its page');
  const ids = new Set<number>();
  for (let index = 0; index < count; index += 1)
    ids.add(toPageNumber(page.readBigUInt64LE(start + index * 8), 'free page id'));
  return ids;
}
