// Storage port for the folders that may hold resumable uploads (where the cleaner looks), on the lowdb database.
import type { Identity } from '../fs/anchored';
import type { Database } from '../store/database';

/**
 * A folder that held an upload: its host path as the kernel named it, and its identity. Only
 * folders are stored, never uploads, so the database is written once per folder rather than
 * per upload, and a restart finds every abandoned upload without walking the whole tree.
 */
export interface UploadFolder extends Identity {
  path: string;
}

export interface UploadFoldersStore {
  list(): UploadFolder[];
  /**
   * Marks the start of work that may create an upload in `folder`, and records the folder (at
   * `path`) unless it is known there already. Once it resolves, call `end` when the upload's
   * files exist or its creation failed.
   */
  begin(folder: UploadFolder): Promise<void>;
  end(folder: Identity): void;
  /** A token for `removeIfIdle`: take it before looking into the folder. */
  generation(folder: Identity): number;
  /**
   * Forgets a folder found empty, unless an upload was started in it since `generation` was
   * taken or is being started now: then the folder is kept for the next sweep.
   */
  removeIfIdle(folder: Identity, generation: number): Promise<void>;
  /** Forgets a folder that is gone or is no longer the one recorded. */
  remove(folder: UploadFolder): Promise<void>;
}

const keyOf = (folder: Identity) => `${folder.dev}:${folder.ino}`;

export function createUploadFoldersStore(database: Database): UploadFoldersStore {
  const generations = new Map<string, number>();
  const starting = new Map<string, number>();
  const recording = new Map<string, Promise<void>>();
  const bump = (key: string) => generations.set(key, (generations.get(key) ?? 0) + 1);
  const end = (folder: Identity) => {
    const key = keyOf(folder);
    bump(key);
    const left = (starting.get(key) ?? 1) - 1;
    if (left > 0) starting.set(key, left);
    else starting.delete(key);
  };
  const stored = (folder: Identity) =>
    (database.read().uploadFolders ?? []).find((entry) => keyOf(entry) === keyOf(folder));

  return {
    list: () => (database.read().uploadFolders ?? []).map((entry) => ({ ...entry })),
    async begin(folder) {
      // Synchronous, before any wait: a removal decided from here on sees the work starting.
      const key = keyOf(folder);
      bump(key);
      starting.set(key, (starting.get(key) ?? 0) + 1);
      if (stored(folder)?.path === folder.path) return;
      // Many uploads into a new folder at once write its entry once.
      const entryKey = `${key}:${folder.path}`;
      let writing = recording.get(entryKey);
      if (!writing) {
        writing = database
          .mutate((data) => {
            const others = (data.uploadFolders ?? []).filter((entry) => keyOf(entry) !== key);
            data.uploadFolders = [
              ...others,
              { path: folder.path, dev: folder.dev, ino: folder.ino },
            ];
          })
          .finally(() => recording.delete(entryKey));
        recording.set(entryKey, writing);
      }
      try {
        await writing;
      } catch (error) {
        end(folder);
        throw error;
      }
    },
    end,
    generation: (folder) => generations.get(keyOf(folder)) ?? 0,
    async removeIfIdle(folder, generation) {
      const key = keyOf(folder);
      // Decided when the change runs, after every change queued before it.
      await database.mutate((data) => {
        if (starting.has(key) || (generations.get(key) ?? 0) !== generation) return;
        data.uploadFolders = (data.uploadFolders ?? []).filter((entry) => keyOf(entry) !== key);
      });
    },
    async remove(folder) {
      await database.mutate((data) => {
        data.uploadFolders = (data.uploadFolders ?? []).filter(
          (entry) => !(keyOf(entry) === keyOf(folder) && entry.path === folder.path),
        );
      });
    },
  };
}
