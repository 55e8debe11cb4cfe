// Checking every descendant of a recursive copy, move or delete before anything is touched.
import type { FolderHandle } from './anchored';
import { lstatAt, openFolderAt, readFolder, readlinkAt } from './anchored';
import { AppError } from '../errors';
import type { ExistingResolved, FsSettings, ScopedFs } from './scoped-fs';
import type { VirtualPath } from './virtual-path';
import { segmentsOf } from './virtual-path';

export interface DescendantCheck {
  /** Where the descendants would land (copy, move): those paths must be allowed too. */
  destination?: VirtualPath;
  /** The folder the tree lands in, as it really lies: relative links are judged from there. */
  destinationFolder?: VirtualPath;
  /** Copies refuse links that leave the scope: copying one would hand out a way out. */
  refuseEscapingLinks: boolean;
}

/** True when a relative link text, read from `folder`, climbs above the scope root. */
export function climbsAboveScope(folder: VirtualPath, text: string): boolean {
  if (text.startsWith('/')) return false; // absolute targets do not change when the link moves
  let depth = segmentsOf(folder).length;
  for (const segment of text.split('/')) {
    if (segment === '..') depth -= 1;
    else if (segment !== '' && segment !== '.') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

const linkLeavesScope = () =>
  new AppError('fs.outsideScope', 'a link inside would lead outside your scope at its new place');

/**
 * Walks the tree through held folders (links are not followed, hidden entries are seen) and
 * refuses the whole operation with 403 when any descendant is denied by a rule, at its place or
 * its destination (GHSA-77x8: only the root of an operation used to be checked), when the tree
 * holds the database's folder, when a copy would take a link leading out of the scope, or when
 * a relative link would lead out of the scope from where it lands. Dotfile hiding is a display
 * preference and is not applied here, as in File Browser.
 */
export async function checkDescendants(
  view: ScopedFs,
  settings: Pick<FsSettings, 'isDatabaseFolder'>,
  start: ExistingResolved,
  check: DescendantCheck,
): Promise<void> {
  if (!start.folder) return;
  const checkRules = view.access.hasRules;
  const prefixOf = (virtual: VirtualPath) => (virtual === '/' ? '' : virtual);
  // The folder is checked under the name it was asked by and, through a link, where it really is.
  const sources = [start.virtual];
  if (start.realVirtual !== undefined && start.realVirtual !== start.virtual)
    sources.push(start.realVirtual);
  const landing = check.destinationFolder;

  async function visit(folder: FolderHandle, relative: string): Promise<void> {
    if (settings.isDatabaseFolder(folder))
      throw new AppError('fs.forbidden', 'this folder holds the server database');
    for (const entry of await readFolder(folder)) {
      const path = `${relative}/${entry.name.normalize('NFC')}`;
      if (checkRules) {
        if (sources.some((source) => !view.access.isAllowedByRules(`${prefixOf(source)}${path}`)))
          throw new AppError('fs.forbidden', 'a rule denies something inside this folder');
        if (
          check.destination !== undefined &&
          !view.access.isAllowedByRules(`${prefixOf(check.destination)}${path}`)
        )
          throw new AppError('fs.forbidden', 'a rule denies something at the destination');
      }
      const stats = await lstatAt(folder, entry.name);
      if (!stats) continue;
      if (stats.isSymbolicLink()) {
        await checkLink(folder, entry.name, relative);
        continue;
      }
      if (!stats.isDirectory()) continue;
      const child = await openFolderAt(folder, entry.name, stats);
      try {
        await visit(child, path);
      } finally {
        child.release();
      }
    }
  }

  async function checkLink(folder: FolderHandle, name: string, relative: string): Promise<void> {
    const text = await readlinkAt(folder, name);
    if (landing !== undefined) {
      const landsIn = `${prefixOf(landing)}${relative}` || '/';
      if (climbsAboveScope(landsIn as VirtualPath, text)) throw linkLeavesScope();
    }
    if (!check.refuseEscapingLinks || start.realVirtual === undefined) return;
    const where = `${prefixOf(start.realVirtual)}${relative}/${name}` as VirtualPath;
    try {
      view.release(await view.resolve(where, 'read'));
    } catch (error) {
      throw new AppError('fs.outsideScope', 'a link inside this folder leads outside your scope', {
        cause: error,
      });
    }
  }

  await visit(start.folder, '');
}

/** A link moved by itself: its text must still lead inside the scope from the folder it lands in. */
export async function checkMovedLink(
  link: { parent: FolderHandle | undefined; name: string },
  landsIn: VirtualPath,
): Promise<void> {
  if (!link.parent) return;
  if (climbsAboveScope(landsIn, await readlinkAt(link.parent, link.name))) throw linkLeavesScope();
}
