// The virtual path shown by the current URL: /files/a%20b/c.txt → { path: '/a b/c.txt', isDir: false }.
import { useLocation } from '@tanstack/react-router';
import { samePath } from '../api/paths';
import { useCurrentResource } from '../state/current';

export interface LocatedPath {
  path: string;
  isDir: boolean;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function pathFromPathname(pathname: string): LocatedPath | null {
  const match = /^\/files(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const rest = match[1] ?? '/';
  const decoded = rest.split('/').map(decodeSegment).join('/');
  return { path: decoded.replace(/\/$/, '') || '/', isDir: rest.endsWith('/') };
}

/** The folder new items go into: the shown folder, or the parent of the open file; else the root. */
export function useCurrentFolder(): string {
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = useCurrentResource();
  const located = pathFromPathname(pathname);
  if (!located) return '/';
  const isDir = current && samePath(current.path, located.path) ? current.isDir : located.isDir;
  if (isDir) return located.path;
  return located.path.slice(0, located.path.lastIndexOf('/')) || '/';
}
