// `drawer users ls|add|update|rm`: the users domain functions, driven from the command line.
import { UsageError } from '../config';
import { AppError } from '../errors';
import { createSettingsStore } from '../settings/settings-store';
import { createSharesStore } from '../shares/shares-store';
import type { Database } from '../store/database';
import type { StoredUser, ViewMode } from '../users/user';
import { permissionNames } from '../users/user';
import type { UserInput } from '../users/user-input';
import type { UsersDeps } from '../users/users';
import { createUser, deleteUser, updateUser } from '../users/users';
import type { UsersStore } from '../users/users-store';
import { createUsersStore } from '../users/users-store';
import { assertRootFolder, openExistingDatabase } from './cli-database';
import type { CliFlag, ParsedArgs } from './cli-flags';
import { databaseFlags, flagsHelp, locations, parseCliArgs } from './cli-flags';

interface Locations {
  database: string;
  root: string;
}

/** User fields settable from the command line; File Browser's camelCase names work too. */
const userFlags: readonly CliFlag[] = [
  {
    name: 'admin',
    aliases: ['perm.admin'],
    type: 'boolean',
    help: 'make an admin (--no-admin: take it away)',
  },
  ...permissionNames
    .filter((name) => name !== 'admin')
    .map((name) => ({
      name: `perm.${name}`,
      type: 'boolean' as const,
      help: `the ${name} permission (--perm.${name}=false to refuse it)`,
    })),
  {
    name: 'scope',
    type: 'string',
    placeholder: 'PATH',
    help: 'home folder under the root (default: from the settings)',
  },
  { name: 'locale', type: 'string', placeholder: 'CODE', help: 'language, such as en or fr' },
  {
    name: 'view-mode',
    aliases: ['viewMode'],
    type: 'string',
    placeholder: 'MODE',
    help: 'list, mosaic or "mosaic gallery"',
  },
  {
    name: 'lock-password',
    aliases: ['lockPassword'],
    type: 'boolean',
    help: 'the user cannot change the password',
  },
  {
    name: 'commands',
    type: 'string',
    placeholder: 'LIST',
    help: 'commands the user may run, separated by commas',
  },
  { name: 'hide-dotfiles', aliases: ['hideDotfiles'], type: 'boolean', help: 'hide dotfiles' },
  { name: 'single-click', aliases: ['singleClick'], type: 'boolean', help: 'open on one click' },
  { name: 'date-format', aliases: ['dateFormat'], type: 'boolean', help: 'show exact dates' },
  {
    name: 'folder-sizes',
    aliases: ['folderSizes'],
    type: 'boolean',
    help: 'show folder sizes in listings',
  },
];

const updateOnlyFlags: readonly CliFlag[] = [
  { name: 'password', short: 'p', type: 'string', placeholder: 'PW', help: 'new password' },
  { name: 'username', short: 'u', type: 'string', placeholder: 'NAME', help: 'new name' },
];

const usage = {
  ls: 'drawer users ls [-d FILE]',
  add: 'drawer users add NAME PASSWORD [flags]',
  update: 'drawer users update ID|NAME [flags]',
  rm: 'drawer users rm ID|NAME [-d FILE]',
} as const;

export function usersHelp(): string {
  return [
    'Manage the users of a Drawer database (stop the server before changing them).',
    '',
    'Usage:',
    `  ${usage.ls.padEnd(42)} list users: id, username, admin, scope`,
    `  ${usage.add.padEnd(42)} add a user`,
    `  ${usage.update.padEnd(42)} change a user`,
    `  ${usage.rm.padEnd(42)} delete a user (never the last admin)`,
    '',
    'Flags of every users command:',
    ...flagsHelp(databaseFlags),
    '',
    'Flags of add and update:',
    ...flagsHelp(userFlags),
    '',
    'Flags of update only:',
    ...flagsHelp(updateOnlyFlags),
    '',
  ].join('\n');
}

export async function runUsersCommand(
  args: readonly string[],
  defaults: Locations,
): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined)
    throw new UsageError('usage: drawer users ls|add|update|rm (see drawer users --help)');
  if (action === '--help' || action === '-h' || action === 'help') {
    process.stdout.write(usersHelp());
    return 0;
  }
  if (!(action in usage))
    throw new UsageError(`users: unknown command "${action}" (ls, add, update or rm)`);
  const name = action as keyof typeof usage;
  const command = `users ${name}`;
  const flags =
    name === 'add'
      ? [...databaseFlags, ...userFlags]
      : name === 'update'
        ? [...databaseFlags, ...userFlags, ...updateOnlyFlags]
        : databaseFlags;
  const parsed = parseCliArgs(command, rest, flags);
  if (parsed.switches.get('help')) {
    process.stdout.write(usersHelp());
    return 0;
  }
  const where = locations(parsed, defaults, process.cwd());
  const positionalCount = { ls: 0, add: 2, update: 1, rm: 1 }[name];
  if (parsed.positionals.length !== positionalCount)
    throw new UsageError(`usage: ${usage[name]} (see drawer users --help)`);
  if (name === 'add' || name === 'update') assertRootFolder(where.root);
  const database = await openExistingDatabase(where.database, name === 'ls' ? 'read' : 'write');
  const deps = usersDeps(database, where.root);
  switch (name) {
    case 'ls':
      process.stdout.write(userTable(deps.users.list()));
      return 0;
    case 'add':
      return addUser(deps, parsed);
    case 'update':
      return changeUser(deps, parsed);
    case 'rm': {
      const user = findUser(deps.users, parsed.positionals[0] ?? '');
      await deleteUser(deps, undefined, user.id);
      process.stdout.write(`User '${user.username}' (id ${user.id}) deleted.\n`);
      return 0;
    }
  }
}

