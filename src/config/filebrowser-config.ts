// File Browser's configuration read as Drawer's: its flag names, its FB_ variables and its config file.
import fs from 'node:fs';
import path from 'node:path';
import libraries from '../deferred-libraries.cjs';
import { applyOption, databaseSettingRefusal, findOption } from './filebrowser-options';
import type { Setting } from './filebrowser-options';
import { UsageError } from './usage-error';

export type { Setting } from './filebrowser-options';

export interface FileBrowserFlags {
  /** The arguments left for Drawer's own parser. */
  args: string[];
  /** Values of File Browser's flags that Drawer spells differently, by Drawer's flag name. */
  flags: Map<string, Setting>;
  configFile: string | undefined;
}

/**
 * Takes -c/--config and File Browser's flags that Drawer has no flag of that name for out of
 * argv; names Drawer shares (--root, --port, and the aliases in config.ts) stay for its parser.
 */
export function extractFileBrowserFlags(
  argv: readonly string[],
  drawerNames: ReadonlySet<string>,
): FileBrowserFlags {
  const args: string[] = [];
  const flags = new Map<string, Setting>();
  let configFile: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const match = /^(--[^=]+|-c)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    const isConfig = name === '-c' || name === '--config';
    const fileBrowserName = name && !isConfig ? name.slice(2) : undefined;
    const option = fileBrowserName === undefined ? undefined : findOption(fileBrowserName);
    // Drawer's parser keeps the names it shares, except File Browser's --switch=false form.
    const isDrawers =
      name !== undefined && drawerNames.has(name) && !(option?.type === 'boolean' && match?.[2]);
    if (fileBrowserName !== undefined && !isDrawers) {
      const refusal = databaseSettingRefusal(fileBrowserName, `--${fileBrowserName}`);
      if (refusal) throw new UsageError(refusal);
    }
    if (!name || isDrawers || (!isConfig && !option)) {
      args.push(arg);
      continue;
    }
    let value: string | undefined = match[2];
    if (value === undefined && (isConfig || option?.type === 'string')) {
      index += 1;
      value = argv[index];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
    }
    if (isConfig) configFile = value;
    else if (option) applyOption(flags, option, value ?? 'true', name);
  }
  return { args, flags, configFile };
}

/** FB_ variables: FB_ and the option's name in UPPER_SNAKE_CASE (FB_BASEURL, the old one, too). */
export function readFileBrowserEnv(env: Record<string, string | undefined>): Map<string, Setting> {
  const settings = new Map<string, Setting>();
  for (const [name, raw] of Object.entries(env)) {
    // Empty means unset, and unknown FB_ names are someone else's, as File Browser treats them.
    if (!name.startsWith('FB_') || !raw) continue;
    const option = findOption(name.slice(3));
    if (option) applyOption(settings, option, raw, name);
  }
  return settings;
}

const extensions = ['.json', '.toml', '.yaml', '.yml'];

/** Where File Browser looks when no -c is given: .filebrowser.* here, in $HOME, in /etc/filebrowser. */
export function findConfigFile(
  cwd: string,
  home: string | undefined,
  systemDir = '/etc/filebrowser',
): string | undefined {
  const folders = [cwd, ...(home ? [home] : []), systemDir];
  for (const folder of folders)
    for (const extension of extensions) {
      const candidate = path.join(folder, `.filebrowser${extension}`);
      if (fs.existsSync(candidate)) return candidate;
    }
  return undefined;
}

/** The config file's keys as Drawer settings; an unknown key or bad value is one line. */
export function readConfigFile(file: string): Map<string, Setting> {
  const extension = path.extname(file).toLowerCase();
  if (!extensions.includes(extension))
    throw new UsageError(`${file}: a config file ends in .json, .yaml, .yml or .toml`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(`${file}: cannot read the config file (${code})`);
  }
  let data: unknown;
  try {
    data =
      extension === '.json'
        ? JSON.parse(text)
        : extension === '.toml'
          ? libraries.smolToml().parse(text)
          : libraries.yaml().parse(text);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new UsageError(`${file}: not valid ${extension.slice(1).toUpperCase()}: ${reason}`);
  }
  if (data === null || data === undefined) return new Map();
  if (typeof data !== 'object' || Array.isArray(data))
    throw new UsageError(`${file}: expected keys and values at the top`);
  const settings = new Map<string, Setting>();
  for (const [key, value] of Object.entries(data)) {
    const option = findOption(key);
    if (!option)
      throw new UsageError(
        databaseSettingRefusal(key, `${file}: ${key}`) ?? `${file}: unknown key "${key}"`,
      );
    applyOption(settings, option, value, `${file}: ${key}`);
  }
  return settings;
}
