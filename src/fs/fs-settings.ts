// Facts about the served folder, gathered once at start: its handle, case sensitivity, hidden files.
import fs from 'node:fs';
import path from 'node:path';
import type { Identity } from './anchored';
import { FolderHandle, isSameIdentity } from './anchored';
import { createFolderStatter } from './folder-stats';
import { createListedReaderPool } from './listed-reader';
import { isPartialUploadName } from './fs-partial';
import { isUploadTempName, ownTempNamePrefix } from './fs-write';
import type { PausePoint } from './pause-points';
import { noPause } from './pause-points';
import type { FsSettings } from './scoped-fs';

/**
 * The database may sit inside the served folder (./drawer.json in the served cwd): it, its lock
 * and its temp files are never shown, and no recursive operation may take its folder along. They
 * are recognised by the device and inode of their folder plus their name, so no other spelling
 * of the path (a link, another case, a bind mount) reaches them. The gate works through
 * /proc/self/fd, so a system without /proc is refused here rather than served by names.
 */
export function createFsSettings(
  root: string,
  database: string,
  followExternalSymlinks: boolean,
  pause: PausePoint = noPause,
  ownFolders: readonly string[] = [],
): FsSettings {
  if (!fs.existsSync('/proc/self/fd'))
    throw new Error('/proc is not mounted: Drawer needs /proc/self/fd to open files safely');
  const rootPath = fs.realpathSync(root);
  const rootFd = fs.openSync(rootPath, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
  const rootFolder = new FolderHandle(rootFd, fs.fstatSync(rootFd), true);
  const caseInsensitive = probeCaseInsensitive(rootPath);
  // On a case-insensitive disk "DRAWER.JSON" opens the database too, so names are compared folded.
  const fold = (text: string) => (caseInsensitive ? text.normalize('NFC').toLowerCase() : text);
  const databaseFolderFd = fs.openSync(
    fs.realpathSync(path.dirname(database)),
    fs.constants.O_RDONLY | fs.constants.O_DIRECTORY,
  );
  const databaseFolder = new FolderHandle(databaseFolderFd, fs.fstatSync(databaseFolderFd), true);
  const databaseName = fold(path.basename(database));
  const isDatabaseFolder = (folder: Identity) => isSameIdentity(folder, databaseFolder);
  const hiddenFolders = ownFolders.flatMap((folder) => identifyEntry(folder, fold) ?? []);
  const isHiddenEntry = (parent: Identity, entryName: string) => {
    // An upload in progress is not a file yet: it appears under its real name once complete.
    if (isUploadTempName(entryName) || isPartialUploadName(entryName)) return true;
    if (
      hiddenFolders.some(
        (hidden) => isSameIdentity(parent, hidden.parent) && fold(entryName) === hidden.name,
      )
    )
      return true;
    if (!isDatabaseFolder(parent)) return false;
    const name = fold(entryName);
    return (
      name === databaseName ||
      name === `${databaseName}.lock` ||
      (name.startsWith(`.${databaseName}.`) && name.endsWith('.tmp'))
    );
  };
  // Every hidden name starts so, or lies in a folder known by its identity: the index's build
  // looks at a folder's names one by one only then (src/fs/tree-reader.ts).
  const mayHideAmong = (parent: Identity, joinedNames: string) =>
    joinedNames.includes(ownTempNamePrefix) ||
    isDatabaseFolder(parent) ||
    hiddenFolders.some((hidden) => isSameIdentity(parent, hidden.parent));
  return {
    rootPath,
    rootFolder,
    followExternalSymlinks,
    caseInsensitive,
    isHiddenEntry,
    mayHideAmong,
    isDatabaseFolder,
    databaseFolder,
    pause,
    folderStats: createFolderStatter(),
    listedReaders: createListedReaderPool(),
  };
}

/**
 * Drawer's own folders (the preview cache) by the identity of the folder holding them plus their
 * name, like the database; one that does not exist is not looked for.
 */
function identifyEntry(
  folder: string,
  fold: (text: string) => string,
): { parent: Identity; name: string } | undefined {
  try {
    const real = fs.realpathSync(folder);
    const parent = fs.statSync(path.dirname(real));
    return { parent: { dev: parent.dev, ino: parent.ino }, name: fold(path.basename(real)) };
  } catch {
    return undefined;
  }
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
