// The lowdb database: one JSON file with users, settings, shares, the signing secret and a version.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../settings/settings';
import type { SiteSchedule } from '../site/site-schedules-store';
import type { StoredShare } from '../shares/share';
import type { UploadFolder } from '../uploads/upload-folders-store';
import type { StoredUser } from '../users/user';
import { AtomicJsonFile, CorruptDatabaseError } from './atomic-file';

/**
 * 2: links may carry a password hash. An older Drawer would ignore it and open those links to
 * anyone, so it must refuse the file instead: the version is raised with the first write.
 * 3: links have kinds and limits (docs/SHARES.md). An older Drawer would serve a view link or a
 * file request as a full download link, and ignore download limits, so it must refuse it too.
 */
export const schemaVersion = 3;

export interface DatabaseShape {
  version: number;
  /** The per-install token-signing secret (base64, 64 bytes). */
  secret: string;
  settings: Settings;
  users: StoredUser[];
  nextUserId: number;
  shares: StoredShare[];
  /** Sessions ended by logout; absent in databases written before logout existed. */
  revokedSessions?: RevokedSession[];
  /** Folders that may hold resumable uploads; absent in databases written before tus existed. */
  uploadFolders?: UploadFolder[];
  /** Posts waiting for their publication (docs/SITES.md); absent before Hugo sites existed. */
  siteSchedules?: SiteSchedule[];
}

export interface RevokedSession {
  sid: string;
  /** Seconds since the epoch after which no token of the session is valid anyway. */
  until: number;
}

/**
 * Serialised access: each change runs on a copy that replaces the data once written; checks that must
 * hold across concurrent requests (a free name, another admin) belong inside the change.
 */
export interface Database {
  readonly file: string;
  read(): Readonly<DatabaseShape>;
  mutate<R>(change: (data: DatabaseShape) => R): Promise<R>;
  replace(data: DatabaseShape): Promise<void>;
  /** Resolves once every change made so far is on disk. */
  flush(): Promise<void>;
}

export interface OpenedDatabase {
  database: Database;
  /** True when the file did not exist or was empty: the caller runs first-run setup. */
  isNew: boolean;
}

export async function openDatabase(
  file: string,
  initial: () => DatabaseShape,
): Promise<OpenedDatabase> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const adapter = new AtomicJsonFile<DatabaseShape>(file);
  const stored = await adapter.read();
  if (stored !== null) checkShape(file, stored);
  await adapter.removeLeftovers();
  /** What the file holds: readers never see a change that is not on disk yet. */
  // An older schema is read as it is (each version only adds); it is stamped with the current one
  // in memory, so the next write records that this Drawer wrote it.
  let committed = deepFreeze(stored ? { ...stored, version: schemaVersion } : initial());
  /** Changes run one at a time, each on a copy of the last committed data. */
  let queue: Promise<unknown> = Promise.resolve();

  /**
   * A change is applied to a copy, written, and only then swapped in, so a write that fails (a full
   * disk) leaves memory as the file is: a refused password change cannot work until a restart
   * brings the old one back. Serialising is what lets each change see the one before it.
   */
  const commit = <R>(next: (current: DatabaseShape) => { data: DatabaseShape; result: R }) => {
    const run = async () => {
      const { data, result } = next(committed);
      await adapter.write(data);
      committed = deepFreeze(data);
      return result;
    };
    const done = queue.then(run, run);
    queue = done.catch(() => undefined);
    return done;
  };

  const database: Database = {
    file,
    read: () => committed,
    mutate: (change) =>
      commit((current) => {
        const data = structuredClone(current);
        return { data, result: change(data) };
      }),
    replace: (data) => commit(() => ({ data: structuredClone(data), result: undefined })),
    async flush() {
      await queue;
      await adapter.flush();
    },
  };
  if (stored === null) await adapter.write(committed);
  return { database, isNew: stored === null };
}

/** Committed data is frozen: a stray write to what `read()` returned throws instead of skipping the disk. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function newSecret(): string {
  return randomBytes(64).toString('base64');
}

function checkShape(file: string, data: unknown): asserts data is DatabaseShape {
  const shape = data as Partial<DatabaseShape> | null;
  if (
    typeof shape !== 'object' ||
    shape === null ||
    !Array.isArray(shape.users) ||
    !Array.isArray(shape.shares) ||
    typeof shape.secret !== 'string' ||
    shape.secret === '' ||
    typeof shape.nextUserId !== 'number' ||
    typeof shape.settings !== 'object' ||
    shape.settings === null
  ) {
    throw new CorruptDatabaseError(
      `the database ${file} is not a Drawer database; it was left untouched.`,
    );
  }
  if (typeof shape.version !== 'number' || shape.version > schemaVersion) {
    throw new CorruptDatabaseError(
      `the database ${file} was written by a newer Drawer (schema ${String(shape.version)}); it was left untouched.`,
    );
  }
}
