// File Browser's data as read from any of its files, and reading its JSON fields as Go wrote them.
import libraries from '../deferred-libraries.cjs';
import { ImportError } from './import-error';

export type RawRecord = Record<string, unknown>;

export interface FileBrowserData {
  kind: 'database' | 'config export' | 'users export';
  users: RawRecord[];
  shares: RawRecord[];
  settings?: RawRecord;
  server?: RawRecord;
  auther?: RawRecord;
  /** The last user id File Browser handed out, deleted users included. */
  userIdCounter?: number;
  /** Records that could not be read at all, listed so that nothing goes missing unsaid. */
  problems: string[];
}

/**
 * The JSON or YAML written by `filebrowser config export` ({settings, server, auther}) or by
 * `filebrowser users export` (a list of users, password hashes included).
 */
export function parseExport(text: string): FileBrowserData {
  const start = text.trimStart()[0];
  let data: unknown;
  if (start === '{' || start === '[') {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ImportError(`it is not valid JSON (${(error as Error).message})`);
    }
  } else {
    data = parseGoYaml(text);
  }
  const problems: string[] = [];
  if (Array.isArray(data)) {
    const users = data.filter((item, index) => {
      if (isObject(item)) return true;
      problems.push(`users[${index}] in the export is not an object`);
      return false;
    });
    return { kind: 'users export', users, shares: [], problems };
  }
  if (isObject(data) && isObject(data.settings)) {
    return {
      kind: 'config export',
      users: [],
      shares: [],
      settings: data.settings,
      ...(isObject(data.server) ? { server: data.server } : {}),
      ...(isObject(data.auther) ? { auther: data.auther } : {}),
      problems,
    };
  }
  throw new ImportError(
    'it is neither a File Browser database nor what filebrowser config export or filebrowser users export write',
  );
}

/**
 * File Browser's structs carry JSON tags only, so its YAML encoder (Go's yaml.v3) names each field
 * by its Go name in lower case: "lockpassword", "minimumpasswordlength". These are its field names
 * whose JSON spelling differs from that; the YAML is read back under the JSON names.
 */
const camelFieldNames = [
  'hideLoginButton',
  'createUserDir',
  'userHomeBasePath',
  'authMethod',
  'logoutPage',
  'minimumPasswordLength',
  'fileMode',
  'dirMode',
  'hideDotfiles',
  'lockPassword',
  'viewMode',
  'singleClick',
  'redirectAfterCopyMove',
  'dateFormat',
  'aceEditorTheme',
  'disableExternal',
  'disableUsedPercentage',
  'chunkSize',
  'retryCount',
  'baseURL',
  'tlsKey',
  'tlsCert',
  'enableThumbnails',
  'resizePreview',
  'enableExec',
  'typeDetectionByHeader',
  'authHook',
  'tokenExpirationTime',
  'followExternalSymlinks',
  'userID',
  'passwordHash',
];
const jsonNameOf = new Map([
  ...camelFieldNames.map((name) => [name.toLowerCase(), name] as const),
  // The one field whose Go name is not its JSON name (settings.Server.ImageResolutionCal).
  ['imageresolutioncal', 'imageResolutionCalculation'],
]);

function parseGoYaml(text: string): unknown {
  let data: unknown;
  try {
    // Aliases are capped (the library's default is 100), so a small file cannot expand to gigabytes.
    data = libraries.yaml().parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ImportError(
      `it is neither a File Browser database nor a JSON or YAML export (${(error as Error).message.split('\n')[0]})`,
    );
  }
  return withJsonNames(data);
}

function withJsonNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withJsonNames);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [jsonNameOf.get(key) ?? key, withJsonNames(item)]),
  );
}

function isObject(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Typed reads of one record. As Go's decoder does, a missing field (or null) is the zero value;
 * a field of the wrong type is the zero value too, and is listed in `notes`.
 */
export function fieldsOf(record: RawRecord, where: string, notes: string[]) {
  const wrong = (name: string, expected: string) => {
    notes.push(`${where}: ${name} is not ${expected}, so it was left at its default`);
  };
  const read = <T>(name: string, expected: string, test: (value: unknown) => value is T) => {
    const value = record[name];
    if (value === undefined || value === null) return undefined;
    if (test(value)) return value;
    wrong(name, expected);
    return undefined;
  };
  const isString = (value: unknown): value is string => typeof value === 'string';
  const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
  const isNumber = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value);
  return {
    has: (name: string) => record[name] !== undefined && record[name] !== null,
    string: (name: string) => read(name, 'text', isString) ?? '',
    boolean: (name: string) => read(name, 'true or false', isBoolean) ?? false,
    number: (name: string) => read(name, 'a number', isNumber) ?? 0,
    object: (name: string) => read(name, 'an object', isObject) ?? {},
    list: (name: string) => read(name, 'a list', Array.isArray) ?? [],
    strings(name: string): string[] {
      const list = read(name, 'a list', Array.isArray) ?? [];
      if (list.every(isString)) return list;
      wrong(name, 'a list of text');
      return list.filter(isString);
    },
  };
}

export type Fields = ReturnType<typeof fieldsOf>;

/** Fields a newer File Browser may have added: listed when they hold anything, never lost unsaid. */
export function notUnderstood(
  record: RawRecord,
  known: readonly string[],
  where: string,
  notes: string[],
): void {
  for (const [name, value] of Object.entries(record)) {
    if (known.includes(name) || isEmpty(value)) continue;
    notes.push(`${where}: ${name} ${JSON.stringify(value).slice(0, 80)} has no place in Drawer`);
  }
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.values(value).every(isEmpty);
}
