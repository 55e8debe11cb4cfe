// What callers may send to create or change a user, and the pure checks on it.
import { hashPassword, checkPasswordPolicy, normalisePassword } from '../auth/passwords';
import { refuseShellCommands } from '../commands/command-allow-list';
import { AppError } from '../errors';
import type { Rule } from '../api/rules';
import { compileRuleRegex } from '../rules/rules';
import type { Permissions, Sorting, StoredUser, ViewMode } from './user';
import { canShare, usernameProblem } from './user';

/** A user as the API or the command line sends it; every field optional, the password in clear. */
export interface UserInput {
  id?: number;
  username?: string;
  password?: string;
  scope?: string;
  locale?: string;
  lockPassword?: boolean;
  viewMode?: ViewMode | '';
  singleClick?: boolean;
  redirectAfterCopyMove?: boolean;
  perm?: Partial<Permissions>;
  commands?: string[];
  sorting?: { by?: Sorting['by'] | ''; asc?: boolean };
  rules?: RuleInput[];
  hideDotfiles?: boolean;
  dateFormat?: boolean;
  aceEditorTheme?: string;
  folderSizes?: boolean;
}

export interface RuleInput {
  allow: boolean;
  path: string;
  regex: boolean;
  regexp?: { raw: string } | null;
}

/** The user fields `which` can name, in File Browser's spelling. */
export const userFieldNames = [
  'username',
  'password',
  'scope',
  'locale',
  'lockPassword',
  'viewMode',
  'singleClick',
  'redirectAfterCopyMove',
  'perm',
  'commands',
  'sorting',
  'rules',
  'hideDotfiles',
  'dateFormat',
  'aceEditorTheme',
  'folderSizes',
] as const satisfies readonly (keyof UserInput)[];

export type UserField = (typeof userFieldNames)[number];

/** Fields only an admin may change, even on themselves. */
export const adminOnlyFields: ReadonlySet<UserField> = new Set<UserField>([
  'username',
  'scope',
  'lockPassword',
  'perm',
  'commands',
  'rules',
]);

const fieldByLowerName = new Map<string, UserField>(
  userFieldNames.map((name) => [name.toLowerCase(), name]),
);

/** `which` empty or naming "all" means replacing the whole record. */
export function isWholeRecord(which: readonly string[]): boolean {
  return which.length === 0 || which.some((name) => name.toLowerCase() === 'all');
}

/** Maps `which` names to user fields, case-insensitively as File Browser does; unknown names are refused. */
export function resolveFields(which: readonly string[]): UserField[] {
  const fields = new Set<UserField>();
  for (const name of which) {
    const field = fieldByLowerName.get(name.toLowerCase());
    if (!field)
      throw new AppError('users.unknownField', `unknown user field "${name.slice(0, 64)}"`);
    fields.add(field);
  }
  return [...fields];
}

export function checkUsername(username: string): string {
  const name = username.normalize('NFC');
  const problem = usernameProblem(name);
  if (problem) throw new AppError('users.invalidName', problem);
  return name;
}

/** Checks the policy on the NFC form and returns its bcrypt hash. */
export async function hashNewPassword(password: string, minimumLength: number): Promise<string> {
  const normalised = normalisePassword(password);
  checkPasswordPolicy(normalised, minimumLength);
  return hashPassword(normalised);
}

export function mergePermissions(
  base: Permissions,
  change: Partial<Permissions> = {},
): Permissions {
  const perm = { ...base, ...change };
  if (perm.share && !canShare(perm))
    throw new AppError(
      'users.shareNeedsDownload',
      'permission to share requires permission to download',
    );
  return perm;
}

export function mergeSorting(base: Sorting, change: UserInput['sorting'] = {}): Sorting {
  return { by: change.by || base.by || 'name', asc: change.asc ?? base.asc };
}

/** Command words as typed: trimmed, empty ones dropped; a shell or interpreter is a 400. */
export function cleanCommands(commands: readonly string[]): string[] {
  return refuseShellCommands(commands.map((command) => command.trim()).filter(Boolean));
}

/** Rules as stored; a regular expression that does not compile is refused, never stored. */
export function toRules(rules: readonly RuleInput[]): Rule[] {
  rules.forEach((rule, index) => {
    if (rule.regex && compileRuleRegex(rule.regexp?.raw ?? '') === undefined) {
      throw new AppError(
        'request.invalid',
        `rules[${index}]: "${(rule.regexp?.raw ?? '').slice(0, 100)}" is not a valid regular expression`,
      );
    }
  });
  return rules.map((rule) => ({
    allow: rule.allow,
    path: rule.path,
    regex: rule.regex,
    regexp: rule.regexp ? { raw: rule.regexp.raw } : null,
  }));
}

/** The plain preference fields named in `fields` that the input carries, copied as they are. */
export function plainChanges(input: UserInput, fields: readonly UserField[]): Partial<StoredUser> {
  const changes: Partial<StoredUser> = {
    locale: input.locale,
    lockPassword: input.lockPassword,
    viewMode: input.viewMode || undefined,
    singleClick: input.singleClick,
    redirectAfterCopyMove: input.redirectAfterCopyMove,
    hideDotfiles: input.hideDotfiles,
    dateFormat: input.dateFormat,
    aceEditorTheme: input.aceEditorTheme,
    folderSizes: input.folderSizes,
  };
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) {
    if (!(fields as readonly string[]).includes(key) || changes[key] === undefined)
      delete changes[key];
  }
  return changes;
}
