// Applying a PUT /api/settings body: field checks that a schema cannot express, then the merge.
import type { SiteSettings, SettingsView } from '../api/settings';
import { CommandLineError, splitCommandLine } from '../commands/command-line';
import { AppError } from '../errors';
import { normaliseScope } from '../fs/scope-dirs';
import { canShare } from '../users/user';
import { cleanCommands, mergeSorting, toRules } from '../users/user-input';
import type { Settings } from './settings';
import { isHttpUrl, normaliseSettings, siteSettingsOf } from './settings';
import type { SettingsInput } from './settings-schemas';

/**
 * The settings after `input`. Fields left out keep their stored value (File Browser zeroes them,
 * which only hurts older clients), `authMethod` is ignored, and an empty reCAPTCHA secret keeps the
 * stored one, since GET never shows it.
 */
export function applySettingsInput(current: Settings, input: SettingsInput): Settings {
  const userHomeBasePath =
    input.userHomeBasePath === undefined
      ? current.userHomeBasePath
      : checkedScope('userHomeBasePath', input.userHomeBasePath);
  const defaults = input.defaults ?? {};
  if (defaults.scope !== undefined) checkedScope('defaults.scope', defaults.scope);
  const perm = { ...current.defaults.perm, ...defaults.perm };
  if (perm.share && !canShare(perm))
    invalid('defaults.perm.share', 'permission to share requires permission to download');
  const recaptcha = { ...current.recaptcha, ...input.recaptcha };
  if (input.recaptcha?.secret === '') recaptcha.secret = current.recaptcha.secret;
  if (recaptcha.host !== '' && !isHttpUrl(recaptcha.host))
    invalid('recaptcha.host', 'must be an http or https URL');
  const branding = { ...current.branding, ...input.branding };
  branding.reportIssueUrl = (branding.reportIssueUrl ?? '').trim();
  // It becomes a link in every error notification: a javascript: or data: address would run there.
  if (branding.reportIssueUrl !== '' && !isHttpUrl(branding.reportIssueUrl))
    throw new AppError('settings.badUrl', 'branding.reportIssueUrl: must be an http or https URL');

  return normaliseSettings({
    ...current,
    signup: input.signup ?? current.signup,
    hideLoginButton: input.hideLoginButton ?? current.hideLoginButton,
    createUserDir: input.createUserDir ?? current.createUserDir,
    minimumPasswordLength: input.minimumPasswordLength ?? current.minimumPasswordLength,
    userHomeBasePath,
    defaults: {
      scope: defaults.scope?.trim() ?? current.defaults.scope,
      locale: defaults.locale ?? current.defaults.locale,
      viewMode: defaults.viewMode || current.defaults.viewMode,
      singleClick: defaults.singleClick ?? current.defaults.singleClick,
      redirectAfterCopyMove:
        defaults.redirectAfterCopyMove ?? current.defaults.redirectAfterCopyMove,
      sorting: mergeSorting(current.defaults.sorting, defaults.sorting),
      perm,
      commands: cleanCommands(defaults.commands ?? current.defaults.commands),
      hideDotfiles: defaults.hideDotfiles ?? current.defaults.hideDotfiles,
      dateFormat: defaults.dateFormat ?? current.defaults.dateFormat,
      aceEditorTheme: defaults.aceEditorTheme ?? current.defaults.aceEditorTheme,
      folderSizes: defaults.folderSizes ?? current.defaults.folderSizes,
    },
    rules: input.rules ? toRules(input.rules) : current.rules,
    branding,
    tus: { ...current.tus, ...input.tus },
    shell: input.shell ?? current.shell,
    commands: input.commands ? commandsOf(input.commands) : current.commands,
    recaptcha,
    site: input.site ? checkedSite({ ...siteSettingsOf(current), ...input.site }) : current.site,
  });
}

/** The site settings as saved: a build command that splits into words, a relative content folder, root paths. */
function checkedSite(site: SiteSettings): SiteSettings {
  const buildCommand = site.buildCommand.trim();
  try {
    if (splitCommandLine(buildCommand).length === 0)
      invalid('site.buildCommand', 'must name a program');
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    invalid('site.buildCommand', error.message);
  }
  const segments = site.contentDir
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  if (site.contentDir.startsWith('/') || segments.includes('..') || site.contentDir.includes('\\'))
    invalid('site.contentDir', 'must be a folder inside the site, like "content"');
  const roots = [...new Set(site.roots.map((root) => checkedScope('site.roots', root)))];
  return { buildCommand, contentDir: segments.join('/'), roots };
}

/** The hook commands sent; a field the schema allows but the body left out is simply absent. */
function commandsOf(input: Partial<Record<string, string[]>>): Record<string, string[]> {
  const commands: Record<string, string[]> = {};
  for (const [event, lines] of Object.entries(input)) if (lines) commands[event] = [...lines];
  return commands;
}

/** What GET /api/settings shows: no secret, the login method this server runs with, site defaults filled. */
export function settingsView(settings: Settings, authMethod: Settings['authMethod']): SettingsView {
  return {
    ...settings,
    authMethod,
    recaptcha: { ...settings.recaptcha, secret: '' },
    defaults: { ...settings.defaults, folderSizes: settings.defaults.folderSizes === true },
    branding: { ...settings.branding, reportIssueUrl: settings.branding.reportIssueUrl ?? '' },
    site: siteSettingsOf(settings),
  };
}

function checkedScope(field: string, value: string): string {
  try {
    return normaliseScope(value);
  } catch (error) {
    return invalid(field, error instanceof Error ? error.message : 'is not a valid path');
  }
}

function invalid(field: string, problem: string): never {
  throw new AppError('settings.invalid', `${field}: ${problem}`);
}
