// Virtual paths as the UI writes them ('/a/b', the root '/') and the app URLs that show them; pure, so
// the query keys (query-keys.ts), the routes and the calls all normalise a path the same way.
import { encodePath } from './client';

/** '/a/b/' and '/a/b' are the same place; the root is '/'. */
export function normalizePath(virtualPath: string): string {
  const trimmed = `/${virtualPath}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

export function joinPath(folder: string, name: string): string {
  return `${normalizePath(folder).replace(/\/$/, '')}/${name}`;
}

export function parentPath(virtualPath: string): string {
  const normal = normalizePath(virtualPath);
  return normal.slice(0, normal.lastIndexOf('/')) || '/';
}

export function baseName(virtualPath: string): string {
  return normalizePath(virtualPath).split('/').pop() ?? '';
}

/** The app URL of an item: /files/<encoded path>, folders with a trailing slash. */
export function filesUrl(virtualPath: string, isDir: boolean): string {
  const normal = normalizePath(virtualPath);
  if (normal === '/') return '/files/';
  return `/files${encodePath(normal)}${isDir ? '/' : ''}`;
}
