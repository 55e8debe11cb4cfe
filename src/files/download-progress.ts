// How far an archive download has got, for the page that started it: the browser saves the file by
// itself and cannot report the bytes of a body whose length nobody knows in advance, so the server
// counts what it has sent and the page asks (docs/TRANSFERS.md, "Archive downloads").

export type DownloadState = 'sending' | 'done' | 'failed';

export interface DownloadProgress {
  /** Bytes of the archive handed to the connection so far. */
  sent: number;
  state: DownloadState;
}

export interface DownloadWatcher {
  add(bytes: number): void;
  finish(ok: boolean): void;
}

export interface DownloadProgressRegistry {
  /** Starts counting for this user's id (a new download under the same id starts again). */
  watch(userId: number, id: string): DownloadWatcher;
  get(userId: number, id: string): DownloadProgress | undefined;
}

/** The page names its download with a random word it made; nothing else is accepted. */
export const downloadIdPattern = '^[A-Za-z0-9_-]{16,64}$';

/** A finished entry is kept this long for the page's last question, an idle one as long. */
const keepMs = 10 * 60 * 1000;
/** Each user's entries beyond this many push out the oldest: memory stays bounded. */
const perUser = 32;

interface Entry extends DownloadProgress {
  userId: number;
  touched: number;
}

export function createDownloadProgress(now: () => number): DownloadProgressRegistry {
  const entries = new Map<string, Entry>();
  const keyOf = (userId: number, id: string) => `${userId}:${id}`;

  const prune = (userId: number) => {
    const cutoff = now() - keepMs;
    const mine: [string, Entry][] = [];
    for (const [key, entry] of entries) {
      if (entry.touched < cutoff) entries.delete(key);
      else if (entry.userId === userId) mine.push([key, entry]);
    }
    mine.sort((a, b) => a[1].touched - b[1].touched);
    for (const [key] of mine.slice(0, Math.max(0, mine.length - perUser + 1))) entries.delete(key);
  };

  return {
    watch(userId, id) {
      prune(userId);
      const entry: Entry = { userId, sent: 0, state: 'sending', touched: now() };
      entries.set(keyOf(userId, id), entry);
      return {
        add(bytes) {
          entry.sent += bytes;
          entry.touched = now();
        },
        finish(ok) {
          if (entry.state === 'sending') entry.state = ok ? 'done' : 'failed';
          entry.touched = now();
        },
      };
    },
    get(userId, id) {
      const entry = entries.get(keyOf(userId, id));
      if (!entry || entry.touched < now() - keepMs) return undefined;
      return { sent: entry.sent, state: entry.state };
    },
  };
}
