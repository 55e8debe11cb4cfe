// Reading a bbolt file without bbolt: its buckets, nested buckets and key/value pairs, read-only.
import type { Meta, PageHeader, PageSource } from './bbolt-format';
import {
  bucketHeaderSize,
  bucketLeafFlag,
  chooseMeta,
  corrupt,
  elementSize,
  pageFlag,
  pageHeaderSize,
  readFreelist,
  readPageHeader,
  toPageNumber,
} from './bbolt-format';

export interface BoltEntry {
  key: Buffer;
  /** The value of a plain key; undefined for a nested bucket. */
  value: Buffer | undefined;
  bucket: BoltBucket | undefined;
}

export interface BoltBucket {
  readonly sequence: bigint;
  /** Every key in order, nested buckets included. */
  entries(): Generator<BoltEntry>;
  get(key: string): Buffer | undefined;
  bucket(name: string): BoltBucket | undefined;
}

export interface BoltDatabase {
  readonly meta: Meta;
  readonly root: BoltBucket;
}

/** Deeper trees and nestings than this need more keys than a file holds: only a loop gets there. */
const maxDepth = 64;

interface PageReader {
  /** A tree page with its overflow; never the metas, the freelist or a free page. */
  page(id: number): { header: PageHeader; bytes: Buffer };
}

export function openBolt(source: PageSource): BoltDatabase {
  const meta = chooseMeta(source);
  const { pageSize, pageCount } = meta;
  const readRaw = (id: number) => {
    if (id >= pageCount) throw corrupt(`page ${id} is past its end`);
    const first = source.read(id * pageSize, pageSize);
    const header = readPageHeader(first);
    if (header.id !== id) throw corrupt(`page ${id} says it is page ${header.id}`);
    if (id + 1 + header.overflow > pageCount) throw corrupt(`page ${id} runs past its end`);
    const bytes =
      header.overflow === 0 ? first : source.read(id * pageSize, (1 + header.overflow) * pageSize);
    return { header, bytes };
  };
  let free = new Set<number>();
  if (meta.freelistPage !== undefined) {
    const { header, bytes } = readRaw(meta.freelistPage);
    free = readFreelist(bytes, header);
  }
  const reader: PageReader = {
    page(id) {
      if (id < 2 || id === meta.freelistPage || free.has(id))
        throw corrupt(`page ${id} is used by a bucket and is also free or reserved`);
      return readRaw(id);
    },
  };
  return { meta, root: makeBucket(reader, meta.rootPage, undefined, meta.rootSequence, 0) };
}

/**
 * A bucket rooted at page `root`, or at an inline page (root 0) carried inside its value. `depth`
 * counts pages and buckets from the top, so a loop through either ends in an error, not a hang.
 */
function makeBucket(
  reader: PageReader,
  root: number,
  inline: Buffer | undefined,
  sequence: bigint,
  depth: number,
): BoltBucket {
  const bucket: BoltBucket = {
    sequence,
    *entries() {
      let previous: Buffer | undefined;
      const walk = inline ? walkPage(reader, inline, depth) : walkTree(reader, root, depth);
      for (const entry of walk) {
        if (previous && Buffer.compare(previous, entry.key) >= 0)
          throw corrupt('its keys are out of order');
        previous = entry.key;
        yield entry;
      }
    },
    get: (key) => find(bucket, key)?.value,
    bucket: (name) => find(bucket, name)?.bucket,
  };
  return bucket;
}

function find(bucket: BoltBucket, key: string): BoltEntry | undefined {
  const wanted = Buffer.from(key, 'utf8');
  for (const entry of bucket.entries()) {
    const order = Buffer.compare(entry.key, wanted);
    if (order === 0) return entry;
    if (order > 0) return undefined;
  }
  return undefined;
}

function* walkTree(reader: PageReader, id: number, depth: number): Generator<BoltEntry> {
  if (depth > maxDepth) throw corrupt('its pages form a loop');
  const { bytes } = reader.page(id);
  yield* walkPage(reader, bytes, depth);
}

/** The entries of a branch page's children, or of a leaf page, in order. */
function* walkPage(reader: PageReader, bytes: Buffer, depth: number): Generator<BoltEntry> {
  const header = readPageHeader(bytes);
  const isBranch = (header.flags & pageFlag.branch) !== 0;
  if (!isBranch && (header.flags & pageFlag.leaf) === 0)
    throw corrupt(`page ${header.id} is neither a branch nor a leaf`);
  if (pageHeaderSize + header.count * elementSize > bytes.length)
    throw corrupt(`page ${header.id} has more elements than fit in it`);
  for (let index = 0; index < header.count; index += 1) {
    const at = pageHeaderSize + index * elementSize;
    if (isBranch) {
      yield* walkTree(reader, toPageNumber(bytes.readBigUInt64LE(at + 8), 'child page'), depth + 1);
      continue;
    }
    const flags = bytes.readUInt32LE(at);
    const keyStart = at + bytes.readUInt32LE(at + 4);
    const valueStart = keyStart + bytes.readUInt32LE(at + 8);
    const valueEnd = valueStart + bytes.readUInt32LE(at + 12);
    if (valueEnd > bytes.length) throw corrupt(`a key on page ${header.id} runs past the page`);
    const key = bytes.subarray(keyStart, valueStart);
    const value = bytes.subarray(valueStart, valueEnd);
    if ((flags & bucketLeafFlag) === 0) {
      yield { key, value, bucket: undefined };
      continue;
    }
    if (value.length < bucketHeaderSize) throw corrupt(`bucket "${key.toString()}" is cut short`);
    const root = toPageNumber(value.readBigUInt64LE(0), 'bucket root');
    const inline = root === 0 ? value.subarray(bucketHeaderSize) : undefined;
    if (depth + 1 > maxDepth) throw corrupt('its buckets nest too deeply');
    if (inline && (readPageHeader(inline).flags & pageFlag.leaf) === 0)
      throw corrupt(`bucket "${key.toString()}" is inline but not a leaf`);
    const nested = makeBucket(reader, root, inline, value.readBigUInt64LE(8), depth + 1);
    yield { key, value: undefined, bucket: nested };
  }
}
