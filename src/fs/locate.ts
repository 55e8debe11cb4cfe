// Walking a path one component at a time from an open folder, following links by reading them.
import type { Stats } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import type { FolderHandle, Identity } from './anchored';
import { fstatOf, lstatAt, openFolderAt, openFolderIfFolderAt, readlinkAt } from './anchored';

/** Where a walk starts: the scope root, and "/" when links may lead out of the scope. */
export interface WalkBase {
  scope: FolderHandle;
  /** The scope's absolute host path when the view opened (absolute link targets are judged by it). */
  scopePath: string;
  /** Opens "/" for links leading out of the scope; undefined when they are refused. */
  openSystemRoot: (() => Promise<FolderHandle>) | undefined;
  /** Entries never shown (FsSettings.isHiddenEntry): no walk passes through one. */
  isHidden?: (parent: Identity, name: string) => boolean;
}

export interface Location {
  /** The verified folder holding the entry; undefined for the base itself. */
  parent: FolderHandle | undefined;
  /** The entry's name in `parent` ("" for the base). */
  name: string;
  /** lstat of the entry, or of where it leads when followed; undefined when missing. */
  stats: Stats | undefined;
  /** The entry's own handle when it is a folder. */
  folder: FolderHandle | undefined;
  /** Names from the scope root to the entry as it really lies; undefined outside the scope. */
  inScope: string[] | undefined;
  /** Folders that do not exist yet between `parent` and `name` (mkdir -p). */
  missing: string[];
}

const maxLinkHops = 40;

interface Step {
  folder: FolderHandle;
  name: string;
}

/**
 * Resolves `segments` from the scope root: each component is looked up inside the folder opened
 * for the one before it, never by a full path, and each folder is opened with O_NOFOLLOW and
 * confirmed to be the entry just checked. A link met on the way (and the last component when
 * `followLast`) is read and its target walked the same way, so where it really leads is what
 * gets checked and used. A walk above the scope root is refused with fs.outsideScope unless the
 * server follows external links. The returned handles stay open; the caller releases them.
 */
export async function locate(
  base: WalkBase,
  segments: readonly string[],
  followLast: boolean,
): Promise<Location> {
  let stack: Step[] = [{ folder: base.scope, name: '' }];
  let inScope = true;
  const kept = new Set<FolderHandle>();
  const queue = [...segments];
  let hops = 0;

  const dropTo = (depth: number) => {
    for (const step of stack.splice(depth)) if (step.folder !== base.scope) step.folder.release();
  };
  /** Starts again from "/" with an absolute path, or refuses: the path leaves the scope. */
  const leaveScope = async (absolute: string) => {
    if (!base.openSystemRoot) throw new AppError('fs.outsideScope');
    dropTo(1);
    stack = [{ folder: await base.openSystemRoot(), name: '' }];
    inScope = false;
    queue.unshift(...absolute.split('/'));
  };
  const names = (extra: string[]) =>
    inScope ? [...stack.slice(1).map((step) => step.name), ...extra] : undefined;

  try {
    while (queue.length > 0) {
      const segment = queue.shift() as string;
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (stack.length > 1) dropTo(stack.length - 1);
        else if (inScope) await leaveScope(`${path.dirname(base.scopePath)}/${queue.join('/')}`);
        // Outside the scope, ".." at "/" stays at "/", as the kernel has it.
        continue;
      }
      const top = stack.at(-1) as Step;
      const isLast = queue.length === 0;
      // A hidden folder (Drawer's cache) is not there for paths below it either; the entry
      // itself is refused by the caller, which knows what the walk ended on.
      if (!isLast && base.isHidden?.(top.folder, segment)) throw new AppError('fs.notFound');
      if (!isLast) {
        // Most steps are plain folders: opened without following a link, the descriptor is the
        // check. Anything else (a link, a file, nothing) is looked at below, as before.
        const folder = await openFolderIfFolderAt(top.folder, segment);
        if (folder) {
          stack.push({ folder, name: segment });
          continue;
        }
      }
      const stats = await lstatAt(top.folder, segment);
      if (!stats || (!isLast && !stats.isDirectory() && !stats.isSymbolicLink())) {
        // A file in the middle is "missing" too: creating through it fails as "not a folder".
        const rest = [segment, ...queue].filter((name) => name !== '' && name !== '.');
        // A missing component cannot be climbed out of: "missing/.." does not exist on disk either.
        if (rest.includes('..')) throw new AppError('fs.notFound');
        const name = rest.pop() as string;
        return missingAt(top.folder, name, rest);
      }
      if (stats.isSymbolicLink() && (!isLast || followLast)) {
        hops += 1;
        if (hops > maxLinkHops)
          throw new AppError('fs.badPath', 'too many levels of symbolic links');
        const target = await readlinkAt(top.folder, segment);
        if (!path.isAbsolute(target)) queue.unshift(...target.split('/'));
        else if (inScope && isInsidePath(target, base.scopePath)) {
          dropTo(1);
          queue.unshift(...path.relative(base.scopePath, target).split(path.sep));
        } else if (inScope) await leaveScope(target);
        else {
          dropTo(1);
          queue.unshift(...target.split('/'));
        }
        continue;
      }
      if (isLast) {
        const folder = stats.isDirectory()
          ? await openFolderAt(top.folder, segment, stats)
          : undefined;
        return found(top.folder, segment, stats, folder, names([segment]));
      }
      stack.push({ folder: await openFolderAt(top.folder, segment, stats), name: segment });
    }
    // The walk ended on a folder it holds (no segments, a trailing "..", a link to a folder).
    const self = stack.at(-1) as Step;
    const parent = stack.at(-2);
    return found(parent?.folder, self.name, await fstatOf(self.folder), self.folder, names([]));
  } finally {
    for (const step of stack)
      if (!kept.has(step.folder) && step.folder !== base.scope) step.folder.release();
  }

  function found(
    parent: FolderHandle | undefined,
    name: string,
    stats: Stats,
    folder: FolderHandle | undefined,
    where: string[] | undefined,
  ): Location {
    if (parent) kept.add(parent);
    if (folder) kept.add(folder);
    return { parent, name, stats, folder, inScope: where, missing: [] };
  }

  function missingAt(parent: FolderHandle, name: string, folders: string[]): Location {
    kept.add(parent);
    const where = names([...folders, name]);
    return { parent, name, stats: undefined, folder: undefined, inScope: where, missing: folders };
  }
}

export function isInsidePath(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith('/') ? outer : `${outer}/`);
}
