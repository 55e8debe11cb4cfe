// Images for the preview tests: the committed fixtures, EXIF written into a JPEG, and what a preview shows.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { ImageMagick, initializeImageMagick } from '@imagemagick/magick-wasm';

export const fixtureFolder = path.join(import.meta.dirname, '..', 'fixtures', 'images');

export function fixtureImage(name: string): Buffer {
  return fs.readFileSync(path.join(fixtureFolder, name));
}

function ifdEntry(tag: number, type: number, count: number, value: number): Buffer {
  const entry = Buffer.alloc(12);
  entry.writeUInt16BE(tag, 0);
  entry.writeUInt16BE(type, 2);
  entry.writeUInt32BE(count, 4);
  if (type === 3) entry.writeUInt16BE(value, 8);
  else entry.writeUInt32BE(value, 8);
  return entry;
}

/**
 * The JPEG with an EXIF block (big-endian TIFF) right after its start marker: IFD0 holds the
 * orientation, IFD1 the embedded thumbnail when one is given, as cameras write them.
 */
export function withExif(jpeg: Buffer, exif: { orientation: number; thumbnail?: Buffer }): Buffer {
  const ifd0At = 8;
  const ifd0 = Buffer.concat([
    Buffer.from([0, 1]),
    ifdEntry(0x0112, 3, 1, exif.orientation),
    Buffer.alloc(4), // next IFD, filled in below
  ]);
  const ifd1At = ifd0At + ifd0.length;
  const thumbnail = exif.thumbnail ?? Buffer.alloc(0);
  const ifd1Size = 2 + 2 * 12 + 4;
  const thumbnailAt = ifd1At + ifd1Size;
  const ifd1 = Buffer.concat([
    Buffer.from([0, 2]),
    ifdEntry(0x0201, 4, 1, thumbnailAt),
    ifdEntry(0x0202, 4, 1, thumbnail.length),
    Buffer.alloc(4),
  ]);
  if (exif.thumbnail) ifd0.writeUInt32BE(ifd1At, ifd0.length - 4);
  const tiff = Buffer.concat([
    Buffer.from('MM\0\x2a', 'latin1'),
    Buffer.from([0, 0, 0, ifd0At]),
    ifd0,
    ...(exif.thumbnail ? [ifd1, thumbnail] : []),
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A PNG whose header claims `width`×`height` pixels, with a stub of data: a decompression bomb. */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let ready: Promise<void> | undefined;

export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** The colour at the centre, by its strongest channel: what picture this is. */
  centre: 'red' | 'green' | 'blue' | 'other';
  /** Alpha at the top-left corner, 0–255. */
  cornerAlpha: number;
}

/** Decodes a preview in the test process (ImageMagick's WebAssembly, as the server uses). */
export async function describeImage(bytes: Buffer): Promise<ImageFacts> {
  ready ??= initializeImageMagick(
    fs.readFileSync(createRequire(import.meta.url).resolve('@imagemagick/magick-wasm/magick.wasm')),
  );
  await ready;
  return ImageMagick.read(bytes, (image) => {
    const pixel = (x: number, y: number) =>
      image.getPixels((pixels) => Array.from(pixels.getPixel(x, y)));
    const [red = 0, green = 0, blue = 0] = pixel(
      Math.floor(image.width / 2),
      Math.floor(image.height / 2),
    );
    const strongest = Math.max(red, green, blue);
    const centre =
      strongest < 60
        ? 'other'
        : strongest === red && red > green + 40 && red > blue + 40
          ? 'red'
          : strongest === green && green > red + 40 && green > blue + 40
            ? 'green'
            : strongest === blue && blue > red + 40 && blue > green + 40
              ? 'blue'
              : 'other';
    const corner = pixel(0, 0);
    return {
      format: image.format,
      width: image.width,
      height: image.height,
      hasAlpha: image.hasAlpha,
      centre,
      cornerAlpha: image.hasAlpha ? (corner[3] ?? 255) : 255,
    };
  });
}
