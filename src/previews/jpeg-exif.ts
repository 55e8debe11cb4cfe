// What a JPEG's headers say without decoding it: its size, its EXIF orientation and embedded thumbnail.

export interface JpegFacts {
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent or out of range). */
  orientation: number;
  /** The embedded EXIF thumbnail (IFD1), when it is a JPEG whose size could be read. */
  thumbnail: { bytes: Uint8Array; width: number; height: number } | undefined;
}

/** Start-of-frame markers carry the size; C4 (Huffman), C8 (reserved) and CC (arithmetic) do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the marker segments before the image data. Everything is bounds-checked: the bytes are a
 * user's file, and a lying length ends the walk rather than reading past the buffer.
 */
export function readJpegFacts(bytes: Uint8Array): JpegFacts | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let thumbnail: JpegFacts['thumbnail'];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // image data before any frame header
    const length = view.getUint16(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (isStartOfFrame(marker) && length >= 7) {
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      if (width === 0 || height === 0) return undefined;
      return { width, height, orientation, thumbnail };
    }
    if (marker === 0xe1 && orientation === 1 && thumbnail === undefined) {
      const exif = readExif(bytes.subarray(offset + 4, end));
      if (exif) ({ orientation, thumbnail } = exif);
    }
    offset = end;
  }
  return undefined;
}

interface ExifFacts {
  orientation: number;
  thumbnail: JpegFacts['thumbnail'];
}

const orientationTag = 0x0112;
const thumbnailOffsetTag = 0x0201;
const thumbnailLengthTag = 0x0202;

/** An APP1 payload: "Exif\0\0", then a TIFF structure whose IFD0 and IFD1 are read. */
function readExif(app1: Uint8Array): ExifFacts | undefined {
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (app1.length < 14 || header.some((byte, index) => app1[index] !== byte)) return undefined;
  const tiff = app1.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return undefined;

  /** The entries of the IFD at `at`, and where the next IFD starts (0 for none). */
  const readIfd = (at: number) => {
    if (at < 8 || at + 2 > tiff.length) return undefined;
    const count = view.getUint16(at, little);
    const entriesEnd = at + 2 + count * 12;
    if (entriesEnd + 4 > tiff.length) return undefined;
    const values = new Map<number, number>();
    for (let index = 0; index < count; index += 1) {
      const entry = at + 2 + index * 12;
      const tag = view.getUint16(entry, little);
      const type = view.getUint16(entry + 2, little);
      // SHORT values sit in the first two bytes of the value field, LONG values fill it.
      if (type === 3) values.set(tag, view.getUint16(entry + 8, little));
      else if (type === 4) values.set(tag, view.getUint32(entry + 8, little));
    }
    return { values, next: view.getUint32(entriesEnd, little) };
  };

  const ifd0 = readIfd(view.getUint32(4, little));
  if (!ifd0) return undefined;
  const rawOrientation = ifd0.values.get(orientationTag) ?? 1;
  const orientation = rawOrientation >= 1 && rawOrientation <= 8 ? rawOrientation : 1;
  const ifd1 = ifd0.next === 0 ? undefined : readIfd(ifd0.next);
  const start = ifd1?.values.get(thumbnailOffsetTag);
  const length = ifd1?.values.get(thumbnailLengthTag);
  let thumbnail: JpegFacts['thumbnail'];
  if (start !== undefined && length !== undefined && length > 0 && start + length <= tiff.length) {
    const embedded = tiff.subarray(start, start + length);
    const facts = readJpegFacts(embedded);
    if (facts) thumbnail = { bytes: embedded, width: facts.width, height: facts.height };
  }
  return { orientation, thumbnail };
}
