// The place a files URL shows: the path from the route's splat parameter (/files/$), which the router
// has cut from the URL and decoded ('/files/a%20b/c.txt' gives 'a b/c.txt'), and whether it names a
// folder, which a trailing slash says (filesUrl writes one for every folder) and the splat drops.
import { normalizePath } from '../../api/paths';

export interface FilesLocation {
  /** The virtual path: '/a b/c.txt', the root '/'. */
  path: string;
  /** Whether the URL names a folder (a trailing slash, or the root). */
  isDir: boolean;
}

/** '/files', '/files/' and anything ending in '/' name a folder (docs/UI.md, Screens). */
export function locationOf(splat: string | undefined, trailingSlash: boolean): FilesLocation {
  const path = normalizePath(splat ?? '');
  return { path, isDir: path === '/' || trailingSlash };
}

/** Whether a pathname ends in a slash: the one thing of a files URL the splat does not keep. */
export function hasTrailingSlash(pathname: string): boolean {
  return pathname.endsWith('/');
}

/** The folder new items go into and searches start from: the folder itself, or an open file's. */
export function folderOf(location: FilesLocation, shown: { isDir: boolean } | undefined): string {
  const isDir = shown ? shown.isDir : location.isDir;
  if (isDir) return location.path;
  return location.path.slice(0, location.path.lastIndexOf('/')) || '/';
}
