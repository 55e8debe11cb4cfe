// Caps on concurrent heavy work (folder listings, tree walks), per user and in all (docs/SECURITY.md, "Resources").
import { AppError } from '../errors';

/**
 * `listing`: reading one folder (its entries can number hundreds of thousands).
 * `walk`: anything that descends a tree: archives, search, recursive listings.
 */
export type HeavyWorkKind = 'listing' | 'walk';

export interface HeavyWorkLimit {
  /** Slots of this kind across all users: what keeps the server's memory and disk bounded. */
  total: number;
  /** Slots of this kind one user may hold: so one user cannot take every total slot. */
  perUser: number;
}

export type HeavyWorkLimits = Record<HeavyWorkKind, HeavyWorkLimit>;

export const defaultHeavyWorkLimits: HeavyWorkLimits = {
  listing: { total: 16, perUser: 4 },
  walk: { total: 6, perUser: 2 },
};

/** Seconds a refused client is asked to wait: a listing ends quickly, a walk takes longer. */
const retryAfterSeconds: Record<HeavyWorkKind, number> = { listing: 1, walk: 5 };

export interface HeavyWork {
  /**
   * Takes a slot of `kind` for `userKey` (the actor's id, or a share hash for anonymous callers),
   * or throws AppError('server.busy') (429, Retry-After) when the user's or the total cap is
   * reached. The returned function gives the slot back; calling it again does nothing, so it can
   * sit both in a `finally` and on a response's 'close'.
   */
  acquire(kind: HeavyWorkKind, userKey: string): () => void;
  /** Slots in use, in all or by one user: for tests and diagnostics. */
  inUse(kind: HeavyWorkKind, userKey?: string): number;
  /**
   * Whether a slot of `kind` is held, or was given back less than `quietMs` ago: background
   * work waits while requests come one after another (src/search/step-aside.ts).
   */
  busy(kind: HeavyWorkKind, quietMs: number): boolean;
}

export function createHeavyWork(
  limits: HeavyWorkLimits = defaultHeavyWorkLimits,
  now: () => number = () => performance.now(),
): HeavyWork {
  const totals: Record<HeavyWorkKind, number> = { listing: 0, walk: 0 };
  /** When each kind's last slot was given back. */
  const lastReleased: Record<HeavyWorkKind, number> = { listing: -Infinity, walk: -Infinity };
  const byUser: Record<HeavyWorkKind, Map<string, number>> = {
    listing: new Map(),
    walk: new Map(),
  };

  return {
    acquire(kind, userKey) {
      const limit = limits[kind];
      const users = byUser[kind];
      const held = users.get(userKey) ?? 0;
      if (held >= limit.perUser || totals[kind] >= limit.total) {
        const what =
          kind === 'walk' ? 'archives, searches or recursive listings' : 'folder listings';
        const message =
          held >= limit.perUser
            ? `you already have ${held} ${what} running; try again when one ends`
            : `the server is busy with other ${what}; try again shortly`;
        throw new AppError('server.busy', message, {
          headers: { 'Retry-After': String(retryAfterSeconds[kind]) },
        });
      }
      users.set(userKey, held + 1);
      totals[kind] += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        totals[kind] -= 1;
        lastReleased[kind] = now();
        const left = (users.get(userKey) ?? 1) - 1;
        // Entries are dropped at zero so the map holds only users with work in flight.
        if (left === 0) users.delete(userKey);
        else users.set(userKey, left);
      };
    },
    inUse(kind, userKey) {
      return userKey === undefined ? totals[kind] : (byUser[kind].get(userKey) ?? 0);
    },
    busy(kind, quietMs) {
      return totals[kind] > 0 || now() - lastReleased[kind] < quietMs;
    },
  };
}
