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
  #draining: Promise<void> | undefined;

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
      this.#startDraining();
    });
  }

  #startDraining(): void {
    if (this.#draining) return;
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      // A write may arrive between the loop's last check and this callback.
      if (this.#pending) this.#startDraining();
    });
  }

  /** Resolves once every write asked for so far is on disk (or has failed): shutdown waits here. */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
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
  }

  /** Temp files of writers killed mid-write (kill -9, power loss): the real file never needed them. */
  async removeLeftovers(): Promise<void> {
    const folder = path.dirname(this.#file);
    const prefix = `.${path.basename(this.#file)}.`;
    for (const name of await fs.readdir(folder)) {
      const pid = name.startsWith(prefix)
        ? /^(\d+)\.tmp$/.exec(name.slice(prefix.length))?.[1]
        : undefined;
      if (pid !== undefined && !isProcessAlive(Number(pid)))
        await fs.rm(path.join(folder, name), { force: true });
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

/** Whether a process with this id runs (EPERM: it does, under another user). */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
