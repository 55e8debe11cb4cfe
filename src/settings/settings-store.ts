// Storage port for the global settings, and its implementation on the lowdb database.
import type { Database } from '../store/database';
import type { Settings } from './settings';

export interface SettingsStore {
  get(): Settings;
  put(settings: Settings): Promise<void>;
}

export function createSettingsStore(database: Database): SettingsStore {
  return {
    get: () => structuredClone(database.read().settings),
    put: (settings) =>
      database.mutate((data) => {
        data.settings = structuredClone(settings);
      }),
  };
}
