// What a file is to the preview service: an image format known by its first bytes, an SVG, a video, or nothing.
import { mimeFromName } from '../files/file-type';

/** The raster formats decoded for previews; the decoder is told which, it never guesses. */
export const imageFormats = ['jpeg', 'png', 'gif', 'webp', 'avif', 'heic', 'tiff', 'bmp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export type PreviewKind =
  { kind: 'image'; format: ImageFormat } | { kind: 'svg' } | { kind: 'video' } | { kind: 'none' };

/** Bytes read from the start of a file to tell its kind. */
export const headBytes = 64;

function startsWith(head: Uint8Array, text: string, at = 0): boolean {
  if (head.length < at + text.length) return false;
  for (let index = 0; index < text.length; index += 1)
    if (head[at + index] !== text.charCodeAt(index)) return false;
  return true;
}

/** HEIF's brands: AVIF files are HEIF files whose brands name the AV1 codec. */
function isoBrands(head: Uint8Array): string[] {
  if (!startsWith(head, 'ftyp', 4) || head.length < 16) return [];
  const boxEnd = Math.min(head.length, new DataView(head.buffer, head.byteOffset).getUint32(0));
  const brands = [String.fromCharCode(...head.subarray(8, 12))];
  for (let at = 16; at + 4 <= boxEnd; at += 4)
    brands.push(String.fromCharCode(...head.subarray(at, at + 4)));
  return brands;
}

const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The raster format the content is, whatever its name says, or undefined. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (startsWith(head, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'webp';
  if (startsWith(head, 'II*\0') || startsWith(head, 'MM\0*')) return 'tiff';
  if (startsWith(head, 'BM') && head.length >= 26) return 'bmp';
  const brands = isoBrands(head);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  if (brands.some((brand) => heicBrands.has(brand))) return 'heic';
  return undefined;
}

/**
 * Images are known by their content, so a renamed file still gets its thumbnail and the
 * decoder is never handed a format it would have to guess. SVG and video go by name: an SVG is
 * text, and ffmpeg recognises containers itself (within the formats it is allowed).
 */
export function previewKindOf(name: string, head: Uint8Array): PreviewKind {
  const format = sniffImageFormat(head);
  if (format) return { kind: 'image', format };
  const mime = mimeFromName(name) ?? '';
  if (mime === 'image/svg+xml') return { kind: 'svg' };
  if (mime.startsWith('video/')) return { kind: 'video' };
  return { kind: 'none' };
}
