// The lowdb database: one JSON file with users, settings, shares, the signing secret and a version.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { Settings } from '../settings/settings';
import type { StoredShare } from '../shares/share';
import type { StoredUser } from '../users/user';
import { AtomicJsonFile, CorruptDatabaseError } from './atomic-file';

export const schemaVersion = 1;

export interface DatabaseShape {
  version: number;
  /** The per-install token-signing secret (base64, 64 bytes). */
  secret: string;
  settings: Settings;
  users: StoredUser[];
  nextUserId: number;
  shares: StoredShare[];
}

/** Serialised access: mutations run synchronously on the data, then are written atomically. */
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
  const low = new Low<DatabaseShape>(adapter, stored ?? initial());
  const database: Database = {
    file,
    read: () => low.data,
    async mutate(change) {
      const result = change(low.data);
      await low.write();
      return result;
    },
    async replace(data) {
      low.data = data;
      await low.write();
    },
    flush: () => adapter.flush(),
  };
  if (stored === null) await low.write();
  return { database, isNew: stored === null };
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