function usersDeps(database: Database, root: string): UsersDeps {
  return {
    users: createUsersStore(database),
    settings: createSettingsStore(database),
    shares: createSharesStore(database),
    root,
  };
}

async function addUser(deps: UsersDeps, parsed: ParsedArgs): Promise<number> {
  const [username = '', password = ''] = parsed.positionals;
  const { data } = userChanges(parsed);
  const user = await createUser(deps, { ...data, username, password });
  process.stdout.write(`User '${user.username}' created with id ${user.id}.\n`);
  process.stdout.write(userTable([user]));
  return 0;
}

async function changeUser(deps: UsersDeps, parsed: ParsedArgs): Promise<number> {
  const target = findUser(deps.users, parsed.positionals[0] ?? '');
  const { data, which } = userChanges(parsed);
  const password = parsed.strings.get('password');
  const username = parsed.strings.get('username');
  if (password !== undefined) {
    data.password = password;
    which.push('password');
  }
  if (username !== undefined) {
    data.username = username;
    which.push('username');
  }
  if (which.length === 0)
    throw new UsageError(
      `nothing to change: give a flag such as --password (see drawer users --help)`,
    );
  const { user, passwordChanged } = await updateUser(deps, undefined, target.id, which, data);
  process.stdout.write(
    `User '${user.username}' (id ${user.id}) updated${passwordChanged ? '; their sessions have ended' : ''}.\n`,
  );
  process.stdout.write(userTable([user]));
  return 0;
}

/** The fields the flags set, and their names for updateUser's `which`. */
function userChanges(parsed: ParsedArgs): { data: UserInput; which: string[] } {
  const data: UserInput = {};
  const which = new Set<string>();
  const perm: NonNullable<UserInput['perm']> = {};
  for (const [flag, value] of parsed.switches) {
    // --admin is short for --perm.admin.
    const permission = permissionNames.find((name) => flag === `perm.${name}` || flag === name);
    if (permission) {
      perm[permission] = value;
      which.add('perm');
      continue;
    }
    if (flag === 'lock-password') data.lockPassword = value;
    else if (flag === 'hide-dotfiles') data.hideDotfiles = value;
    else if (flag === 'single-click') data.singleClick = value;
    else if (flag === 'date-format') data.dateFormat = value;
    else if (flag === 'folder-sizes') data.folderSizes = value;
    else continue;
    which.add(camelCase(flag));
  }
  if (Object.keys(perm).length > 0) data.perm = perm;
  const scope = parsed.strings.get('scope');
  if (scope !== undefined) data.scope = scope;
  const locale = parsed.strings.get('locale');
  if (locale !== undefined) data.locale = locale;
  const viewMode = parsed.strings.get('view-mode');
  if (viewMode !== undefined) data.viewMode = checkViewMode(viewMode);
  const commands = parsed.strings.get('commands');
  if (commands !== undefined) data.commands = commands.split(',');
  for (const field of ['scope', 'locale', 'view-mode', 'commands'])
    if (parsed.strings.has(field)) which.add(camelCase(field));
  return { data, which: [...which] };
}

function checkViewMode(mode: string): ViewMode {
  const modes: readonly ViewMode[] = ['list', 'mosaic', 'mosaic gallery'];
  const found = modes.find((candidate) => candidate === mode);
  if (!found) throw new UsageError(`--view-mode must be list, mosaic or "mosaic gallery"`);
  return found;
}

function camelCase(flag: string): string {
  return flag.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** By id when the argument is a number that names one, else by username. */
function findUser(users: UsersStore, idOrName: string): StoredUser {
  const byId = /^\d+$/.test(idOrName) ? users.get(Number(idOrName)) : undefined;
  const user = byId ?? users.findByName(idOrName);
  if (!user) throw new AppError('users.notFound', `there is no user "${idOrName}"`);
  return user;
}

function userTable(users: readonly StoredUser[]): string {
  const rows = [
    ['ID', 'USERNAME', 'ADMIN', 'SCOPE'],
    ...users.map((user) => [
      String(user.id),
      user.username,
      user.perm.admin ? 'yes' : 'no',
      user.scope,
    ]),
  ];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column < 3 ? cell + ' '.repeat((widths[column] ?? 0) + 2 - [...cell].length) : cell,
        )
        .join('')
        .trimEnd(),
    )
    .join('\n')
    .concat('\n');
}
