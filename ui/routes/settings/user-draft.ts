// The user form's state (docs/UI.md, Data and Behaviour): what is typed, and what is sent from it.
import type { Rule } from '../../../src/api/rules';
import type { Permissions } from '../../../src/api/users';
import { scopeSegments } from '../../../src/fs/scope-path';
import type { UserDefaults } from '../../api/settings';
import type { UserDraft } from '../../api/users-admin';
import { joinWords, splitWords } from './settings-text';

/** The form's fields; commands stay as typed so a trailing space survives until the save. */
export interface UserFormState {
  username: string;
  password: string;
  scope: string;
  locale: string;
  lockPassword: boolean;
  perm: Permissions;
  commands: string;
  rules: Rule[];
}

/** The order the permission boxes appear in. */
export const permissionNames = [
  'admin',
  'create',
  'delete',
  'download',
  'modify',
  'execute',
  'rename',
  'share',
] as const satisfies readonly (keyof Permissions)[];

/**
 * A scope written the way the server stores users' scopes ('/', '/alice'): File Browser's default
 * scope '.' is the served folder, so the defaults show it as '/' (docs/UI.md, Screens).
 */
export function scopeAsShown(scope: string): string {
  // Blank stays blank: with createUserDir it asks for a home folder.
  if (scope.trim() === '') return '';
  return `/${scopeSegments(scope).join('/')}`;
}

/** A new user starts from the defaults, with an empty name, no rules and an unlocked password. */
export function draftFromDefaults(defaults: UserDefaults): UserFormState {
  return {
    username: '',
    password: '',
    scope: scopeAsShown(defaults.scope),
    locale: defaults.locale,
    lockPassword: false,
    perm: { ...defaults.perm },
    commands: joinWords(defaults.commands),
    rules: [],
  };
}

/** The form filled from a stored user: the fields it edits, the password left blank. */
export function draftFromUser(user: Omit<UserDraft, 'password'>): UserFormState {
  return {
    username: user.username,
    password: '',
    scope: user.scope,
    locale: user.locale,
    lockPassword: user.lockPassword,
    perm: { ...user.perm },
    commands: joinWords(user.commands ?? []),
    rules: (user.rules ?? []).map((rule) => ({ ...rule })),
  };
}

export function userDraftOf(state: UserFormState): UserDraft {
  return {
    username: state.username.trim(),
    password: state.password,
    scope: state.scope.trim(),
    locale: state.locale,
    lockPassword: state.perm.admin ? false : state.lockPassword,
    perm: state.perm,
    commands: splitWords(state.commands),
    rules: state.rules,
  };
}

export function defaultsOf(state: UserFormState): UserDefaults {
  return {
    scope: state.scope.trim(),
    locale: state.locale,
    perm: state.perm,
    commands: splitWords(state.commands),
  };
}

/**
 * Ticking or clearing one permission. Turning admin on grants every permission and clears the
 * password lock; while admin is on the other boxes are locked, so they cannot be cleared.
 */
export function withPermission(
  state: UserFormState,
  name: keyof Permissions,
  checked: boolean,
): UserFormState {
  if (name === 'admin' && checked) {
    const perm: Permissions = {
      admin: true,
      create: true,
      delete: true,
      download: true,
      modify: true,
      execute: true,
      rename: true,
      share: true,
    };
    return { ...state, perm, lockPassword: false };
  }
  if (name !== 'admin' && state.perm.admin) return state;
  return { ...state, perm: { ...state.perm, [name]: checked } };
}
