// File Browser's global settings (and the reCAPTCHA keys of its login) as Drawer's settings.
import path from 'node:path';
import { normaliseScope } from '../fs/scope-dirs';
import type { Settings } from '../settings/settings';
import { normaliseSettings } from '../settings/settings';
import type { FileBrowserData, RawRecord } from './filebrowser-data';
import { fieldsOf, notUnderstood } from './filebrowser-data';
import { mapPreferences, mapRules } from './map-preferences';

const settingsFields = [
  'key',
  'signup',
  'hideLoginButton',
  'createUserDir',
  'userHomeBasePath',
  'defaults',
  'authMethod',
  'logoutPage',
  'branding',
  'tus',
  'commands',
  'shell',
  'rules',
  'minimumPasswordLength',
  'fileMode',
  'dirMode',
  'hideDotfiles',
];

/** File Browser's own defaults for the modes of new files and folders (0640 and 0750). */
const defaultModes = { fileMode: 0o640, dirMode: 0o750 } as const;

/** The settings after the import, or undefined when the file carries none (a users export). */
export function mapSettings(
  data: FileBrowserData,
  current: Settings,
  notes: string[],
): Settings | undefined {
  if (!data.settings) return undefined;
  const where = 'settings';
  const fields = fieldsOf(data.settings, where, notes);
  notUnderstood(data.settings, settingsFields, where, notes);
  notes.push(
    "settings: File Browser's signing key stays behind (Drawer has its own): everyone logs in again once",
  );
  const logoutPage = fields.string('logoutPage');
  if (logoutPage !== '' && logoutPage !== '/login')
    notes.push(
      `settings: logout page ${JSON.stringify(logoutPage)}: start Drawer with --logout-page ${logoutPage}`,
    );
  for (const name of ['fileMode', 'dirMode'] as const) {
    const mode = fields.number(name);
    if (mode !== 0 && mode !== defaultModes[name])
      notes.push(`settings: ${name} 0${mode.toString(8)} has no place in Drawer`);
  }
  if (fields.boolean('hideDotfiles'))
    notes.push('settings: hiding dot files for everyone has no place in Drawer (set it per user)');

  const defaults = fieldsOf(fields.object('defaults'), 'settings: defaults', notes);
  return normaliseSettings({
    ...current,
    signup: fields.boolean('signup'),
    hideLoginButton: fields.boolean('hideLoginButton'),
    createUserDir: fields.boolean('createUserDir'),
    minimumPasswordLength: fields.number('minimumPasswordLength'),
    userHomeBasePath:
      checkedScope(fields.string('userHomeBasePath') || '/users', 'home base path', notes) ??
      current.userHomeBasePath,
    defaults: {
      ...mapPreferences(defaults, 'settings: defaults', notes),
      scope: checkedScope(defaults.string('scope'), 'defaults scope', notes) ?? '.',
    },
    authMethod: authMethod(fields.string('authMethod'), data.auther, current, notes),
    rules: mapRules(fields.list('rules'), 'global rules', notes),
    branding: mapBranding(fields.object('branding'), notes),
    tus: mapTus(fields.object('tus'), notes),
    shell: fields.strings('shell'),
    commands: mapHooks(fields.object('commands'), notes),
    recaptcha: mapRecaptcha(data.auther, current, notes),
  });
}

/** Kept as typed (File Browser's "." stays "."), once Drawer's scope check accepts it. */
function checkedScope(scope: string, what: string, notes: string[]): string | undefined {
  try {
    normaliseScope(path.posix.normalize(`/${scope.trim()}`));
    return scope.trim();
  } catch (error) {
    notes.push(`settings: ${what} ${JSON.stringify(scope)}: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * How people log in is chosen on Drawer's command line at each start, never by a database: the
 * import records File Browser's method and says which flags give the same login.
 */
function authMethod(
  method: string,
  auther: RawRecord | undefined,
  current: Settings,
  notes: string[],
): Settings['authMethod'] {
  if (method === '' || method === 'json') return 'json';
  if (method === 'noauth') {
    notes.push(
      'settings: File Browser ran without login; start Drawer with --noauth for the same (anyone who reaches it acts as the admin)',
    );
    return 'noauth';
  }
  const header = typeof auther?.header === 'string' ? auther.header : '';
  if (method === 'proxy' && header !== '') {
    notes.push(
      `settings: File Browser took the username from the proxy header ${header}; start Drawer with --auth-method proxy --auth-header ${header} --trusted-proxies ADDRESS (your proxy's address; add --proxy-create-users to create unknown users as File Browser did)`,
    );
    return 'proxy';
  }
  const detail = auther ? ` (${JSON.stringify(auther).slice(0, 120)})` : '';
  notes.push(
    `settings: the "${method}" login method${detail} has no place in Drawer; it keeps "${current.authMethod}"`,
  );
  return current.authMethod;
}

function mapBranding(record: RawRecord, notes: string[]): Settings['branding'] {
  const fields = fieldsOf(record, 'settings: branding', notes);
  const theme = fields.string('theme');
  if (theme !== '' && theme !== 'light' && theme !== 'dark')
    notes.push(`settings: branding theme "${theme}" is not one Drawer has; it follows the system`);
  return {
    name: fields.string('name'),
    disableExternal: fields.boolean('disableExternal'),
    disableUsedPercentage: fields.boolean('disableUsedPercentage'),
    files: fields.string('files'),
    theme: theme === 'light' || theme === 'dark' ? theme : '',
    color: fields.string('color'),
  };
}

function mapTus(record: RawRecord, notes: string[]): Settings['tus'] {
  const fields = fieldsOf(record, 'settings: tus', notes);
  return { chunkSize: fields.number('chunkSize'), retryCount: fields.number('retryCount') };
}

function mapHooks(record: RawRecord, notes: string[]): Record<string, string[]> {
  const fields = fieldsOf(record, 'settings: commands', notes);
  return Object.fromEntries(Object.keys(record).map((event) => [event, fields.strings(event)]));
}

function mapRecaptcha(
  auther: RawRecord | undefined,
  current: Settings,
  notes: string[],
): Settings['recaptcha'] {
  const fields = auther ? fieldsOf(auther, 'login settings', notes) : undefined;
  if (!fields?.has('recaptcha')) return current.recaptcha;
  const recaptcha = fieldsOf(fields.object('recaptcha'), 'login settings: recaptcha', notes);
  return {
    host: recaptcha.string('host'),
    key: recaptcha.string('key'),
    secret: recaptcha.string('secret'),
  };
}
