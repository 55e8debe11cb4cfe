// Opening the database from the command line: it must exist, and no running server may hold it.
import fs from 'node:fs';
import type { Database } from '../store/database';
import { openDatabase } from '../store/database';
import { lockHolder } from '../store/database-lock';
import { CliError } from './cli-error';

export function hasDatabase(file: string): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && stat.isFile() && stat.size > 0;
}

/**
 * A running server keeps the data in memory and rewrites the whole file on its next change, so an
 * edit made beside it would be lost: changes wait until it stops. Reading is always safe.
 */
export function assertNoServer(file: string): void {
  const pid = lockHolder(file);
  if (pid !== undefined)
    throw new CliError(
      `a Drawer server (process ${pid}) is using ${file}; stop it first, or it would overwrite this change`,
    );
}

export async function openExistingDatabase(
  file: string,
  access: 'read' | 'write',
): Promise<Database> {
  if (!hasDatabase(file))
    throw new CliError(
      `there is no database at ${file}; start the server once to create it, give its path with -d, or use drawer config import`,
    );
  if (access === 'write') assertNoServer(file);
  const { database } = await openDatabase(file, () => {
    throw new CliError(`the database ${file} disappeared while it was being opened`);
  });
  return database;
}

export function assertRootFolder(root: string): void {
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new CliError(`--root: ${root} is not an existing folder (scope folders are made in it)`);
}
