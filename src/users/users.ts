// Creating, changing and deleting users: who may do what, and the checks that must hold in the store.
import { normalisePassword, verifyPassword } from '../auth/passwords';
import { AppError } from '../errors';
import { ensureScopeDirectory, normaliseScope } from '../fs/scope-dirs';
import type { Settings } from '../settings/settings';
import type { SettingsStore } from '../settings/settings-store';
import type { SharesStore } from '../shares/shares-store';
import type { PublicUser, StoredUser } from './user';
import { canShare, homeFolderName, toPublicUser, usernameKey } from './user';
import type { UserField, UserInput } from './user-input';
import {
  adminOnlyFields,
  checkUsername,
  cleanCommands,
  hashNewPassword,
  isWholeRecord,
  mergePermissions,
  mergeSorting,
  plainChanges,
  resolveFields,
  toRules,
  userFieldNames,
} from './user-input';
import type { UsersStore } from './users-store';

export interface UsersDeps {
  users: UsersStore;
  settings: SettingsStore;
  shares: SharesStore;
  /** The served folder: scopes are created under it. */
  root: string;
  /** False in no-auth mode, where nobody has a password to confirm with. */
  confirmsPasswords?: boolean;
}

/** An acting user, or undefined for the command line (full power, last-admin rule still holds). */
export type UserActor = StoredUser | undefined;

export async function createUser(
  deps: UsersDeps,
  input: UserInput,
  /**
   * signup: self-registered; provisioned: created on a proxy login. Both take nothing but a name
   * and a password, never admin or execute rights; a provisioned user's password stays locked.
   */
  options: { signup?: boolean; provisioned?: boolean } = {},
): Promise<StoredUser> {
  const settings = deps.settings.get();
  const signup = options.signup === true || options.provisioned === true;
  const username = checkUsername(input.username ?? '');
  assertNameFree(deps.users.list(), username, undefined);
  // Self-registered users take nothing from the request but a name and a password.
  const given: UserInput = signup ? {} : input;
  const { scope, isHome } = newUserScope(settings, username, given.scope ?? '');
  if (isHome) assertHomeFree(deps.users.list(), scope);
  const defaults = settings.defaults;
  const perm = signup
    ? {
        ...defaults.perm,
        admin: false,
        execute: false,
        share: canShare(defaults.perm),
      }
    : mergePermissions(defaults.perm, given.perm);
  const passwordHash = await hashNewPassword(input.password ?? '', minimumLength(settings));
  await ensureScopeDirectory(deps.root, scope);
  const record: Omit<StoredUser, 'id'> = {
    ...defaults,
    ...plainChanges(given, userFieldNames),
    username,
    passwordHash,
    scope,
    perm,
    sorting: mergeSorting(defaults.sorting, given.sorting),
    commands: signup ? [] : cleanCommands(given.commands ?? defaults.commands),
    rules: toRules(given.rules ?? []),
    lockPassword: options.provisioned === true || (given.lockPassword ?? false),
    sessionVersion: 1,
    revision: 1,
  };
  // Checked again inside the write: concurrent requests cannot both pass.
  return deps.users.create(record, (users) => {
    assertNameFree(users, username, undefined);
    if (isHome) assertHomeFree(users, scope);
  });
}

export async function updateUser(
  deps: UsersDeps,
  actor: UserActor,
  id: number,
  which: readonly string[],
  data: UserInput,
  currentPassword?: string,
): Promise<{ user: StoredUser; passwordChanged: boolean }> {
  const target = findVisible(deps.users, actor, id);
  if (data.id !== undefined && data.id !== id)
    throw new AppError('users.idMismatch', 'data.id does not match the user in the URL');
  const whole = isWholeRecord(which);
  const fields = whole
    ? userFieldNames.filter((field) => data[field] !== undefined)
    : resolveFields(which);
  if (actor && !actor.perm.admin) checkSelfService(actor, whole, fields);
  const guarded = whole || fields.some((field) => passwordGuardedFields.has(field));
  await confirmActor(deps, actor, currentPassword, guarded);
  if (!whole) {
    const missing = fields.find((field) => field !== 'password' && data[field] === undefined);
    if (missing) throw new AppError('request.invalid', `data is missing the field "${missing}"`);
  }

  const settings = deps.settings.get();
  const changes: Partial<StoredUser> = plainChanges(data, fields);
  if (fields.includes('username')) changes.username = checkUsername(data.username ?? '');
  if (fields.includes('perm')) changes.perm = mergePermissions(target.perm, data.perm);
  if (fields.includes('sorting')) changes.sorting = mergeSorting(target.sorting, data.sorting);
  if (fields.includes('commands')) changes.commands = cleanCommands(data.commands ?? []);
  if (fields.includes('rules')) changes.rules = toRules(data.rules ?? []);
  if (fields.includes('scope')) {
    changes.scope = normaliseScope(data.scope ?? '');
    if (changes.scope !== target.scope) await ensureScopeDirectory(deps.root, changes.scope);
  }
  // In a whole-record save an empty password means "keep it"; naming it alone means "set it".
  const password = data.password ?? '';
  const passwordChanged = fields.includes('password') && (!whole || password !== '');
  if (passwordChanged) {
    changes.passwordHash = await hashNewPassword(password, minimumLength(settings));
  }

  const user = await deps.users.update(id, (stored, users) => {
    if (changes.username !== undefined) assertNameFree(users, changes.username, id);
    if (changes.perm && stored.perm.admin && !changes.perm.admin) assertAnotherAdmin(users, id);
    Object.assign(stored, changes);
    if (passwordChanged) stored.sessionVersion += 1;
  });
  if (!user) throw new AppError('users.notFound');
  return { user, passwordChanged };
}

