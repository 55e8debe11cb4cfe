// The backup file of `drawer config export|import`: its shape, and the checks an import must pass.
import { isBcryptHash } from '../auth/passwords';
import type { Settings } from '../settings/settings';
import { normaliseSettings } from '../settings/settings';
import type { StoredShare } from '../shares/share';
import { shareKinds } from '../api/shares';
import type { DatabaseShape } from '../store/database';
import { schemaVersion } from '../store/database';
import type { StoredUser } from '../users/user';
import { usernameKey, usernameProblem } from '../users/user';

/** Everything but the signing secret: a backup must not let its reader forge sessions. */
export interface ConfigFile {
  version: number;
  settings: Settings;
  users: StoredUser[];
  shares: StoredShare[];
}

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

export function toConfigFile(data: Readonly<DatabaseShape>): ConfigFile {
  return {
    version: schemaVersion,
    settings: structuredClone(data.settings),
    users: structuredClone([...data.users].sort((a, b) => a.id - b.id)),
    shares: structuredClone(data.shares),
  };
}

type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | { oneOf: readonly string[] }
  | { array: Shape }
  | { record: Shape }
  | { nullable: Shape }
  | { optional: Shape }
  | { object: Record<string, Shape> };

const ruleShape: Shape = {
  object: {
    allow: 'boolean',
    path: 'string',
    regex: 'boolean',
    regexp: { nullable: { object: { raw: 'string' } } },
  },
};

const preferenceFields = {
  scope: 'string',
  locale: 'string',
  viewMode: { oneOf: ['list', 'mosaic', 'mosaic gallery', ''] },
  singleClick: 'boolean',
  redirectAfterCopyMove: 'boolean',
  sorting: { object: { by: { oneOf: ['name', 'size', 'modified', ''] }, asc: 'boolean' } },
  perm: {
    object: {
      admin: 'boolean',
      execute: 'boolean',
      create: 'boolean',
      rename: 'boolean',
      modify: 'boolean',
      delete: 'boolean',
      share: 'boolean',
      download: 'boolean',
    },
  },
  commands: { array: 'string' },
  hideDotfiles: 'boolean',
  dateFormat: 'boolean',
  aceEditorTheme: 'string',
  // Drawer's own (docs/SEARCH.md, "Folder sizes"); absent in backups made before it existed.
  folderSizes: { optional: 'boolean' },
} satisfies Record<string, Shape>;

const settingsShape: Shape = {
  object: {
    signup: 'boolean',
    hideLoginButton: 'boolean',
    createUserDir: 'boolean',
    minimumPasswordLength: 'number',
    userHomeBasePath: 'string',
    defaults: { object: preferenceFields },
    authMethod: { oneOf: ['json', 'noauth', 'proxy'] },
    rules: { array: ruleShape },
    branding: {
      object: {
        name: 'string',
        disableExternal: 'boolean',
        disableUsedPercentage: 'boolean',
        files: 'string',
        theme: { oneOf: ['', 'light', 'dark'] },
        color: 'string',
        // Drawer's 'Report issue' address; absent in backups made before it existed.
        reportIssueUrl: { optional: 'string' },
      },
    },
    tus: { object: { chunkSize: 'number', retryCount: 'number' } },
    shell: { array: 'string' },
    commands: { record: { array: 'string' } },
    recaptcha: { object: { host: 'string', key: 'string', secret: 'string' } },
    // Hugo sites (docs/SITES.md); absent in backups made before they existed.
    site: {
      optional: {
        object: { buildCommand: 'string', contentDir: 'string', roots: { array: 'string' } },
      },
    },
  },
};

const userShape: Shape = {
  object: {
    ...preferenceFields,
    id: 'number',
    username: 'string',
    passwordHash: 'string',
    lockPassword: 'boolean',
    rules: { array: ruleShape },
    sessionVersion: 'number',
    revision: 'number',
  },
};

const shareShape: Shape = {
  // ino: links made by Drawer are bound to the inode they shared; older ones are not.
  object: {
    hash: 'string',
    path: 'string',
    userID: 'number',
    expire: 'number',
    ino: { optional: 'number' },
    // A password link: checked as a bcrypt hash below, since dropping it would open the link.
    passwordHash: { optional: 'string' },
    // Kinds and limits (docs/SHARES.md); absent on older links.
    kind: { optional: { oneOf: shareKinds } },
    created: { optional: 'number' },
    maxDownloads: { optional: 'number' },
    downloads: { optional: 'number' },
    exhaustedAt: { optional: 'number' },
    maxUploadBytes: { optional: 'number' },
    uploadedBytes: { optional: 'number' },
  },
};

