// Storage port for scheduled publications, and its implementation on the lowdb database.
import { AppError } from '../errors';
import type { Database } from '../store/database';

/** One post to publish at a set time, kept in the database so a restart does not lose it. */
export interface SiteSchedule {
  /** The post as seen from the served root: one schedule per post, whoever made it. */
  serverPath: string;
  /** Who made it: the publication runs as this user, if they still exist and may still modify it. */
  userId: number;
  /** The post as that user named it (inside their scope). */
  path: string;
  /** When to publish, in milliseconds since the epoch. */
  at: number;
  /** When the schedule was made: a replaced schedule's timer knows it is stale. */
  created: number;
}

/** One user cannot keep more schedules than this (each is a database entry and a timer). */
export const maxSchedulesPerUser = 1000;

export interface SiteSchedulesStore {
  list(): SiteSchedule[];
  get(serverPath: string): SiteSchedule | undefined;
  /** Stores a schedule, replacing the post's previous one; refused past the per-user limit. */
  put(schedule: SiteSchedule): Promise<void>;
  /** Removes the post's schedule, only if it is still `expected` when given; true if one was removed. */
  remove(serverPath: string, expected?: SiteSchedule): Promise<boolean>;
}

const isSame = (a: SiteSchedule, b: SiteSchedule) =>
  a.serverPath === b.serverPath && a.created === b.created && a.at === b.at;

export function createSiteSchedulesStore(database: Database): SiteSchedulesStore {
  const stored = () => database.read().siteSchedules ?? [];
  return {
    list: () => stored().map((schedule) => ({ ...schedule })),
    get(serverPath) {
      const found = stored().find((schedule) => schedule.serverPath === serverPath);
      return found ? { ...found } : undefined;
    },
    put: (schedule) =>
      database.mutate((data) => {
        const others = (data.siteSchedules ?? []).filter(
          (entry) => entry.serverPath !== schedule.serverPath,
        );
        const mine = others.filter((entry) => entry.userId === schedule.userId).length;
        if (mine >= maxSchedulesPerUser)
          throw new AppError(
            'site.tooManySchedules',
            `at most ${maxSchedulesPerUser} posts can wait for their publication`,
          );
        data.siteSchedules = [...others, { ...schedule }];
      }),
    remove: (serverPath, expected) =>
      database.mutate((data) => {
        const before = data.siteSchedules ?? [];
        const after = before.filter(
          (entry) =>
            entry.serverPath !== serverPath || (expected !== undefined && !isSame(entry, expected)),
        );
        if (after.length === before.length) return false;
        data.siteSchedules = after;
        return true;
      }),
  };
}
