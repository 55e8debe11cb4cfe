// An open descriptor of a scope's folder, reached without following any symlink below the served root.
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { isInside } from './resolve-real';

const openFlags = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Opens `scopeRoot` (real, as the gate resolved it) one name at a time from the served root,
 * each name looked up in the folder opened before it (through /proc/self/fd, Linux's openat for
 * paths) and refused if it is a symlink. A user who swaps a folder on the way for a link after
 * the gate's check gets an error, never a descriptor of the link's target. A scope the admin
 * let lead outside the root (--follow-external-symlinks) is opened at its real path.
 * The caller closes the handle.
 */
export async function openScopeDir(root: string, scopeRoot: string): Promise<FileHandle> {
  if (!isInside(scopeRoot, root)) return openOrExplain(scopeRoot);
  let current = await openOrExplain(root);
  try {
    for (const name of path.relative(root, scopeRoot).split(path.sep).filter(Boolean)) {
      const next = await openOrExplain(`/proc/self/fd/${current.fd}/${name}`);
      await current.close();
      current = next;
    }
    return current;
  } catch (error) {
    await current.close();
    throw error;
  }
}

async function openOrExplain(file: string): Promise<FileHandle> {
  try {
    return await fs.open(file, openFlags);
  } catch (error) {
    throw new AppError('fs.forbidden', 'your scope folder changed while it was being opened', {
      cause: error,
    });
  }
}
