// Global settings (admin only, docs/UI.md, Data): the query and the partial save of GET|PUT /api/settings.
import { queryOptions } from '@tanstack/react-query';
import type { Rule } from '../../src/api/rules';
import type { Permissions } from '../../src/api/users';
import type { ApiClient } from './client';

/** The template new users start from. */
export interface UserDefaults {
  scope: string;
  locale: string;
  perm: Permissions;
  commands: string[];
}

export interface Branding {
  name: string;
  disableExternal: boolean;
  files: string;
  /** Drawer's own: where 'Report issue' leads; '' shows no such button. */
  reportIssueUrl: string;
}

/** Publishing Hugo sites: how a site is built and which folders count as sites. */
export interface SiteSettings {
  /** Run in the site's folder after publishing, split like a command line (no shell). */
  buildCommand: string;
  /** '' uses the site's own contentDir, else content. */
  contentDir: string;
  /** Folders from the server's root; [] makes every folder holding a Hugo configuration a site. */
  roots: string[];
}

export interface Settings {
  signup: boolean;
  createUserDir: boolean;
  userHomeBasePath: string;
  defaults: UserDefaults;
  rules: Rule[];
  branding: Branding;
  shell: string[];
  commands: Record<string, string[]>;
  site: SiteSettings;
}

/** The events with before_/after_ command lists, in the order the command runner shows them. */
export const hookEvents = ['save', 'copy', 'rename', 'upload', 'delete'] as const;
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

export const settingsKey = ['settings'] as const;

export function settingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.json<Settings>('GET', 'api/settings', { signal }),
  });
}

export function saveSettings(api: ApiClient, patch: SettingsPatch): Promise<Settings> {
  return api.json<Settings>('PUT', 'api/settings', { json: patch });
}
