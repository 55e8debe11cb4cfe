// Deciding a file's `type` (video, audio, image, pdf, text, textImmutable, blob) as File Browser does.
import type { FileType } from '../api/resources';
import libraries from '../deferred-libraries.cjs';

/** Files above this are never "text": the editor would receive them whole. */
export const maxTextBytes = 10 * 1024 * 1024;

/** How many leading bytes single-file requests read to sniff. */
export const sampleBytes = 512;

/** File Browser's own table wins over the common one for these (so .opus files are "video"). */
const overrides: Record<string, string> = {
  '.opus': 'video/ogg',
  '.m4v': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.flac': 'audio/x-flac',
  '.vue': 'text/javascript',
  '.xml': 'text/xml',
  '.sh': 'text/x-sh',
  '.py': 'text/x-python',
  '.pl': 'text/x-perl',
  '.java': 'text/x-java-source',
  // TypeScript sources are far more common in a file manager than MPEG transport streams; a binary
  // .ts sample is still taken for video (see detectFileType).
  '.ts': 'text/typescript',
  '.mts': 'text/typescript',
  '.cts': 'text/typescript',
  '.tsx': 'text/tsx',
};

const mimeByExtension = new Map<string, string | undefined>();

/** MIME type from the extension alone, or undefined when it says nothing. */
export function mimeFromName(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot === -1) return undefined;
  const extension = name.slice(dot);
  // A listing asks for the same few extensions over and over (docs/LISTINGS.md).
  if (mimeByExtension.has(extension)) return mimeByExtension.get(extension);
  const mime =
    overrides[extension] ??
    overrides[extension.toLowerCase()] ??
    (libraries.mimeTypes().lookup(extension) || undefined);
  if (mimeByExtension.size >= 4096) mimeByExtension.clear();
  mimeByExtension.set(extension, mime);
  return mime;
}

/** Magic numbers for the kinds that matter to the classification (a subset of the WHATWG sniffer). */
const signatures: { type: string; offset: number; bytes: string }[] = [
  { type: 'application/pdf', offset: 0, bytes: '%PDF-' },
  { type: 'image/png', offset: 0, bytes: '\x89PNG\r\n\x1a\n' },
  { type: 'image/jpeg', offset: 0, bytes: '\xff\xd8\xff' },
  { type: 'image/gif', offset: 0, bytes: 'GIF8' },
  { type: 'image/webp', offset: 8, bytes: 'WEBPVP' },
  { type: 'image/bmp', offset: 0, bytes: 'BM' },
  { type: 'image/x-icon', offset: 0, bytes: '\x00\x00\x01\x00' },
  { type: 'audio/wave', offset: 8, bytes: 'WAVE' },
  { type: 'video/avi', offset: 8, bytes: 'AVI ' },
  { type: 'audio/aiff', offset: 8, bytes: 'AIFF' },
  { type: 'audio/mpeg', offset: 0, bytes: 'ID3' },
  { type: 'audio/midi', offset: 0, bytes: 'MThd' },
  { type: 'audio/x-flac', offset: 0, bytes: 'fLaC' },
  { type: 'application/ogg', offset: 0, bytes: 'OggS\x00' },
  { type: 'video/mp4', offset: 4, bytes: 'ftyp' },
  { type: 'video/webm', offset: 0, bytes: '\x1a\x45\xdf\xa3' },
  { type: 'application/zip', offset: 0, bytes: 'PK\x03\x04' },
  { type: 'application/x-gzip', offset: 0, bytes: '\x1f\x8b\x08' },
  { type: 'application/wasm', offset: 0, bytes: '\x00asm' },
];

/** The MIME type of content whose name said nothing. */
export function sniffMime(sample: Buffer): string {
  for (const { type, offset, bytes } of signatures) {
    if (
      sample.length >= offset + bytes.length &&
      sample.subarray(offset, offset + bytes.length).equals(Buffer.from(bytes, 'latin1'))
    )
      return type;
  }
  return looksBinary(sample) ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Length of a multi-byte character cut off at the very end of a sample (0 when there is none). */
function truncatedTail(sample: Buffer): number {
  for (let back = 1; back <= Math.min(3, sample.length); back += 1) {
    const byte = sample[sample.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length =
      byte >= 0xf0 && byte <= 0xf4
        ? 4
        : byte >= 0xe0 && byte < 0xf0
          ? 3
          : byte >= 0xc2 && byte < 0xe0
            ? 2
            : 0;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * File Browser's test: binary when a byte 0x00–0x08 occurs, or the bytes are not UTF-8 or hold
 * U+FFFD (a character cut off by the end of the sample is forgiven). An empty sample is text.
 */
export function looksBinary(sample: Buffer): boolean {
  if (sample.some((byte) => byte <= 0x08)) return true;
  try {
    return strictUtf8
      .decode(sample.subarray(0, sample.length - truncatedTail(sample)))
      .includes('\uFFFD');
  } catch {
    return true;
  }
}

/** MIME types outside text/ that are still text to edit. */
const textualApplication =
  /^application\/(json|javascript|ecmascript|xml|x-sh|x-shellscript|toml|yaml|x-yaml|sql|x-subrip|x-httpd-php|x-perl|x-python|x-ruby|x-tex|x-latex|graphql|ld\+json)\b|\+(xml|json)\b/;

/**
 * The classification docs/API.md describes (File types). `sample` is the file's first bytes; undefined for listing
 * items, which are judged from the name only (a known binary type is then "blob", an unknown
 * extension "text", as File Browser reports without sniffing).
 */
export function classify(
  mimeType: string | undefined,
  size: number,
  sample: Buffer | undefined,
  canModify: boolean,
): FileType {
  const type = mimeType ?? (sample ? sniffMime(sample) : '');
  if (type.startsWith('video')) return 'video';
  if (type.startsWith('audio')) return 'audio';
  if (type.startsWith('image')) return 'image';
  if (type.split(';')[0]?.endsWith('pdf')) return 'pdf';
  const isTextual =
    sample === undefined
      ? type === '' || type.startsWith('text') || textualApplication.test(type)
      : type.startsWith('text') || !looksBinary(sample);
  if (isTextual && size <= maxTextBytes) return canModify ? 'text' : 'textImmutable';
  return 'blob';
}

/** The type of a listing item: from its name only (listings never open files). */
export function typeFromName(name: string, size: number): FileType {
  return classify(mimeFromName(name), size, undefined, true);
}
