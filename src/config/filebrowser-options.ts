// File Browser's server options (its top-level flags, FB_ variables and config-file keys) and what each means in Drawer.
import path from 'node:path';
import { parseSwitch } from './config-values';
import { UsageError } from './usage-error';

/** A value for one of Drawer's flags, and where it came from, for error messages. */
export interface Setting {
  value: string | boolean;
  source: string;
  /** Set when this value cannot be used: the one line to print if nothing above it wins. */
  refusal?: string;
}

type Treatment = { drawer: string; invert?: boolean } | { ignore: true } | { refuse: string };

interface FileBrowserOption {
  /** File Browser's spelling (README "Moving from File Browser" lists them). */
  name: string;
  type: 'string' | 'boolean';
  treatment: Treatment;
  /** Older names File Browser still accepts. */
  aliases?: readonly string[];
}

/**
 * Every option `filebrowser` takes at the top level. Ignored ones only tune what Drawer does
 * without asking (the socket's mode, type detection, image sizes in listings), so dropping them
 * changes nothing a user sees; refused ones would change behaviour Drawer cannot honour, so
 * starting anyway would mislead.
 */
const options: readonly FileBrowserOption[] = [
  { name: 'root', type: 'string', treatment: { drawer: 'root' } },
  { name: 'address', type: 'string', treatment: { drawer: 'address' } },
  { name: 'port', type: 'string', treatment: { drawer: 'port' } },
  { name: 'database', type: 'string', treatment: { drawer: 'database' } },
  { name: 'baseURL', type: 'string', treatment: { drawer: 'baseurl' } },
  { name: 'cert', type: 'string', treatment: { drawer: 'cert' } },
  { name: 'key', type: 'string', treatment: { drawer: 'key' } },
  { name: 'log', type: 'string', treatment: { drawer: 'log' } },
  { name: 'noauth', type: 'boolean', treatment: { drawer: 'noauth' } },
  { name: 'username', type: 'string', treatment: { drawer: 'username' } },
  { name: 'password', type: 'string', treatment: { drawer: 'password' } },
  { name: 'tokenExpirationTime', type: 'string', treatment: { drawer: 'token-expiration' } },
  { name: 'disableExec', type: 'boolean', treatment: { drawer: 'enable-exec', invert: true } },
  {
    name: 'followExternalSymlinks',
    type: 'boolean',
    treatment: { drawer: 'follow-external-symlinks' },
  },
  { name: 'cacheDir', type: 'string', treatment: { drawer: 'cache-dir' } },
  {
    name: 'imageProcessors',
    type: 'string',
    treatment: { drawer: 'preview-workers' },
    aliases: ['img-processors'],
  },
  { name: 'socketPerm', type: 'string', treatment: { ignore: true } },
  { name: 'disableThumbnails', type: 'boolean', treatment: { drawer: 'disable-thumbnails' } },
  {
    name: 'disablePreviewResize',
    type: 'boolean',
    treatment: { drawer: 'disable-preview-resize' },
  },
  { name: 'disableTypeDetectionByHeader', type: 'boolean', treatment: { ignore: true } },
  { name: 'disableImageResolutionCalc', type: 'boolean', treatment: { ignore: true } },
  {
    name: 'socket',
    type: 'string',
    treatment: {
      refuse: 'Drawer listens on TCP only; use --address and --port behind a reverse proxy',
    },
  },
  {
    name: 'redisCacheUrl',
    type: 'string',
    treatment: { refuse: 'Drawer keeps upload state in its one process; run a single instance' },
  },
];

/** "disable-exec", "disableExec" and "DISABLE_EXEC" name one option, as they do in File Browser. */
export function optionKey(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

const byKey = new Map(
  options.flatMap((option) =>
    [option.name, ...(option.aliases ?? [])].map((name) => [optionKey(name), option] as const),
  ),
);

export function findOption(name: string): FileBrowserOption | undefined {
  return byKey.get(optionKey(name));
}

/**
 * Names `filebrowser config set` takes: settings File Browser keeps in its database, never in
 * flags or the config file; Drawer keeps them in its database too (README "Moving from File Browser").
 */
const databaseSettings = new Set(
  [
    'signup',
    'hideLoginButton',
    'createUserDir',
    'userHomeBasePath',
    'minimumPasswordLength',
    'shell',
    'fileMode',
    'dirMode',
    'auth',
    'recaptcha',
    'branding',
    'tus',
    'defaults',
  ].map(optionKey),
);

/** The one line for a database setting given as a flag or config key, else undefined. */
export function databaseSettingRefusal(name: string, source: string): string | undefined {
  const head = optionKey(name.split('.')[0] ?? '');
  if (!databaseSettings.has(head)) return undefined;
  if (head === optionKey('auth'))
    return `${source}: Drawer takes how people log in from its command line: use --auth-method, --auth-header, --trusted-proxies and --logout-page`;
  return `${source}: File Browser keeps this in its database, not in flags or config files; set it in Drawer's settings or carry it over with drawer import`;
}

/**
 * Puts one File Browser value into `into` under Drawer's flag name. `raw` is a flag's or
 * variable's text, or a config file's JSON value.
 */
export function applyOption(
  into: Map<string, Setting>,
  option: FileBrowserOption,
  raw: unknown,
  source: string,
): void {
  const value = option.type === 'boolean' ? toBoolean(raw, source) : toText(raw, source);
  const { treatment } = option;
  if ('ignore' in treatment) return;
  if ('refuse' in treatment) {
    // Its default (empty) asks for nothing Drawer lacks.
    if (value !== '') throw new UsageError(`${source}: ${treatment.refuse}`);
    return;
  }
  if (value === '') {
    // File Browser reads an empty address as every interface and an empty log as none.
    if (treatment.drawer === 'address') into.set('address', { value: '0.0.0.0', source });
    if (treatment.drawer === 'log') into.set('log', { value: 'off', source });
    return;
  }
  if (typeof value === 'boolean') {
    into.set(treatment.drawer, { value: treatment.invert ? !value : value, source });
    return;
  }
  into.set(treatment.drawer, {
    value,
    source,
    refusal: refusalOf(treatment.drawer, value, source),
  });
}

/**
 * File Browser's database is a bbolt file Drawer cannot open as its own; refused only if no
 * -d or DRAWER_DATABASE takes precedence (README "Moving from File Browser").
 */
function refusalOf(drawer: string, value: string, source: string): string | undefined {
  if (drawer !== 'database' || path.extname(value).toLowerCase() === '.json') return undefined;
  return `${source}: "${value}" is File Browser's database; run drawer import on it, then give Drawer's own with -d or DRAWER_DATABASE`;
}

function toText(raw: unknown, source: string): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  throw new UsageError(`${source} must be a string or number`);
}

function toBoolean(raw: unknown, source: string): boolean {
  if (typeof raw === 'boolean') return raw;
  const value = typeof raw === 'string' ? parseSwitch(raw) : undefined;
  if (value !== undefined) return value;
  throw new UsageError(`${source} must be true or false, not ${JSON.stringify(raw)}`);
}
