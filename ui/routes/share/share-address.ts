// The public share page's URL: /share/{hash}/{sub/folder}, the sub-folder only for folder shares.
import { encodePath } from '../../api/client';
import { normalizePath } from '../../api/paths';

export interface ShareAddress {
  hash: string;
  /** Share-relative folder, '/' at the share's root. */
  sub: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function shareAddressOf(pathname: string): ShareAddress {
  const [hash = '', ...rest] = pathname.replace(/^\/share\/?/, '').split('/');
  return { hash: decodeSegment(hash), sub: normalizePath(rest.map(decodeSegment).join('/')) };
}

/** The app URL of a folder inside a share. */
export function sharePageUrl(hash: string, sub: string): string {
  const path = normalizePath(sub);
  return `/share/${encodeURIComponent(hash)}${path === '/' ? '' : encodePath(path)}`;
}
