// The user: its stored shape, what the API shows of it, and the pure rules about names and permissions.
import type { Rule } from '../api/rules';
import type { Permissions, PublicUser, UserPreferences } from '../api/users';

// The wire types live in src/api (the UI imports them too); these re-exports keep server imports short.
export type { Permissions, PublicUser, Sorting, UserPreferences, ViewMode } from '../api/users';
export { permissionNames } from '../api/users';

/**
 * Preferences as stored: records written before a preference existed lack it, and a missing one
 * is off (toPublicUser and settingsView fill it in).
 */
export type StoredPreferences = Omit<UserPreferences, 'folderSizes'> & { folderSizes?: boolean };

export interface StoredUser extends StoredPreferences {
  id: number;
  username: string;
  passwordHash: string;
  lockPassword: boolean;
  rules: Rule[];
  /** Bumped when the password changes: tokens carrying an older value stop working. */
  sessionVersion: number;
  /** Bumped on every change: tokens carrying an older value are told to renew. */
  revision: number;
}

export function toPublicUser(user: StoredUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    password: '',
    scope: user.scope,
    locale: user.locale,
    lockPassword: user.lockPassword,
    viewMode: user.viewMode,
    singleClick: user.singleClick,
    redirectAfterCopyMove: user.redirectAfterCopyMove,
    perm: { ...user.perm },
    commands: [...user.commands],
    sorting: { ...user.sorting },
    rules: user.rules.map((rule) => ({ ...rule })),
    hideDotfiles: user.hideDotfiles,
    dateFormat: user.dateFormat,
    aceEditorTheme: user.aceEditorTheme,
    folderSizes: user.folderSizes === true,
  };
}

export function allPermissions(): Permissions {
  return {
    admin: true,
    execute: true,
    create: true,
    rename: true,
    modify: true,
    delete: true,
    share: true,
    download: true,
  };
}

/** Admin implies every other permission, whatever the stored flags say. */
export function effectivePermissions(user: Pick<StoredUser, 'perm'>): Permissions {
  return user.perm.admin ? allPermissions() : { ...user.perm };
}

/**
 * Whether these permissions let their holder create share links: a share hands files out, so it
 * needs the download permission as well. Inputs asking for one without the other are refused;
 * records that hold it anyway (imported, or older) share nothing.
 */
export function canShare(perm: Pick<Permissions, 'share' | 'download'>): boolean {
  return perm.share && perm.download;
}

/**
 * Why a username is refused, or undefined when it is fine. Names end up in home folder names,
 * logs and headers, so control, bidi and invisible characters and path separators are refused.
 */
export function usernameProblem(name: string): string | undefined {
  if (name.length === 0) return 'the username is empty';
  if (name !== name.trim()) return 'the username starts or ends with a space';
  if ([...name].length > 64) return 'the username is longer than 64 characters';
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
    return 'the username contains control or invisible characters';
  if (/[/\\]/.test(name)) return 'the username contains a slash';
  if (name === '.' || name === '..') return 'the username is not a name';
  return undefined;
}

/** Usernames are unique regardless of case and Unicode form: "Alice" and "alice" are one user. */
export function usernameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** The folder name derived from a username for automatic home folders (File Browser's cleaning). */
export function homeFolderName(username: string): string | undefined {
  const cleaned = username
    .normalize('NFC')
    .trim()
    .replaceAll('..', '')
    .replace(/[^0-9A-Za-z@_.-]/g, '-')
    .replace(/-+/g, '-');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return undefined;
  return cleaned;
}
