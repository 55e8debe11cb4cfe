// Facts about the served folder, gathered once at start: its real path, case sensitivity, hidden files.
import fs from 'node:fs';
import path from 'node:path';
import type { PausePoint } from './pause-points';
import { noPause } from './pause-points';
import type { FsSettings } from './scoped-fs';
import { isUploadTempName } from './fs-write';
import { isInside } from './resolve-real';

/**
 * The database may sit inside the served folder (./drawer.json in the served cwd): it, its lock
 * and its temp files are never shown, and no recursive operation may take its folder along.
 */
export function createFsSettings(
  root: string,
  database: string,
  followExternalSymlinks: boolean,
  pause: PausePoint = noPause,
): FsSettings {
  const realRoot = fs.realpathSync(root);
  const caseInsensitive = probeCaseInsensitive(realRoot);
  // On a case-insensitive disk "DRAWER.JSON" opens the database too, so names are compared folded.
  const fold = (text: string) => (caseInsensitive ? text.normalize('NFC').toLowerCase() : text);
  const databaseFolder = fold(fs.realpathSync(path.dirname(database)));
  const databaseName = fold(path.basename(database));
  const isHiddenFile = (real: string) => {
    // An upload in progress is not a file yet: it appears under its real name once complete.
    if (isUploadTempName(path.basename(real))) return true;
    if (fold(path.dirname(real)) !== databaseFolder) return false;
    const name = fold(path.basename(real));
    return (
      name === databaseName ||
      name === `${databaseName}.lock` ||
      (name.startsWith(`.${databaseName}.`) && name.endsWith('.tmp'))
    );
  };
  const holdsHiddenFiles = (realFolder: string) => isInside(databaseFolder, fold(realFolder));
  return {
    root: realRoot,
    followExternalSymlinks,
    caseInsensitive,
    isHiddenFile,
    holdsHiddenFiles,
    pause,
  };
}

/** Looks the root up again with its letters' case swapped; no file is written. */
function probeCaseInsensitive(realRoot: string): boolean {
  const swapped = realRoot.replace(/[A-Za-z]/g, (char) =>
    char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase(),
  );
  if (swapped === realRoot) return false;
  try {
    const original = fs.statSync(realRoot);
    const other = fs.statSync(swapped);
    return original.ino === other.ino && original.dev === other.dev;
  } catch {
    return false;
  }
}
