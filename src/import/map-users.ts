// A File Browser user as a Drawer user: the same id, name, bcrypt hash, scope and rights.
import path from 'node:path';
import { isBcryptHash } from '../auth/passwords';
import { normaliseScope } from '../fs/scope-dirs';
import { userFieldNames } from '../users/user-input';
import type { StoredUser } from '../users/user';
import { usernameProblem } from '../users/user';
import type { RawRecord } from './filebrowser-data';
import { fieldsOf, notUnderstood } from './filebrowser-data';
import { mapPreferences, mapRules } from './map-preferences';

/** A user as imported; the counters are Drawer's own and are set when it is merged in. */
export type ImportedUser = Omit<StoredUser, 'sessionVersion' | 'revision'>;

/** File Browser's user record: its id plus the fields its API edits. */
const userFields = ['id', ...userFieldNames];

export type UserMapping = { user: ImportedUser } | { skipped: string; id: number | undefined };

export function mapUser(record: RawRecord, notes: string[]): UserMapping {
  const named = typeof record.username === 'string' ? record.username.normalize('NFC') : '';
  const where = `user ${named || `#${String(record.id)}`}`;
  const fields = fieldsOf(record, where, notes);
  const id = fields.number('id');
  const username = fields.string('username').normalize('NFC');
  const validId = Number.isSafeInteger(id) && id > 0 ? id : undefined;
  const skip = (reason: string): UserMapping => ({ skipped: `${where}: ${reason}`, id: validId });
  if (validId === undefined) return skip(`id ${JSON.stringify(record.id)} is not a user id`);
  const nameProblem = usernameProblem(username);
  if (nameProblem) return skip(`${nameProblem}, which Drawer refuses`);
  const passwordHash = fields.string('password');
  if (!isBcryptHash(passwordHash))
    return skip('its password is not a bcrypt hash, so nobody could log in with it');
  let scope: string;
  try {
    scope = userScope(fields.string('scope'));
  } catch (error) {
    return skip(`scope ${JSON.stringify(fields.string('scope'))}: ${(error as Error).message}`);
  }
  notUnderstood(record, userFields, where, notes);
  const preferences = mapPreferences(fields, where, notes);
  const rules = mapRules(fields.list('rules'), where, notes);
  return {
    user: {
      id: validId,
      username,
      passwordHash,
      scope,
      ...preferences,
      lockPassword: fields.boolean('lockPassword'),
      rules,
    },
  };
}

/**
 * File Browser joins the scope under its root after cleaning it as an absolute path, so ".."
 * can never climb out; cleaning it the same way keeps its meaning and passes Drawer's check.
 */
export function userScope(scope: string): string {
  return normaliseScope(path.posix.normalize(`/${scope.trim()}`));
}