function check(value: unknown, shape: Shape, where: string): void {
  const fail = (expected: string) => {
    throw new ConfigFileError(`${where} must be ${expected}`);
  };
  if (typeof shape === 'string') {
    if (typeof value !== shape || (shape === 'number' && !Number.isFinite(value)))
      fail(`a ${shape}`);
    return;
  }
  if ('oneOf' in shape) {
    if (typeof value !== 'string' || !shape.oneOf.includes(value))
      fail(`one of ${shape.oneOf.map((word) => JSON.stringify(word)).join(', ')}`);
    return;
  }
  if ('nullable' in shape) {
    if (value !== null) check(value, shape.nullable, where);
    return;
  }
  if ('optional' in shape) return check(value, shape.optional, where);
  if ('array' in shape) {
    if (!Array.isArray(value)) return fail('a list');
    value.forEach((item, index) => check(item, shape.array, `${where}[${index}]`));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('an object');
  const entries = Object.entries(value);
  if ('record' in shape) {
    for (const [key, item] of entries) check(item, shape.record, `${where}.${key}`);
    return;
  }
  const fields: Record<string, Shape> = shape.object;
  for (const [key, fieldShape] of Object.entries(fields)) {
    if (!(key in value)) {
      if (typeof fieldShape === 'object' && 'optional' in fieldShape) continue;
      throw new ConfigFileError(`${where} is missing the field "${key}"`);
    }
    check((value as Record<string, unknown>)[key], fieldShape, `${where}.${key}`);
  }
  const unknown = entries.find(([key]) => !(key in fields));
  if (unknown) throw new ConfigFileError(`${where} has an unknown field "${unknown[0]}"`);
}

/** Parses and checks a backup; throws ConfigFileError naming the first problem found. */
export function parseConfigFile(text: string): ConfigFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError(`it is not valid JSON (${(error as Error).message})`);
  }
  check(
    data,
    {
      object: {
        version: 'number',
        settings: settingsShape,
        users: { array: userShape },
        shares: { array: shareShape },
      },
    },
    'the file',
  );
  const file = data as ConfigFile;
  if (file.version > schemaVersion || file.version < 1)
    throw new ConfigFileError(`it has schema version ${file.version}; this Drawer reads 1`);
  checkUsers(file.users);
  checkShares(file.shares, file.users);
  return { ...file, settings: normaliseSettings(file.settings) };
}

function checkUsers(users: StoredUser[]): void {
  const ids = new Set<number>();
  const names = new Set<string>();
  users.forEach((user, index) => {
    const where = `users[${index}]`;
    if (!Number.isSafeInteger(user.id) || user.id < 1)
      throw new ConfigFileError(`${where}.id must be a positive whole number`);
    if (ids.has(user.id)) throw new ConfigFileError(`${where}.id ${user.id} is used twice`);
    ids.add(user.id);
    const problem = usernameProblem(user.username);
    if (problem) throw new ConfigFileError(`${where}.username: ${problem}`);
    if (names.has(usernameKey(user.username)))
      throw new ConfigFileError(`${where}.username "${user.username}" is used twice`);
    names.add(usernameKey(user.username));
    if (!isBcryptHash(user.passwordHash))
      throw new ConfigFileError(`${where}.passwordHash is not a bcrypt hash`);
  });
  if (!users.some((user) => user.perm.admin))
    throw new ConfigFileError('it has no admin user, so nobody could manage the server');
}

function checkShares(shares: StoredShare[], users: StoredUser[]): void {
  const hashes = new Set<string>();
  shares.forEach((share, index) => {
    const where = `shares[${index}]`;
    if (share.hash === '' || hashes.has(share.hash))
      throw new ConfigFileError(`${where}.hash is empty or used twice`);
    hashes.add(share.hash);
    if (!users.some((user) => user.id === share.userID))
      throw new ConfigFileError(`${where}.userID ${share.userID} is not a user in the file`);
    if (share.passwordHash !== undefined && !isBcryptHash(share.passwordHash))
      throw new ConfigFileError(`${where}.passwordHash is not a bcrypt hash`);
  });
}
