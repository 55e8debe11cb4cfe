// Global settings: their shape, first-run defaults, and the normalisation applied on every save.
import type { Branding, SettingsView, SiteSettings } from '../api/settings';
import { hookEvents } from '../api/settings';
import type { StoredPreferences } from '../users/user';

/** As stored: databases written before some fields existed lack them (settingsView fills them in). */
export interface Settings extends Omit<SettingsView, 'branding' | 'site' | 'defaults'> {
  defaults: StoredPreferences;
  branding: Omit<Branding, 'reportIssueUrl'> & { reportIssueUrl?: string };
  /** Absent in databases written before Hugo sites existed (read it with siteSettingsOf). */
  site?: SiteSettings;
}

export const defaultSiteSettings: SiteSettings = {
  buildCommand: 'hugo',
  contentDir: '',
  roots: [],
};

/** A database written before sites existed has no `site`: the defaults apply. */
export function siteSettingsOf(settings: Readonly<Pick<Settings, 'site'>>): SiteSettings {
  const site = settings.site;
  return site
    ? { buildCommand: site.buildCommand, contentDir: site.contentDir, roots: [...site.roots] }
    : { ...defaultSiteSettings, roots: [] };
}

export const defaultRecaptchaHost = 'https://www.google.com';

export function emptyHookCommands(): Record<string, string[]> {
  const commands: Record<string, string[]> = {};
  for (const event of hookEvents) {
    commands[`before_${event}`] = [];
    commands[`after_${event}`] = [];
  }
  return commands;
}

export function defaultSettings(noAuth: boolean): Settings {
  return {
    signup: false,
    hideLoginButton: true,
    createUserDir: false,
    minimumPasswordLength: 12,
    userHomeBasePath: '/users',
    defaults: {
      scope: '.',
      locale: 'en',
      viewMode: 'mosaic',
      singleClick: false,
      redirectAfterCopyMove: true,
      sorting: { by: 'name', asc: true },
      perm: {
        admin: false,
        execute: true,
        create: true,
        rename: true,
        modify: true,
        delete: true,
        share: true,
        download: true,
      },
      commands: [],
      hideDotfiles: false,
      dateFormat: false,
      aceEditorTheme: '',
      folderSizes: false,
    },
    authMethod: noAuth ? 'noauth' : 'json',
    rules: [],
    branding: {
      name: '',
      disableExternal: false,
      disableUsedPercentage: false,
      files: '',
      theme: '',
      color: '',
      reportIssueUrl: '',
    },
    tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
    shell: [],
    commands: emptyHookCommands(),
    recaptcha: { host: defaultRecaptchaHost, key: '', secret: '' },
    site: siteSettingsOf({}),
  };
}

/** Fills what File Browser fills on save: empty locale and view mode, the standard hook events. */
export function normaliseSettings(settings: Settings): Settings {
  const commands = { ...emptyHookCommands(), ...settings.commands };
  for (const [event, lines] of Object.entries(commands)) {
    commands[event] = lines.map((line) => line.trim()).filter((line) => line !== '');
  }
  return {
    ...settings,
    minimumPasswordLength: settings.minimumPasswordLength > 0 ? settings.minimumPasswordLength : 12,
    defaults: {
      ...settings.defaults,
      locale: settings.defaults.locale || 'en',
      viewMode: settings.defaults.viewMode || 'mosaic',
      perm: { ...settings.defaults.perm },
    },
    branding: { ...settings.branding, reportIssueUrl: settings.branding.reportIssueUrl ?? '' },
    shell: settings.shell.map((word) => word.trim()).filter((word) => word !== ''),
    commands,
    recaptcha: { ...settings.recaptcha, host: settings.recaptcha.host || defaultRecaptchaHost },
    site: siteSettingsOf(settings),
  };
}

/** An absolute http: or https: URL without credentials: the only addresses settings may link to. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    const credentials = url.username !== '' || url.password !== '';
    return (url.protocol === 'http:' || url.protocol === 'https:') && !credentials;
  } catch {
    return false;
  }
}

/** reCAPTCHA is on when both the site key and the secret are set. */
export function isRecaptchaEnabled(settings: Settings): boolean {
  return settings.recaptcha.key !== '' && settings.recaptcha.secret !== '';
}
