// Resolving a virtual path to a real, symlink-free disk path, component by component.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';

export interface RealLocation {
  /** Absolute and free of symlinks up to the first missing component. */
  real: string;
  /** False when some component does not exist (the rest was joined lexically). */
  exists: boolean;
}

const maxLinkHops = 40;

/**
 * Walks `segments` from the real folder `start`, following symlinks by reading them (never letting
 * the OS follow them later), so a dangling link or a link in the middle is resolved to where it
 * really points. The last component is left as is when `followLast` is false (delete, rename and
 * listing act on a link itself).
 */
export async function resolveReal(
  start: string,
  segments: readonly string[],
  followLast: boolean,
): Promise<RealLocation> {
  let current = start;
  const queue = [...segments];
  let hops = 0;
  while (queue.length > 0) {
    const segment = queue.shift() as string;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    const candidate = path.join(current, segment);
    const isLast = queue.length === 0;
    let stats;
    try {
      stats = await fs.lstat(candidate);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        return { real: path.join(candidate, ...queue), exists: false };
      if (code === 'ENAMETOOLONG')
        throw new AppError('fs.badPath', 'a name in the path is too long');
      throw error;
    }
    if (stats.isSymbolicLink() && (!isLast || followLast)) {
      hops += 1;
      if (hops > maxLinkHops) throw new AppError('fs.badPath', 'too many levels of symbolic links');
      const target = await fs.readlink(candidate);
      if (path.isAbsolute(target)) current = path.parse(target).root;
      queue.unshift(...target.split(path.sep));
      continue;
    }
    current = candidate;
  }
  return { real: current, exists: true };
}

export function isInside(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}
