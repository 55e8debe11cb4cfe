// CRC-32C (Castagnoli), slice-by-8: the checksum the Snappy framing format puts on every chunk.

const polynomial = 0x82f63b78;

function buildTables(): Uint32Array[] {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const [base] = tables as [Uint32Array];
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ polynomial : c >>> 1;
    base[n] = c >>> 0;
  }
  for (let t = 1; t < 8; t += 1) {
    const previous = tables[t - 1] as Uint32Array;
    const table = tables[t] as Uint32Array;
    for (let n = 0; n < 256; n += 1) {
      const value = previous[n] as number;
      table[n] = ((value >>> 8) ^ (base[value & 0xff] as number)) >>> 0;
    }
  }
  return tables;
}

const [t0, t1, t2, t3, t4, t5, t6, t7] = buildTables() as [
  Uint32Array,
  Uint32Array,
  Uint32Array,
  Uint32Array,
  Uint32Array,
  Uint32Array,
  Uint32Array,
  Uint32Array,
];

/** Indices are bytes (or in range by construction), hence the non-null assertions. */
export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  while (i < end8) {
    crc ^= data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    crc =
      t7[crc & 0xff]! ^
      t6[(crc >>> 8) & 0xff]! ^
      t5[(crc >>> 16) & 0xff]! ^
      t4[crc >>> 24]! ^
      t3[data[i + 4]!]! ^
      t2[data[i + 5]!]! ^
      t1[data[i + 6]!]! ^
      t0[data[i + 7]!]!;
    i += 8;
  }
  while (i < data.length) crc = t0[(crc ^ data[i++]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Snappy framing stores the CRC rotated and offset, so that a CRC of CRCs is not trivially valid. */
export function maskedCrc32c(data: Uint8Array): number {
  const crc = crc32c(data);
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}
