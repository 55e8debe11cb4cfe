// The public share page's URL: /share/{hash}/{sub/folder}, the sub-folder only for folder shares.
import { encodePath } from '../../api/client';
import { normalizePath } from '../../api/paths';

export interface ShareAddress {
  hash: string;
  /** Share-relative folder, '/' at the share's root. */
  sub: string;
}

/** From the share route's splat, which the router has cut from the URL and decoded ('h1/a b/c'). */
export function shareAddressOf(splat: string | undefined): ShareAddress {
  const [hash = '', ...rest] = (splat ?? '').split('/');
  return { hash, sub: normalizePath(rest.join('/')) };
}

/** The app URL of a folder inside a share. */
export function sharePageUrl(hash: string, sub: string): string {
  const path = normalizePath(sub);
  return `/share/${encodeURIComponent(hash)}${path === '/' ? '' : encodePath(path)}`;
}
