// Checking every descendant of a recursive copy, move or delete before anything is touched.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { toFsError } from './fs-errors';
import { resolveReal } from './resolve-real';
import type { FsSettings, Resolved, ScopedFs } from './scoped-fs';
import { virtualOfReal } from './scoped-fs';
import type { VirtualPath } from './virtual-path';

export interface DescendantCheck {
  /** Where the descendants would land (copy, move): those paths must be allowed too. */
  destination?: VirtualPath;
  /** Copies refuse links that leave the scope: copying one would hand out a way out. */
  refuseEscapingLinks: boolean;
}

/**
 * Walks the real tree (links are not followed, hidden entries are seen) and refuses the whole
 * operation with 403 when any descendant is denied by a rule, at its place or its destination
 * (GHSA-77x8: only the root of an operation used to be checked). Dotfile hiding is a display
 * preference and is not applied here, as in File Browser.
 */
export async function checkDescendants(
  view: ScopedFs,
  settings: Pick<FsSettings, 'holdsHiddenFiles'>,
  start: Resolved,
  check: DescendantCheck,
): Promise<void> {
  if (settings.holdsHiddenFiles(start.real))
    throw new AppError('fs.forbidden', 'this folder holds the server database');
  const checkRules = view.access.hasRules;
  if (!checkRules && !check.refuseEscapingLinks) return;
  const prefixOf = (virtual: VirtualPath) => (virtual === '/' ? '' : virtual);
  // The folder is checked under the name it was asked by and, through a link, where it really is.
  const sources = [start.virtual];
  const realVirtual = virtualOfReal(view.scopeRoot, start.real);
  if (realVirtual !== undefined && realVirtual !== start.virtual) sources.push(realVirtual);
  const pending: { real: string; relative: string }[] = [{ real: start.real, relative: '' }];
  while (pending.length > 0) {
    const folder = pending.pop() as { real: string; relative: string };
    let entries: Dirent[];
    try {
      entries = await fs.readdir(folder.real, { withFileTypes: true });
    } catch (error) {
      throw toFsError(error);
    }
    for (const entry of entries) {
      const relative = `${folder.relative}/${entry.name.normalize('NFC')}`;
      if (checkRules) {
        if (
          sources.some((source) => !view.access.isAllowedByRules(`${prefixOf(source)}${relative}`))
        )
          throw new AppError('fs.forbidden', 'a rule denies something inside this folder');
        if (
          check.destination !== undefined &&
          !view.access.isAllowedByRules(`${prefixOf(check.destination)}${relative}`)
        )
          throw new AppError('fs.forbidden', 'a rule denies something at the destination');
      }
      const real = path.join(folder.real, entry.name);
      if (entry.isSymbolicLink() && check.refuseEscapingLinks) {
        const target = await resolveReal(folder.real, [entry.name], true);
        if (!view.contains(target.real))
          throw new AppError(
            'fs.outsideScope',
            'a link inside this folder leads outside your scope',
          );
      }
      if (entry.isDirectory()) pending.push({ real, relative });
    }
  }
}
