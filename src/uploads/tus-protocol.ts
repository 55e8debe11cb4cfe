// The tus 1.0 protocol's headers: what Drawer announces, and the parsing of what clients send.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { AppError } from '../errors';

export const tusVersion = '1.0.0';
/** creation-with-upload, creation-defer-length and concatenation are not offered (docs/UPLOADS.md). */
export const tusExtensions = ['creation', 'termination', 'checksum', 'expiration'] as const;
export const tusChecksumAlgorithms = ['md5', 'sha1', 'sha256', 'sha512'] as const;

/** The Content-Type of every PATCH body. */
export const offsetContentType = 'application/offset+octet-stream';

type Headers = Record<string, string | string[] | undefined>;

function single(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Tus-Resumable must name the version this server speaks, on every request but OPTIONS. */
export function checkTusVersion(headers: Headers): void {
  if (single(headers, 'tus-resumable')?.trim() !== tusVersion)
    throw new AppError(
      'upload.unsupportedVersion',
      `this server speaks tus ${tusVersion}; send Tus-Resumable: ${tusVersion}`,
      { headers: { 'Tus-Version': tusVersion } },
    );
}

/** A byte count as tus sends it: decimal digits, nothing else, within a safe integer. */
function byteCount(raw: string | undefined, header: string): number {
  const text = raw?.trim();
  if (text === undefined || !/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new AppError('request.invalid', `${header} must be a whole number of bytes`);
  return Number(text);
}

export function parseUploadLength(headers: Headers): number {
  if (single(headers, 'upload-defer-length') !== undefined && !headers['upload-length'])
    throw new AppError(
      'request.invalid',
      'Upload-Defer-Length is not supported: send Upload-Length',
    );
  return byteCount(single(headers, 'upload-length'), 'Upload-Length');
}

export function parseUploadOffset(headers: Headers): number {
  return byteCount(single(headers, 'upload-offset'), 'Upload-Offset');
}

/** The body's announced size, when Content-Length gives one (a chunked body has none). */
export function contentLengthOf(headers: Headers): number | undefined {
  const raw = single(headers, 'content-length');
  return raw === undefined ? undefined : byteCount(raw, 'Content-Length');
}

export function isOffsetStream(headers: Headers): boolean {
  const type = single(headers, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === offsetContentType;
}

/** A chunk's expected digest (Upload-Checksum: "<algorithm> <base64>"), as a hash to feed and a verdict. */
export interface ChunkChecksum {
  hash: Hash;
  matches(): boolean;
}

export function parseUploadChecksum(headers: Headers): ChunkChecksum | undefined {
  const raw = single(headers, 'upload-checksum');
  if (raw === undefined) return undefined;
  const match = /^\s*([A-Za-z0-9-]+) +([A-Za-z0-9+/]+={0,2})\s*$/.exec(raw);
  const algorithm = tusChecksumAlgorithms.find((name) => name === match?.[1]?.toLowerCase());
  if (!match?.[2] || !algorithm)
    throw new AppError(
      'request.invalid',
      `Upload-Checksum must be one of ${tusChecksumAlgorithms.join(', ')} and a base64 digest`,
    );
  const expected = Buffer.from(match[2], 'base64');
  const hash = createHash(algorithm);
  return {
    hash,
    matches() {
      const actual = hash.digest();
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** Upload-Expires and the other dates of HTTP: IMF-fixdate. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** The announcement of OPTIONS: what this server speaks and how large an upload may be. */
export function discoveryHeaders(maxSize: number): Record<string, string> {
  return {
    'Tus-Version': tusVersion,
    'Tus-Extension': tusExtensions.join(','),
    'Tus-Checksum-Algorithm': tusChecksumAlgorithms.join(','),
    'Tus-Max-Size': String(maxSize),
  };
}
