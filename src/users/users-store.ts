// Storage port for users, and its implementation on the lowdb database.
import type { Database } from '../store/database';
import type { StoredUser } from './user';
import { usernameKey } from './user';

/**
 * Checks on every user, run inside the change so a concurrent request cannot slip between check and
 * write (a taken name, the last admin); throwing leaves the store untouched.
 */
export type UsersCheck = (users: readonly StoredUser[]) => void;

export interface UsersStore {
  list(): StoredUser[];
  get(id: number): StoredUser | undefined;
  findByName(username: string): StoredUser | undefined;
  /** Assigns the id once `check` has passed on the users as they are at the write. */
  create(user: Omit<StoredUser, 'id'>, check?: UsersCheck): Promise<StoredUser>;
  /** Applies `change` to the stored record, bumping its revision; undefined if it is gone. */
  update(
    id: number,
    change: (user: StoredUser, users: readonly StoredUser[]) => void,
  ): Promise<StoredUser | undefined>;
  remove(id: number, check?: UsersCheck): Promise<boolean>;
}

export function createUsersStore(database: Database): UsersStore {
  return {
    list: () => [...database.read().users].sort((a, b) => a.id - b.id),
    get: (id) => database.read().users.find((user) => user.id === id),
    findByName(username) {
      const key = usernameKey(username);
      return database.read().users.find((user) => usernameKey(user.username) === key);
    },
    create: (fields, check) =>
      database.mutate((data) => {
        check?.(data.users);
        const user: StoredUser = { ...fields, id: data.nextUserId };
        data.nextUserId += 1;
        data.users.push(user);
        return structuredClone(user);
      }),
    update: (id, change) =>
      database.mutate((data) => {
        const user = data.users.find((candidate) => candidate.id === id);
        if (!user) return undefined;
        change(user, data.users);
        user.revision += 1;
        return structuredClone(user);
      }),
    remove: (id, check) =>
      database.mutate((data) => {
        check?.(data.users);
        const before = data.users.length;
        data.users = data.users.filter((user) => user.id !== id);
        return data.users.length !== before;
      }),
  };
}
