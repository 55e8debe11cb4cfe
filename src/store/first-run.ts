// First run: a fresh database with a new signing secret, and the first admin with a strong password.
import { randomBytes } from 'node:crypto';
import { hashPassword, isBcryptHash } from '../auth/passwords';
import type { ServerConfig } from '../config';
import { defaultSettings } from '../settings/settings';
import { allPermissions } from '../users/user';
import type { UsersStore } from '../users/users-store';
import type { DatabaseShape } from './database';
import { newSecret, schemaVersion } from './database';

/** Who the first run set up, for the one message at start. */
export interface FirstRun {
  username: string;
  /** Set when the password was generated: it is shown once, at start. */
  generatedPassword: string | undefined;
}

export function initialDatabase(noAuth: boolean): DatabaseShape {
  return {
    version: schemaVersion,
    secret: newSecret(),
    settings: defaultSettings(noAuth),
    users: [],
    nextUserId: 1,
    shares: [],
    revokedSessions: [],
  };
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function setUpFirstAdmin(config: ServerConfig, users: UsersStore): Promise<FirstRun> {
  const generatedPassword = config.password === undefined ? generatePassword() : undefined;
  const given = config.password ?? generatedPassword ?? '';
  const passwordHash = isBcryptHash(given) ? given : await hashPassword(given.normalize('NFC'));
  const defaults = defaultSettings(config.noAuth).defaults;
  await users.create({
    ...defaults,
    username: config.username,
    passwordHash,
    scope: '/',
    perm: allPermissions(),
    lockPassword: false,
    rules: [],
    sessionVersion: 1,
    revision: 1,
  });
  return { username: config.username, generatedPassword };
}
