// A lowdb adapter that never leaves a broken file: temp file, fsync, rename, fsync of the folder.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';

export class CorruptDatabaseError extends Error {
  override name = 'CorruptDatabaseError';
}

/**
 * Writes are serialised: while one is on disk, later calls wait and only the newest data is written
 * next, so every caller resolves once a write that includes its change is durable.
 */
export class AtomicJsonFile<T> implements Adapter<T> {
  readonly #file: string;
  #pending:
    { data: T; waiters: { resolve: () => void; reject: (error: unknown) => void }[] } | undefined;
  #writing = false;

  constructor(file: string) {
    this.#file = file;
  }

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fs.readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CorruptDatabaseError(
        `the database ${this.#file} is not valid JSON (${(error as Error).message}); it was left untouched. Restore a backup, fix it, or start with another --database.`,
      );
    }
  }

  write(data: T): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#pending) {
        this.#pending.data = data;
        this.#pending.waiters.push({ resolve, reject });
      } else {
        this.#pending = { data, waiters: [{ resolve, reject }] };
      }
      void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#pending) {
        const batch = this.#pending;
        this.#pending = undefined;
        try {
          await this.#writeNow(JSON.stringify(batch.data, null, 2));
          for (const waiter of batch.waiters) waiter.resolve();
        } catch (error) {
          for (const waiter of batch.waiters) waiter.reject(error);
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  async #writeNow(text: string): Promise<void> {
    const folder = path.dirname(this.#file);
    const temp = path.join(folder, `.${path.basename(this.#file)}.${process.pid}.tmp`);
    const handle = await fs.open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC,
      0o600,
    );
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, this.#file);
    const dir = await fs.open(folder, constants.O_RDONLY);
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