export async function deleteUser(deps: UsersDeps, actor: UserActor, id: number): Promise<void> {
  findVisible(deps.users, actor, id);
  const removed = await deps.users.remove(id, (users) => {
    if (users.find((user) => user.id === id)?.perm.admin) assertAnotherAdmin(users, id);
  });
  if (!removed) throw new AppError('users.notFound');
  await deps.shares.removeWhere((share) => share.userID === id);
}

/**
 * Changes that hand over an account or widen what it reaches. Like File Browser, they need the
 * acting user's own password, so a stolen session (a token from a log, an unlocked screen) cannot
 * lock the owner out or make itself admin.
 */
const passwordGuardedFields: ReadonlySet<UserField> = new Set<UserField>([
  'username',
  'password',
  'scope',
  'perm',
  'commands',
  'rules',
  'lockPassword',
]);

/**
 * Checks `currentPassword` against the acting user's: required for guarded changes (creating and
 * deleting users too), checked whenever given. The command line (no actor) and no-auth mode skip it.
 */
export async function confirmActor(
  deps: UsersDeps,
  actor: UserActor,
  currentPassword: string | undefined,
  required: boolean,
): Promise<void> {
  if (!actor || deps.confirmsPasswords === false) return;
  if (!currentPassword) {
    if (required)
      throw new AppError('users.currentPasswordRequired', 'the current password is required');
    return;
  }
  if (!(await verifyPassword(normalisePassword(currentPassword), actor.passwordHash)))
    throw new AppError('users.currentPasswordWrong', 'the current password is incorrect');
}

/** What a caller sees of a user: never the hash, and non-admins not even their own scope. */
export function userView(actor: UserActor, user: StoredUser): PublicUser {
  const view = toPublicUser(user);
  if (actor && !actor.perm.admin) view.scope = '';
  return view;
}

/** A user the actor may act on: non-admins only reach themselves (403 before 404, so ids stay private). */
export function findVisible(users: UsersStore, actor: UserActor, id: number): StoredUser {
  if (actor && !actor.perm.admin && actor.id !== id) throw new AppError('auth.forbidden');
  const user = users.get(id);
  if (!user) throw new AppError('users.notFound');
  return user;
}

function checkSelfService(actor: StoredUser, whole: boolean, fields: readonly UserField[]): void {
  if (whole) throw new AppError('users.fieldForbidden', 'only an admin can replace a whole user');
  for (const field of fields) {
    if (adminOnlyFields.has(field))
      throw new AppError('users.fieldForbidden', `only an admin can change "${field}"`);
  }
  if (fields.includes('password') && actor.lockPassword)
    throw new AppError('users.passwordLocked', 'the password of this user is locked');
}

function newUserScope(
  settings: Settings,
  username: string,
  givenScope: string,
): { scope: string; isHome: boolean } {
  if (givenScope.trim() !== '' || !settings.createUserDir)
    return { scope: normaliseScope(givenScope.trim() || settings.defaults.scope), isHome: false };
  const folder = homeFolderName(username);
  if (!folder)
    throw new AppError('users.invalidName', 'the username does not make a home folder name');
  return { scope: normaliseScope(`${settings.userHomeBasePath}/${folder}`), isHome: true };
}

function assertNameFree(
  users: readonly StoredUser[],
  username: string,
  exceptId: number | undefined,
): void {
  const key = usernameKey(username);
  if (users.some((user) => user.id !== exceptId && usernameKey(user.username) === key))
    throw new AppError('users.nameTaken');
}

function assertHomeFree(users: readonly StoredUser[], scope: string): void {
  const key = scope.toLowerCase();
  if (users.some((user) => scopeKey(user.scope) === key))
    throw new AppError('users.homeTaken', 'another user already has this home folder');
}

function scopeKey(scope: string): string {
  try {
    return normaliseScope(scope).toLowerCase();
  } catch {
    return scope.toLowerCase();
  }
}

function assertAnotherAdmin(users: readonly StoredUser[], id: number): void {
  if (!users.some((user) => user.id !== id && user.perm.admin))
    throw new AppError('users.lastAdmin');
}

function minimumLength(settings: Settings): number {
  return settings.minimumPasswordLength > 0 ? settings.minimumPasswordLength : 12;
}
