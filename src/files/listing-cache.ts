// Sorted folder listings kept a few seconds per user, so a paged listing's later pages cost a slice, not a read and a sort.
import type { Stats } from 'node:fs';
import type { FolderTable } from '../fs/list-folder';
import type { VirtualPath } from '../fs/virtual-path';
import type { Rule } from '../api/rules';
import type { Sorting, StoredUser } from '../users/user';

/** A folder's visible entries and their order: `order[k]` is the table index of the k-th item. */
export interface SortedFolder {
  table: FolderTable;
  /**
   * The order, or while a listing by name is still sorting, its first rows only (the whole order
   * replaces them once made; `fill` waits for it when asked for rows past them).
   */
  order: Uint32Array;
  /** The number of entries, when `order` may hold only the first of them. */
  total?: number;
  numDirs: number;
  /**
   * Set while the table's stats are still being read (a listing by name, ordered before them,
   * src/files/listing-by-name.ts): reads those of `order[start..end)` now if they are not in yet.
   * A row whose stats stay NaN is gone from the folder and is left out of pages.
   */
  fill?(start: number, end: number): Promise<void>;
}

export interface ListingCacheLimits {
  /** Folders kept per user. */
  perUser: number;
  /** Entries kept over all users: the memory bound (a 100,000-entry folder is a few tens of MB). */
  maxEntries: number;
  /** How long a listing is reused: changes inside files (sizes, times) show within this. */
  ttlMs: number;
}

export interface ListingCache {
  /**
   * The cached listing for this actor, folder and sorting, or `read()`'s (kept for the next
   * requests, and shared with concurrent ones while it runs).
   */
  sortedFolder(key: ListingKey, read: () => Promise<SortedFolder>): Promise<SortedFolder>;
}

export interface ListingKey {
  actor: StoredUser;
  /** The global rules the view applied. */
  globalRules: readonly Rule[];
  virtual: VirtualPath;
  /** The stats of the verified folder handle: another folder, or any entry added, removed or renamed, is another key. */
  stats: Stats;
  sorting: Sorting;
}

interface Slot {
  userId: number;
  at: number;
  entries: number;
  value: Promise<SortedFolder>;
}

/**
 * The key holds what decides which entries a user sees (docs/LISTINGS.md): the user's revision,
 * bumped on any change of scope, rules, permissions or dotfile preference, and the global rules
 * the view applied, so an edited rule never serves the entries an older rule let through. The view
 * is still opened and the folder resolved through the gate on every request; only the read and
 * the sort are reused.
 */
function keyOf(key: ListingKey): string {
  const { actor, stats, sorting } = key;
  return JSON.stringify([
    actor.id,
    actor.revision,
    key.globalRules,
    key.virtual,
    stats.dev,
    stats.ino,
    stats.mtimeMs,
    stats.ctimeMs,
    sorting.by,
    sorting.asc,
  ]);
}

export function createListingCache(limits: ListingCacheLimits, now: () => number): ListingCache {
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const slots = new Map<string, Slot>();
  let entries = 0;

  const drop = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    entries -= slot.entries;
    slots.delete(key);
  };
  const evict = (userId: number) => {
    const time = now();
    for (const [key, slot] of slots) if (time - slot.at > limits.ttlMs) drop(key);
    let ofUser = [...slots.values()].filter((slot) => slot.userId === userId).length;
    for (const [key, slot] of slots) {
      if (ofUser <= limits.perUser && entries <= limits.maxEntries) break;
      if (slot.userId === userId) ofUser -= 1;
      else if (entries <= limits.maxEntries) continue;
      drop(key);
    }
  };

  return {
    sortedFolder(listingKey, read) {
      const key = keyOf(listingKey);
      const found = slots.get(key);
      if (found && now() - found.at <= limits.ttlMs) {
        slots.delete(key);
        slots.set(key, found);
        return found.value;
      }
      drop(key);
      const slot: Slot = { userId: listingKey.actor.id, at: now(), entries: 0, value: read() };
      slots.set(key, slot);
      slot.value.then(
        (folder) => {
          if (slots.get(key) !== slot) return;
          slot.entries = folder.total ?? folder.order.length;
          entries += slot.entries;
          evict(slot.userId);
        },
        () => {
          if (slots.get(key) === slot) slots.delete(key);
        },
      );
      evict(slot.userId);
      return slot.value;
    },
  };
}
