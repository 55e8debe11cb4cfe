// Storage port for the global settings, and its implementation on the lowdb database.
import type { Database } from '../store/database';
import type { Settings } from './settings';

export interface SettingsStore {
  /** A copy the caller may change and put back. */
  get(): Settings;
  /**
   * The committed settings themselves, frozen (see openDatabase): for the reads every request
   * makes (rules, hooks), which a deep copy each time made measurably slower (docs/UPLOADS.md, "Speed").
   */
  current(): Readonly<Settings>;
  put(settings: Settings): Promise<void>;
}

export function createSettingsStore(database: Database): SettingsStore {
  return {
    get: () => structuredClone(database.read().settings),
    current: () => database.read().settings,
    put: (settings) =>
      database.mutate((data) => {
        data.settings = structuredClone(settings);
      }),
  };
}
