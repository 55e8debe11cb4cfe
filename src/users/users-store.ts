// Storage port for users, and its implementation on the lowdb database.
import type { Database } from '../store/database';
import type { StoredUser } from './user';
import { usernameKey } from './user';

export interface UsersStore {
  list(): StoredUser[];
  get(id: number): StoredUser | undefined;
  findByName(username: string): StoredUser | undefined;
  /** Assigns the id; the caller has checked the name is free within the same tick. */
  create(user: Omit<StoredUser, 'id'>): Promise<StoredUser>;
  /** Applies `change` to the stored record, bumping its revision; undefined if it is gone. */
  update(id: number, change: (user: StoredUser) => void): Promise<StoredUser | undefined>;
  remove(id: number): Promise<boolean>;
}

export function createUsersStore(database: Database): UsersStore {
  return {
    list: () => [...database.read().users].sort((a, b) => a.id - b.id),
    get: (id) => database.read().users.find((user) => user.id === id),
    findByName(username) {
      const key = usernameKey(username);
      return database.read().users.find((user) => usernameKey(user.username) === key);
    },
    create: (fields) =>
      database.mutate((data) => {
        const user: StoredUser = { ...fields, id: data.nextUserId };
        data.nextUserId += 1;
        data.users.push(user);
        return structuredClone(user);
      }),
    update: (id, change) =>
      database.mutate((data) => {
        const user = data.users.find((candidate) => candidate.id === id);
        if (!user) return undefined;
        change(user);
        user.revision += 1;
        return structuredClone(user);
      }),
    remove: (id) =>
      database.mutate((data) => {
        const before = data.users.length;
        data.users = data.users.filter((user) => user.id !== id);
        return data.users.length !== before;
      }),
  };
}
