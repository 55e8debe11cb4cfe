// Turning what a client sent into a canonical virtual path: decode once, refuse bad bytes, resolve dots.
import { AppError } from '../errors';

/** Canonical, scope-relative, always starting with "/", never ending with "/" except the root itself. */
export type VirtualPath = string & { readonly __brand: 'VirtualPath' };

/** Paths longer than this are refused before any work (a 100,000-character path is an attack). */
export const maxPathBytes = 4096;

/** Percent-decodes exactly once; a malformed or overlong sequence is a 400, never a 500. */
export function decodeOnce(raw: string): string {
  if (raw.length > maxPathBytes * 3) throw new AppError('fs.badPath', 'the path is too long');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError('request.badEncoding', 'the path is not validly percent-encoded');
  }
}

/**
 * Canonicalises a decoded path: no NUL or control characters, duplicate slashes and "." dropped,
 * ".." resolved lexically and clamped at the scope root. A backslash is an ordinary character on
 * POSIX and stays one. Unicode is kept as sent: on Linux "café" in NFC and in NFD are two different
 * names, so normalising would make one of them unreachable; rules compare normalised forms instead.
 */
export function canonicalise(decoded: string): { path: VirtualPath; trailingSlash: boolean } {
  if (/[\p{Cc}]/u.test(decoded))
    throw new AppError('fs.badPath', 'the path contains control characters');
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(decoded))
    throw new AppError('fs.badPath', 'the path is not valid Unicode');
  const normal = decoded;
  if (Buffer.byteLength(normal) > maxPathBytes)
    throw new AppError('fs.badPath', 'the path is too long');
  const parts: string[] = [];
  for (const segment of normal.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  const trailingSlash = normal.endsWith('/') && parts.length > 0;
  return { path: `/${parts.join('/')}` as VirtualPath, trailingSlash };
}

/** Decode once, then canonicalise: the one way a path from a URL becomes a VirtualPath. */
export function fromUrlPath(raw: string): { path: VirtualPath; trailingSlash: boolean } {
  return canonicalise(decodeOnce(raw));
}

export function segmentsOf(path: VirtualPath): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

/** The path of a folder entry as readdir names it (never empty, ".", ".." or containing "/"). */
export function childPath(parent: VirtualPath, name: string): VirtualPath {
  return `${parent === '/' ? '' : parent}/${name}` as VirtualPath;
}

export function joinVirtual(parent: VirtualPath, name: string): VirtualPath {
  return canonicalise(`${parent}/${name}`).path;
}

export function parentOf(path: VirtualPath): VirtualPath {
  const segments = segmentsOf(path);
  segments.pop();
  return `/${segments.join('/')}` as VirtualPath;
}

export function baseName(path: VirtualPath): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** True when `inner` is `outer` or lies below it, on segment boundaries. */
export function isWithin(inner: VirtualPath, outer: VirtualPath): boolean {
  return outer === '/' || inner === outer || inner.startsWith(`${outer}/`);
}
