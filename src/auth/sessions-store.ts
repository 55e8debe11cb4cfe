// Storage port for ended sessions (logout), and its implementation on the lowdb database.
import type { Database, RevokedSession } from '../store/database';

export interface SessionsStore {
  isRevoked(sid: string): boolean;
  /**
   * Ends a session for good. `until` (seconds) is when its last token would have expired anyway:
   * past that the entry is pruned, since no token of the session can pass verification any more.
   */
  revoke(sid: string, until: number): Promise<void>;
}

export function createSessionsStore(database: Database, now: () => number): SessionsStore {
  /** A lookup set per committed list: every change commits a new array, so this never goes stale. */
  const lookups = new WeakMap<readonly RevokedSession[], ReadonlySet<string>>();
  const revokedIds = (): ReadonlySet<string> => {
    const list = database.read().revokedSessions ?? [];
    let ids = lookups.get(list);
    if (!ids) {
      ids = new Set(list.map((entry) => entry.sid));
      lookups.set(list, ids);
    }
    return ids;
  };
  return {
    isRevoked: (sid) => revokedIds().has(sid),
    revoke: (sid, until) =>
      database.mutate((data) => {
        const nowSeconds = Math.floor(now() / 1000);
        const kept = (data.revokedSessions ?? []).filter(
          (entry) => entry.until > nowSeconds && entry.sid !== sid,
        );
        data.revokedSessions = [...kept, { sid, until }];
      }),
  };
}
