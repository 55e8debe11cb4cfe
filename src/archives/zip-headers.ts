// Byte layouts of the zip records (PKWARE APPNOTE 6.3): stored entries, UTF-8 names, zip64 when needed.

/** Sizes and offsets at or past this value move into a zip64 extra field. */
export const zip32Limit = 0xffffffff;
const flagDataDescriptor = 0x0008;
const flagUtf8 = 0x0800;
const versionMadeByUnix = (3 << 8) | 63;
const versionDefault = 20;
const versionZip64 = 45;

export interface ZipRecord {
  name: Buffer;
  isDir: boolean;
  /** Unix mode including the file type bits. */
  mode: number;
  mtime: Date;
  offset: number;
  crc: number;
  size: number;
}

export function usesDataDescriptor(record: ZipRecord): boolean {
  return !record.isDir;
}

function dosDateTime(mtime: Date): { date: number; time: number } {
  const valid = Number.isNaN(mtime.getTime()) ? new Date(0) : mtime;
  const year = valid.getFullYear();
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((valid.getMonth() + 1) << 5) | valid.getDate(),
    time: (valid.getHours() << 11) | (valid.getMinutes() << 5) | (valid.getSeconds() >> 1),
  };
}

/** The "UT" extra field: the exact Unix mtime, since DOS times have 2 s steps and no zone. */
function timestampExtra(mtime: Date): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < -(2 ** 31) || seconds >= 2 ** 31)
    return Buffer.alloc(0);
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(0x5455, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4);
  extra.writeInt32LE(seconds, 5);
  return extra;
}

function zip64Extra(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, index) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * index));
  return extra;
}

function flagsOf(record: ZipRecord): number {
  return flagUtf8 | (usesDataDescriptor(record) ? flagDataDescriptor : 0);
}

/**
 * Sizes are not known yet (they follow in the data descriptor). When the file is expected to
 * reach 4 GiB the header carries a zip64 extra, which tells readers the descriptor is 64-bit.
 */
export function localFileHeader(record: ZipRecord, zip64: boolean): Buffer {
  const { date, time } = dosDateTime(record.mtime);
  const extra = Buffer.concat([
    zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0),
    timestampExtra(record.mtime),
  ]);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? versionZip64 : versionDefault, 4);
  header.writeUInt16LE(flagsOf(record), 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(0, 14);
  header.writeUInt32LE(zip64 ? zip32Limit : 0, 18);
  header.writeUInt32LE(zip64 ? zip32Limit : 0, 22);
  header.writeUInt16LE(record.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, record.name, extra]);
}

export function dataDescriptor(record: ZipRecord, zip64: boolean): Buffer {
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(record.size), 8);
    descriptor.writeBigUInt64LE(BigInt(record.size), 16);
  } else {
    descriptor.writeUInt32LE(record.size, 8);
    descriptor.writeUInt32LE(record.size, 12);
  }
  return descriptor;
}

export function centralDirectoryHeader(record: ZipRecord): Buffer {
  const { date, time } = dosDateTime(record.mtime);
  const bigSize = record.size >= zip32Limit;
  const bigOffset = record.offset >= zip32Limit;
  // APPNOTE 4.5.3: only the fields whose 32-bit slot holds 0xFFFFFFFF appear, in this order.
  const zip64Values = [
    ...(bigSize ? [record.size, record.size] : []),
    ...(bigOffset ? [record.offset] : []),
  ];
  const extra = Buffer.concat([zip64Extra(zip64Values), timestampExtra(record.mtime)]);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(versionMadeByUnix, 4);
  header.writeUInt16LE(zip64Values.length > 0 ? versionZip64 : versionDefault, 6);
  header.writeUInt16LE(flagsOf(record), 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(record.crc, 16);
  header.writeUInt32LE(bigSize ? zip32Limit : record.size, 20);
  header.writeUInt32LE(bigSize ? zip32Limit : record.size, 24);
  header.writeUInt16LE(record.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment length
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  // High 16 bits: Unix mode; bit 4: the MS-DOS directory flag.
  header.writeUInt32LE(((record.mode & 0xffff) * 0x10000 + (record.isDir ? 0x10 : 0)) >>> 0, 38);
  header.writeUInt32LE(bigOffset ? zip32Limit : record.offset, 42);
  return Buffer.concat([header, record.name, extra]);
}

/** The zip64 end records are added only when the count, size or offset overflows the classic one. */
export function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const zip64 = count >= 0xffff || size >= zip32Limit || offset >= zip32Limit;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? zip32Limit : size, 12);
  end.writeUInt32LE(zip64 ? zip32Limit : offset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(versionMadeByUnix, 12);
  record.writeUInt16LE(versionZip64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}
