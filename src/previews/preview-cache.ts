// The previews kept on disk: one flat folder, bounded in bytes, least recently used out first.
import fs from 'node:fs';
import { FolderHandle } from '../fs/anchored';
import type { Logger } from '../logger';

export interface PreviewCache {
  /** The bytes kept under `key`, or undefined; a hit makes the entry the most recently used. */
  get(key: string): Promise<Buffer | undefined>;
  /** Keeps `bytes` under `key` (written whole, then renamed into place), evicting the oldest. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Bytes held now (tests, logs). */
  usedBytes(): Promise<number>;
}

interface Entry {
  bytes: number;
  /** When the file's time was last set, so recency survives a restart without a write per hit. */
  touchedMs: number;
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
const keyPattern = /^[0-9a-f]{64}$/;
const touchEveryMs = 60_000;

export const noCache: PreviewCache = {
  get: async () => undefined,
  put: async () => undefined,
  usedBytes: async () => 0,
};

/**
 * Makes the folder (owner only) before the gate starts, so the gate can hide it; false when it
 * cannot be made, and previews are then drawn every time.
 */
export function prepareCacheFolder(folder: string): boolean {
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder is held open and every file is opened inside it by name with O_NOFOLLOW: if the
 * folder lies where users can reach it with other programs, a link put in it is never followed.
 * This is Drawer's own state, not a user's file, so it does not go through the gate.
 */
export async function openPreviewCache(
  folder: string,
  maxBytes: number,
  log: Logger,
): Promise<PreviewCache> {
  if (maxBytes <= 0 || !prepareCacheFolder(folder)) return noCache;
  let handle: FolderHandle;
  try {
    const fd = fs.openSync(folder, O_RDONLY | fs.constants.O_DIRECTORY | O_NOFOLLOW);
    handle = new FolderHandle(fd, fs.fstatSync(fd), true);
  } catch (error) {
    log.warn({ err: error }, `preview cache ${folder} cannot be opened; previews are not kept`);
    return noCache;
  }
  /** Oldest first: Map keeps insertion order, and a hit re-inserts its key at the end. */
  const entries = new Map<string, Entry>();
  let total = 0;
  let tempCounter = 0;

  const at = <T>(name: string, work: (kernelPath: string) => Promise<T>) => handle.use(name, work);

  const remove = async (name: string) => {
    await at(name, (file) => fs.promises.unlink(file)).catch(() => undefined);
  };

  async function load(): Promise<void> {
    const names = await handle.use(undefined, (self) => fs.promises.readdir(self));
    const found: { name: string; bytes: number; mtimeMs: number }[] = [];
    for (const name of names) {
      if (!keyPattern.test(name)) {
        // A write cut short by a crash; anything else is not ours to delete.
        if (name.endsWith('.tmp')) await remove(name);
        continue;
      }
      const stats = await at(name, (file) => fs.promises.lstat(file)).catch(() => undefined);
      if (stats?.isFile()) found.push({ name, bytes: stats.size, mtimeMs: stats.mtimeMs });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const file of found) {
      entries.set(file.name, { bytes: file.bytes, touchedMs: file.mtimeMs });
      total += file.bytes;
    }
    await evict();
  }

  async function evict(): Promise<void> {
    for (const [name, entry] of entries) {
      if (total <= maxBytes) return;
      entries.delete(name);
      total -= entry.bytes;
      await remove(name);
    }
  }

  const loaded = load().catch((error: unknown) => {
    log.warn({ err: error }, `preview cache ${folder} could not be read`);
  });

  return {
    async get(key) {
      await loaded;
      const entry = entries.get(key);
      if (!entry) return undefined;
      try {
        const bytes = await at(key, async (file) => {
          const opened = await fs.promises.open(file, O_RDONLY | O_NOFOLLOW);
          try {
            const now = Date.now();
            if (now - entry.touchedMs > touchEveryMs) {
              entry.touchedMs = now;
              await opened.utimes(now / 1000, now / 1000);
            }
            return await opened.readFile();
          } finally {
            await opened.close();
          }
        });
        entries.delete(key);
        entries.set(key, entry);
        return bytes;
      } catch {
        // Removed behind our back, or replaced by a link: forget it, and draw the preview again.
        entries.delete(key);
        total -= entry.bytes;
        return undefined;
      }
    },
    async put(key, bytes) {
      await loaded;
      if (!keyPattern.test(key)) throw new Error('preview cache keys are SHA-256 hex digests');
      // One preview never pushes out more than a quarter of the cache.
      if (bytes.length > maxBytes / 4) return;
      const temp = `${key}.${process.pid}.${(tempCounter += 1)}.tmp`;
      try {
        await at(temp, async (file) => {
          const opened = await fs.promises.open(
            file,
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
            0o600,
          );
          try {
            await opened.writeFile(bytes);
          } finally {
            await opened.close();
          }
        });
        await handle.use(undefined, (self) =>
          fs.promises.rename(`${self}/${temp}`, `${self}/${key}`),
        );
      } catch (error) {
        await remove(temp);
        log.warn({ err: error }, 'a preview could not be kept in the cache');
        return;
      }
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        total -= previous.bytes;
      }
      entries.set(key, { bytes: bytes.length, touchedMs: Date.now() });
      total += bytes.length;
      await evict();
    },
    async usedBytes() {
      await loaded;
      return total;
    },
  };
}
