// What the server knows about uploads only while it runs: which are busy, and which just completed.
import { AppError } from '../errors';
import type { Identity } from '../fs/anchored';

export interface CompletedUpload {
  owner: number;
  length: number;
}

export interface UploadActivity {
  /**
   * Runs `work` as the only request acting on an upload; another one meanwhile is refused with
   * 423 upload.locked (tus clients retry it), so two bodies are never written into one upload.
   */
  hold<T>(folder: Identity, slot: string, work: () => Promise<T>): Promise<T>;
  /** Like hold, but a busy upload is skipped: undefined (the cleaner never waits for a request). */
  tryHold<T>(folder: Identity, slot: string, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * Remembers a completed upload for a while: a client whose last answer was lost asks where
   * the upload stands (HEAD with its id) and learns it is complete, rather than starting over.
   */
  completed(id: string, upload: CompletedUpload): void;
  wasCompleted(id: string, owner: number): CompletedUpload | undefined;
}

const rememberMs = 10 * 60 * 1000;
const rememberedAtMost = 10_000;

export function createUploadActivity(now: () => number): UploadActivity {
  const busy = new Set<string>();
  const done = new Map<string, CompletedUpload & { until: number }>();
  const keyOf = (folder: Identity, slot: string) => `${folder.dev}:${folder.ino}:${slot}`;

  const run = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    busy.add(key);
    try {
      return await work();
    } finally {
      busy.delete(key);
    }
  };

  return {
    hold(folder, slot, work) {
      const key = keyOf(folder, slot);
      if (busy.has(key))
        return Promise.reject(
          new AppError('upload.locked', 'another request is writing to this upload'),
        );
      return run(key, work);
    },
    async tryHold(folder, slot, work) {
      const key = keyOf(folder, slot);
      if (busy.has(key)) return undefined;
      return run(key, work);
    },
    completed(id, upload) {
      const time = now();
      // Oldest first, as inserted: drop the expired ones and keep the map bounded.
      for (const [key, entry] of done) {
        if (entry.until > time && done.size < rememberedAtMost) break;
        done.delete(key);
      }
      done.set(id, { ...upload, until: time + rememberMs });
    },
    wasCompleted(id, owner) {
      const entry = done.get(id);
      if (!entry || entry.owner !== owner || entry.until <= now()) return undefined;
      return { owner: entry.owner, length: entry.length };
    },
  };
}
