// A Hugo configuration file: which names make a folder a site, and the few keys Drawer reads from it.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { TemplateMap, TemplateValue } from './archetype-values';

/** The files that make a folder a Hugo site, in the order Hugo prefers them. */
export const configFileNames = [
  'hugo.toml',
  'hugo.yaml',
  'hugo.json',
  'config.toml',
  'config.yaml',
  'config.json',
] as const;

/** A configuration Drawer cannot use; the message says which key and why. */
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

export interface HugoConfig {
  title: string;
  baseURL: string;
  languageCode: string;
  /** Relative to the site's folder, never leaving it. */
  contentDir: string;
  publishDir: string;
  /** `params`, keys in lower case as Hugo reads them; only text, numbers, booleans and maps. */
  params: TemplateMap;
}

/** Hugo reads configuration keys without regard to case. */
function keyOf(data: Record<string, unknown>, key: string): unknown {
  const found = Object.keys(data).find((name) => name.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : data[found];
}

function textKey(data: Record<string, unknown>, key: string, fallback: string): string {
  const value = keyOf(data, key);
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new SiteConfigError(`${key} is not text`);
  return value;
}

/** A folder named by the configuration must stay inside the site: no absolute path, no "..". */
export function insideFolder(key: string, value: string): string {
  const segments = value.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value) || segments.includes('..'))
    throw new SiteConfigError(`${key} must be a folder inside the site`);
  if (segments.length === 0 || /\p{Cc}/u.test(value))
    throw new SiteConfigError(`${key} is not a folder name`);
  return segments.join('/');
}

/** Params as template values; lists and other shapes are left out (archetypes print scalars). */
function paramsOf(value: unknown, depth = 0): TemplateMap {
  const params: Record<string, TemplateValue> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 8)
    return params;
  for (const [key, item] of Object.entries(value)) {
    const name = key.toLowerCase();
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
      params[name] = item;
    else if (item instanceof Date) params[name] = item.toISOString();
    else if (typeof item === 'object' && item !== null && !Array.isArray(item))
      params[name] = paramsOf(item, depth + 1);
  }
  return params;
}

/** Reads a configuration file's text; `fileName` tells its format. */
export function parseHugoConfig(fileName: string, text: string): HugoConfig {
  let data: unknown;
  try {
    if (fileName.endsWith('.toml')) data = parseToml(text);
    else if (fileName.endsWith('.yaml')) data = parseYaml(text, { maxAliasCount: 100 }) ?? {};
    else data = JSON.parse(text);
  } catch (error) {
    throw new SiteConfigError(
      `${fileName} cannot be read (${(error as Error).message.split('\n')[0]})`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new SiteConfigError(`${fileName} is not a set of keys and values`);
  const config = data as Record<string, unknown>;
  return {
    title: textKey(config, 'title', ''),
    baseURL: textKey(config, 'baseURL', ''),
    languageCode: textKey(config, 'languageCode', ''),
    contentDir: insideFolder('contentDir', textKey(config, 'contentDir', 'content')),
    publishDir: insideFolder('publishDir', textKey(config, 'publishDir', 'public')),
    params: paramsOf(keyOf(config, 'params')),
  };
}
