// User scopes: their virtual absolute form, and creating their folder on disk without leaving the root.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { scopeSegments } from './scope-path';

const maxScopeLength = 4096;

/**
 * The virtual absolute form of a scope ("/", "/users/bob"): "." and "" mean the root, backslashes
 * count as separators (as File Browser does on Windows), and ".." or control characters are refused.
 */
export function normaliseScope(scope: string): string {
  if (scope.length > maxScopeLength) throw new AppError('fs.badPath', 'the scope is too long');
  if (/[\p{Cc}]/u.test(scope))
    throw new AppError('fs.badPath', 'the scope contains control characters');
  const segments = scopeSegments(scope);
  if (segments.some((segment) => segment === '..'))
    throw new AppError('fs.badPath', 'the scope may not contain ".."');
  return `/${segments.join('/')}`;
}

/**
 * Creates the scope's folder under root (mode 0750) one segment at a time, resolving each with
 * realpath, so a symlink planted inside the root can neither make it land outside nor be created
 * through. Returns the folder's real absolute path.
 */
export async function ensureScopeDirectory(root: string, scope: string): Promise<string> {
  const realRoot = await fs.realpath(root);
  let current = realRoot;
  for (const segment of normaliseScope(scope).split('/').filter(Boolean)) {
    const next = path.join(current, segment);
    try {
      await fs.mkdir(next, { mode: 0o750 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new AppError('fs.badPath', 'the scope folder could not be created', {
          cause: error,
        });
    }
    current = await resolveInside(realRoot, next);
  }
  return current;
}

async function resolveInside(realRoot: string, candidate: string): Promise<string> {
  let real: string;
  try {
    real = await fs.realpath(candidate);
  } catch (error) {
    // A dangling symlink: it points somewhere that does not exist, never a usable scope.
    throw new AppError('fs.badPath', 'the scope folder could not be resolved', { cause: error });
  }
  if (
    real !== realRoot &&
    !real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep)
  )
    throw new AppError('fs.badPath', 'the scope leads outside the server root');
  const stats = await fs.stat(real);
  if (!stats.isDirectory()) throw new AppError('fs.notDirectory', 'the scope is not a folder');
  return real;
}
