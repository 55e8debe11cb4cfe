// Storage port for share links, and its implementation on the lowdb database.
import type { Database } from '../store/database';
import type { StoredShare } from './share';

export interface SharesStore {
  list(): StoredShare[];
  get(hash: string): StoredShare | undefined;
  /**
   * Stores the share, unless one already stored satisfies `reuse`: that one is returned instead.
   * The lookup runs inside the write, so concurrent requests never both add.
   */
  add(share: StoredShare, reuse?: (stored: StoredShare) => boolean): Promise<StoredShare>;
  remove(hash: string): Promise<boolean>;
  removeWhere(predicate: (share: StoredShare) => boolean): Promise<number>;
  /** Sets the bound inode of the shares that `predicate` picks (a new version of their file). */
  rebindWhere(predicate: (share: StoredShare) => boolean, ino: number): Promise<void>;
  /**
   * Changes one stored link inside a database write: `change` sees the link as stored now (or
   * undefined when it is gone) and may throw to change nothing. Checks that must hold under
   * concurrent requests (a download limit) belong in `change`.
   */
  update<R>(hash: string, change: (share: StoredShare | undefined) => R): Promise<R>;
  /** Changes any number of stored links in one database write. */
  updateAll(change: (shares: StoredShare[]) => void): Promise<void>;
}

export function createSharesStore(database: Database): SharesStore {
  return {
    list: () => database.read().shares.map((share) => ({ ...share })),
    get(hash) {
      const share = database.read().shares.find((candidate) => candidate.hash === hash);
      return share ? { ...share } : undefined;
    },
    add: (share, reuse) =>
      database.mutate((data) => {
        const existing = reuse ? data.shares.find(reuse) : undefined;
        if (existing) return { ...existing };
        data.shares.push({ ...share });
        return { ...share };
      }),
    remove: (hash) =>
      database.mutate((data) => {
        const before = data.shares.length;
        data.shares = data.shares.filter((share) => share.hash !== hash);
        return data.shares.length !== before;
      }),
    rebindWhere: (predicate, ino) =>
      database.mutate((data) => {
        for (const share of data.shares) if (predicate(share)) share.ino = ino;
      }),
    update: (hash, change) =>
      database.mutate((data) => change(data.shares.find((share) => share.hash === hash))),
    updateAll: (change) =>
      database.mutate((data) => {
        change(data.shares);
      }),
    removeWhere: (predicate) =>
      database.mutate((data) => {
        const before = data.shares.length;
        data.shares = data.shares.filter((share) => !predicate(share));
        return before - data.shares.length;
      }),
  };
}
