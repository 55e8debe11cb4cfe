// The lock a running server holds on its database, so a second server or a command line edit cannot
// silently lose changes: the server keeps the data in memory and would overwrite the file.
import fs from 'node:fs';
import { isProcessAlive } from './atomic-file';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

export interface DatabaseLock {
  release(): void;
}

function lockFileOf(database: string): string {
  return `${database}.lock`;
}

/** The process id of a live server holding the database, if any (stale locks are ignored). */
export function lockHolder(database: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockFileOf(database), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  // The same id as ours is a lock left by an earlier run (containers always start as pid 1).
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return isProcessAlive(pid) && looksLikeDrawer(pid) ? pid : undefined;
}

/**
 * After a crash the id may belong to another program by now (an init process in a container), which
 * must not keep the server from starting; where /proc tells, only a Drawer command line counts.
 */
function looksLikeDrawer(pid: number): boolean {
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  return /drawer/i.test(commandLine);
}

/** Takes the lock for this process; the database's folder must exist. */
export function lockDatabase(database: string): DatabaseLock {
  const holder = lockHolder(database);
  if (holder !== undefined) {
    throw new DatabaseInUseError(
      `the database ${database} is in use by another Drawer server (process ${holder}); stop it first, or remove ${lockFileOf(database)} if that process is not Drawer`,
    );
  }
  const file = lockFileOf(database);
  fs.writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return {
    release() {
      try {
        if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}
