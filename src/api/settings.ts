// Wire types of the global settings: what GET /api/settings answers (and PUT takes, any field left
// out). The server stores the same shape, minus what older databases may lack (src/settings).
import type { Rule } from './rules';
import type { UserPreferences } from './users';

/** The events with before_/after_ command lists, in the order the command runner shows them. */
export const hookEvents = ['save', 'copy', 'rename', 'upload', 'delete'] as const;

/** How people log in: passwords, nobody (the first admin acts), or a header set by a proxy. */
export type AuthMethod = 'json' | 'noauth' | 'proxy';

export interface Branding {
  name: string;
  disableExternal: boolean;
  disableUsedPercentage: boolean;
  files: string;
  theme: '' | 'light' | 'dark';
  color: string;
  /** Drawer's own: where error notifications' 'Report issue' leads; '' shows no such button. */
  reportIssueUrl: string;
}

export interface Recaptcha {
  host: string;
  key: string;
  /** Always '' in answers. */
  secret: string;
}

/** Hugo sites (docs/SITES.md): how they are built, where their posts are, which folders count. */
export interface SiteSettings {
  /** Split like a command line and run without a shell, in the site's folder. */
  buildCommand: string;
  /** Relative to a site's folder; "" reads the site's Hugo configuration (else "content"). */
  contentDir: string;
  /** Folders (paths from the served root) that are sites; empty: any folder with a Hugo configuration. */
  roots: string[];
}

/** GET /api/settings: no secret, the login method this server runs with, site defaults filled. */
export interface SettingsView {
  signup: boolean;
  hideLoginButton: boolean;
  createUserDir: boolean;
  minimumPasswordLength: number;
  userHomeBasePath: string;
  defaults: UserPreferences;
  authMethod: AuthMethod;
  rules: Rule[];
  branding: Branding;
  tus: { chunkSize: number; retryCount: number };
  shell: string[];
  commands: Record<string, string[]>;
  recaptcha: Recaptcha;
  site: SiteSettings;
}
