// Sending one file: ranges, validators, a safe content type and a sandbox for user content.
import type { Stats } from 'node:fs';
import path from 'node:path';
import libraries from '../deferred-libraries.cjs';
import parseRange from 'range-parser';
import { AppError } from '../errors';
import type { Answer, RequestConditions } from './answer';
import { closeFd, fstatExact } from '../fs/anchored';
import { openResolvedFile, streamOf } from '../fs/fs-read';
import type { Resolved } from '../fs/scoped-fs';
import { fileEtagOf, isNoneMatchHit } from './etags';
import { contentDisposition } from './content-disposition';

/**
 * Types a browser would run as a document on our origin: never shown inline as themselves. SVG
 * is the exception: it is an image that <img> must be able to show, so it keeps its type and is
 * held by the strictest policy below instead.
 */
const activeTypes =
  /^(text\/html|application\/xhtml\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|multipart\/)/;

/**
 * User content never runs script on Drawer's origin: it is sandboxed. PDFs are the exception to the
 * sandbox only, because Chromium's viewer refuses sandboxed documents; they still get no scripts.
 * An SVG opened as a page is a sandboxed document with no scripts that loads nothing but its
 * own inline styles and data: images.
 */
export function userContentPolicy(contentType: string): string {
  if (contentType.startsWith('application/pdf'))
    return "default-src 'none'; object-src 'self'; frame-ancestors 'self'";
  if (contentType.startsWith('image/svg+xml'))
    return "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
  return "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
}

export function inlineContentType(name: string): string {
  const type = libraries.mimeTypes().lookup(path.extname(name)) || 'application/octet-stream';
  if (activeTypes.test(type)) return 'text/plain; charset=utf-8';
  return libraries.mimeTypes().contentType(type) || type;
}

function isFresh(request: RequestConditions, etag: string, stats: Stats): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return isNoneMatchHit(ifNoneMatch, etag);
  const since = request.headers['if-modified-since'];
  return (
    since !== undefined && Math.floor(stats.mtimeMs / 1000) <= Math.floor(Date.parse(since) / 1000)
  );
}

export interface SendFileOptions {
  name: string;
  inline: boolean;
  /** Overrides the type derived from the name (e.g. subtitles converted to WebVTT). */
  contentType?: string;
  /**
   * Runs before a body that starts at the file's first byte is sent (a GET answered 200, or 206
   * from byte 0), and never for HEAD, 304 or a range further in: a share link counts its
   * downloads here, and may still refuse (docs/SHARES.md).
   */
  onStart?: () => Promise<void>;
}

/**
 * The answer for a file the gate authorised, with Range and conditional request support. The
 * headers come from the opened descriptor, so they describe exactly the bytes that are sent.
 */
export async function fileAnswer(
  request: RequestConditions,
  file: Resolved,
  options: SendFileOptions,
): Promise<Answer> {
  const opened = await openResolvedFile(file);
  try {
    return await answerOpened(request, opened, options);
  } catch (error) {
    closeFd(opened.fd);
    throw error;
  }
}

async function answerOpened(
  request: RequestConditions,
  opened: { fd: number; stats: Stats },
  options: SendFileOptions,
): Promise<Answer> {
  const { stats } = opened;
  const contentType =
    options.contentType ??
    (options.inline ? inlineContentType(options.name) : 'application/octet-stream');
  // Nanoseconds, from the same descriptor: the tag a save answered (src/files/etags.ts).
  const etag = fileEtagOf(await fstatExact(opened.fd));
  const fresh = isFresh(request, etag, stats);

  let start = 0;
  let end = stats.size - 1;
  let partial = false;
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  const rangeApplies =
    !fresh &&
    rangeHeader !== undefined &&
    // If-Range compares strongly: a weak tag never resumes a range.
    (ifRange === undefined || ifRange === etag || ifRange === stats.mtime.toUTCString());
  if (rangeApplies && stats.size > 0) {
    const ranges = parseRange(stats.size, rangeHeader, { combine: true });
    if (ranges === -1)
      throw new AppError('range.notSatisfiable', 'the requested range is outside the file', {
        headers: { 'Content-Range': `bytes */${stats.size}` },
      });
    // Several disjoint ranges are answered with the whole file (allowed, and no amplification).
    if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
      start = ranges[0].start;
      end = ranges[0].end;
      partial = true;
    }
  }
  // Before any header of the answer: a refusal here is an ordinary error answer.
  if (!fresh && start === 0 && request.method === 'GET') await options.onStart?.();

  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(
      options.inline ? 'inline' : 'attachment',
      options.name,
    ),
    'Content-Security-Policy': userContentPolicy(contentType),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-cache',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
  };
  if (fresh) {
    closeFd(opened.fd);
    return { status: 304, headers, body: undefined };
  }
  if (partial) headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`;
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  const status = partial ? 206 : 200;
  if (request.method === 'HEAD' || stats.size === 0) {
    closeFd(opened.fd);
    return { status, headers, body: '' };
  }
  return { status, headers, body: streamOf(opened, { start, end }) };
}
