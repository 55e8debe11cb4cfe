// The one home of ETags: how a file's state and an in-memory body are named, and how a
// request's validators are compared with them (docs/UPLOADS.md, "Validators").
import { createHash } from 'node:crypto';

/**
 * A file's state as File Browser names it after a write: mtime in nanoseconds and size, both
 * hex, concatenated and quoted. Downloads send the same tag, so what a save answers is what a
 * later GET, If-None-Match or If-Range compares with.
 */
export function fileEtagOf(stats: { readonly mtimeNs: bigint; readonly size: bigint }): string {
  return `"${stats.mtimeNs.toString(16)}${stats.size.toString(16)}"`;
}

/** Bytes held in memory (UI assets, branding, rendered previews): a digest of what is sent. */
export function bodyEtagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match holds the tag: weak comparison, any entry of a list, or "*". */
export function isNoneMatchHit(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
