// Global settings (admin only, docs/UI.md, Data): the query and the partial save of GET|PUT /api/settings.
import { queryOptions } from '@tanstack/react-query';
import type { Rule } from '../../src/api/rules';
import type { Branding, SettingsView, SiteSettings } from '../../src/api/settings';
import { hookEvents } from '../../src/api/settings';
import type { UserPreferences } from '../../src/api/users';
import type { ApiClient } from './client';
import { queryKeys } from './query-keys';

/** The part of the template new users start from that the settings screen edits. */
export type UserDefaults = Pick<UserPreferences, 'scope' | 'locale' | 'perm' | 'commands'>;

/** What the settings screens read of GET /api/settings. */
export type Settings = SettingsView;

export const hookNames = hookEvents.flatMap((event) => [`before_${event}`, `after_${event}`]);

/** What one settings card saves; the server keeps every field left out. */
export interface SettingsPatch {
  signup?: boolean;
  createUserDir?: boolean;
  rules?: Rule[];
  branding?: Partial<Branding>;
  shell?: string[];
  defaults?: Partial<UserDefaults>;
  commands?: Record<string, string[]>;
  site?: SiteSettings;
}

export function settingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.json<Settings>('GET', 'api/settings', { signal }),
  });
}

export function saveSettings(api: ApiClient, patch: SettingsPatch): Promise<Settings> {
  return api.json<Settings>('PUT', 'api/settings', { json: patch });
}
