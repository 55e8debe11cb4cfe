// Merging imported users into Drawer's: matched by name, File Browser's ids kept where they are free.
import { isDeepStrictEqual } from 'node:util';
import type { StoredUser } from '../users/user';
import { usernameKey } from '../users/user';
import type { ImportedUser } from './map-users';

export interface UsersMerge {
  users: StoredUser[];
  nextUserId: number;
  /** File Browser's id of each imported user → its id in Drawer, for the shares that name it. */
  idOf: Map<number, number>;
  changes: string[];
  notCarried: string[];
  counts: { added: number; updated: number; unchanged: number };
}

/**
 * A user already in Drawer under the same name (case and Unicode form aside) is the same
 * person and is updated in place. A new user keeps File Browser's id, which its share links
 * name, unless Drawer has ever handed that id out: ids are never given twice, so a token of a
 * deleted Drawer user can never turn into one for an imported user.
 */
export function mergeUsers(
  current: readonly StoredUser[],
  nextUserId: number,
  imported: readonly ImportedUser[],
  fileBrowserCounter: number,
): UsersMerge {
  const users = current.map((user) => ({ ...user }));
  const byName = new Map(users.map((user) => [usernameKey(user.username), user]));
  const taken = new Set(users.map((user) => user.id));
  const idOf = new Map<number, number>();
  const changes: string[] = [];
  const counts = { added: 0, updated: 0, unchanged: 0 };
  const fresh = new Map<string, ImportedUser>();
  const notCarried: string[] = [];
  for (const user of imported) {
    const key = usernameKey(user.username);
    const existing = byName.get(key);
    if (fresh.has(key) || (existing && idOf.has(user.id))) {
      notCarried.push(`user ${user.username}, id ${user.id}: its name or id is in the file twice`);
      continue;
    }
    if (!existing) {
      fresh.set(key, user);
      continue;
    }
    idOf.set(user.id, existing.id);
    const changed = changedFields(existing, user);
    if (changed.length === 0) {
      counts.unchanged += 1;
      continue;
    }
    const passwordChanged = existing.passwordHash !== user.passwordHash;
    Object.assign(existing, { ...user, id: existing.id });
    existing.revision += 1;
    // A new password ends the sessions made with the old one, as a password change does.
    if (passwordChanged) existing.sessionVersion += 1;
    counts.updated += 1;
    const moved = existing.id === user.id ? '' : ` (File Browser's id ${user.id})`;
    changes.push(`~ user ${user.username}, id ${existing.id}${moved}: ${changed.join(', ')}`);
  }
  const keeping = new Set<ImportedUser>();
  for (const user of fresh.values()) {
    if (user.id < nextUserId || taken.has(user.id)) continue;
    keeping.add(user);
    taken.add(user.id);
  }
  let next = Math.max(nextUserId, ...[...taken].map((id) => id + 1));
  for (const user of fresh.values()) {
    if (idOf.has(user.id)) {
      notCarried.push(`user ${user.username}, id ${user.id}: its name or id is in the file twice`);
      continue;
    }
    const id = keeping.has(user) ? user.id : next++;
    users.push({ ...user, id, sessionVersion: 1, revision: 1 });
    idOf.set(user.id, id);
    counts.added += 1;
    const moved = id === user.id ? '' : ` (File Browser's id ${user.id} was handed out before)`;
    changes.push(`+ user ${user.username}, id ${id}${moved}`);
  }
  users.sort((a, b) => a.id - b.id);
  const highest = Math.max(0, ...users.map((user) => user.id));
  return {
    users,
    nextUserId: Math.max(next, highest + 1, fileBrowserCounter + 1),
    idOf,
    changes,
    notCarried,
    counts,
  };
}

function changedFields(existing: StoredUser, user: ImportedUser): string[] {
  return (Object.keys(user) as (keyof ImportedUser)[]).filter(
    (field) => field !== 'id' && !isDeepStrictEqual(existing[field], user[field]),
  );
}
