// Tar header blocks (POSIX.1-2001 ustar, with a pax extended header for long or UTF-8 names and huge sizes).

export const tarBlock = 512;
/** The largest value an 11-digit octal field holds: sizes up to 8 GiB - 1, mtimes up to 2242. */
export const maxOctal11 = 8 ** 11 - 1;

export interface TarHeader {
  name: string;
  isDir: boolean;
  size: number;
  mode: number;
  /** Whole seconds since 1970, already clamped to 0..maxOctal11. */
  mtimeSeconds: number;
}

/** Writes `value` as zero-padded octal digits and a NUL into `field` bytes at `offset`. */
function writeOctal(block: Buffer, offset: number, field: number, value: number): void {
  block.write(value.toString(8).padStart(field - 1, '0'), offset, field - 1, 'latin1');
  block[offset + field - 1] = 0;
}

/** GNU's base-256 form, for a size past the octal field: readers that do not know pax still cope. */
function writeBase256(block: Buffer, offset: number, field: number, value: number): void {
  let rest = value;
  for (let index = offset + field - 1; index > offset; index -= 1) {
    block[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  block[offset] = 0x80;
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (text.charCodeAt(index) > 0x7e) return false;
  return true;
}

/** ustar splits a long name at a '/' into prefix (155 bytes) and name (100 bytes); null when impossible. */
function splitName(name: string): { prefix: string; rest: string } | null {
  if (name.length <= 100) return { prefix: '', rest: name };
  let cut = name.indexOf('/', Math.max(1, name.length - 101));
  for (; cut !== -1 && cut <= 155; cut = name.indexOf('/', cut + 1)) {
    const rest = name.slice(cut + 1);
    // Never at a directory's own trailing '/': the name part would be empty.
    if (rest !== '' && rest !== '/') return { prefix: name.slice(0, cut), rest };
  }
  return null;
}

/** One pax record, "<length> key=value\n", where the length counts its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes + 1;
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** The fields every header shares (owner 0:0, the ustar magic, the checksum's eight spaces). */
const template = Buffer.alloc(tarBlock);
writeOctal(template, 108, 8, 0);
writeOctal(template, 116, 8, 0);
template.write('ustar\u000000', 257, 8, 'latin1');
template.fill(0x20, 148, 156);
const templateSum = template.reduce((sum, byte) => sum + byte, 0);

/** `text` (ASCII: a byte per character) at `offset`, at most `field` bytes; returns their sum. */
function putAscii(block: Buffer, offset: number, field: number, text: string): number {
  const length = Math.min(text.length, field);
  let sum = 0;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    block[offset + index] = code;
    sum += code;
  }
  return sum;
}

/** `value` as `field - 1` zero-padded octal digits and a NUL, like writeOctal; returns their sum. */
function putOctal(block: Buffer, offset: number, field: number, value: number): number {
  let rest = value;
  let sum = 0;
  for (let index = offset + field - 2; index >= offset; index -= 1) {
    const digit = 0x30 + (rest % 8);
    block[index] = digit;
    sum += digit;
    rest = Math.floor(rest / 8);
  }
  block[offset + field - 1] = 0;
  return sum;
}

/**
 * One header block. Built from a template, the checksum summed while the fields are written:
 * thousands of small files make thousands of headers, and writing each field as a string
 * through Buffer.write was a tenth of the event loop's time for a tar (docs/ARCHIVES.md).
 * Names and prefixes are ASCII here (tarHeader sends others through a pax header).
 */
function ustarBlock(
  block: Buffer,
  offset: number,
  fields: { name: string; prefix: string; size: number; mode: number; mtime: number; type: string },
): void {
  template.copy(block, offset);
  let sum = templateSum;
  sum += putAscii(block, offset, 100, fields.name);
  sum += putOctal(block, offset + 100, 8, fields.mode & 0o7777);
  if (fields.size > maxOctal11) {
    writeBase256(block, offset + 124, 12, fields.size);
    for (let index = offset + 124; index < offset + 136; index += 1) sum += block[index] as number;
  } else sum += putOctal(block, offset + 124, 12, fields.size);
  sum += putOctal(block, offset + 136, 12, fields.mtime);
  sum += putAscii(block, offset + 156, 1, fields.type);
  sum += putAscii(block, offset + 345, 155, fields.prefix);
  // The checksum counts its own field as eight spaces (POSIX.1 ustar "chksum"), as the template has.
  putOctal(block, offset + 148, 7, sum);
  block[offset + 155] = 0x20;
}

/**
 * The header block(s) of one entry. A name that is not ASCII or does not fit ustar's name and
 * prefix, or a size past 8 GiB, gets a pax header first, which every current tar reads.
 */
export function tarHeader(header: TarHeader): Buffer {
  const type = header.isDir ? '5' : '0';
  const size = header.isDir ? 0 : header.size;
  const split = isAscii(header.name) ? splitName(header.name) : null;
  if (split && size <= maxOctal11) {
    const block = Buffer.allocUnsafe(tarBlock);
    const { prefix, rest } = split;
    ustarBlock(block, 0, {
      name: rest,
      prefix,
      size,
      mode: header.mode,
      mtime: header.mtimeSeconds,
      type,
    });
    return block;
  }
  const records = Buffer.concat([
    paxRecord('path', header.name),
    ...(size > maxOctal11 ? [paxRecord('size', String(size))] : []),
  ]);
  const padded = Math.ceil(records.length / tarBlock) * tarBlock;
  const out = Buffer.alloc(tarBlock + padded + tarBlock);
  const fallback = header.name.replace(/[^\x20-\x7e]/g, '_').slice(-100);
  ustarBlock(out, 0, {
    name: 'PaxHeader',
    prefix: '',
    size: records.length,
    mode: 0o644,
    mtime: header.mtimeSeconds,
    type: 'x',
  });
  records.copy(out, tarBlock);
  ustarBlock(out, tarBlock + padded, {
    name: fallback,
    prefix: '',
    size,
    mode: header.mode,
    mtime: header.mtimeSeconds,
    type,
  });
  return out;
}

/** Zeros after a file's data, up to the next 512-byte block. */
export function tarPadding(size: number): number {
  return (tarBlock - (size % tarBlock)) % tarBlock;
}
