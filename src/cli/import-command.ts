// `drawer import FILE`: File Browser's database, or its JSON exports, into Drawer's database.
import { UsageError } from '../config';
import { planImport } from '../import/import-plan';
import type { ImportPlan } from '../import/import-plan';
import { ImportError } from '../import/import-error';
import type { DatabaseShape } from '../store/database';
import { openDatabase } from '../store/database';
import { initialDatabase } from '../store/first-run';
import { assertNoServer, hasDatabase, openExistingDatabase } from './cli-database';
import { CliError } from './cli-error';
import type { CliFlag } from './cli-flags';
import { databaseFlags, flagsHelp, locations, parseCliArgs } from './cli-flags';
import { ConfigFileError, parseConfigFile, toConfigFile } from './config-file';
import { readFileBrowserFile } from './import-file';

const importFlags: readonly CliFlag[] = [
  ...databaseFlags.filter((flag) => flag.name !== 'root'),
  { name: 'dry-run', type: 'boolean', help: 'print what would change and write nothing' },
];

export function importHelp(): string {
  return [
    "Carry File Browser's users, settings and share links over into Drawer.",
    '',
    'Usage:',
    '  drawer import FILE [-d DB] [--dry-run]',
    '',
    'FILE is File Browser’s database (filebrowser.db; stop File Browser first), or the JSON that',
    'filebrowser config export or filebrowser users export wrote. Users keep their passwords,',
    'ids (where free), scopes, rights and rules; links keep their hashes, so sent links work.',
    'Users already in DB (same name) are updated; nothing else in DB is removed. Importing the',
    'same file again changes nothing. What cannot be carried over is listed. Stop the server first.',
    '',
    'Flags:',
    ...flagsHelp(importFlags),
    '',
  ].join('\n');
}

export async function runImportCommand(
  args: readonly string[],
  defaults: { database: string; root: string },
): Promise<number> {
  const parsed = parseCliArgs('import', args, importFlags);
  if (parsed.switches.get('help')) {
    process.stdout.write(importHelp());
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0)
    throw new UsageError(
      'usage: drawer import FILE [-d DB] [--dry-run] (see drawer import --help)',
    );
  const { database } = locations(parsed, defaults, process.cwd());
  const dryRun = parsed.switches.get('dry-run') ?? false;
  const data = (() => {
    try {
      return readFileBrowserFile(file);
    } catch (error) {
      if (error instanceof ImportError)
        throw new CliError(`cannot import ${file}: ${error.message}; nothing was changed`);
      throw error;
    }
  })();
  const exists = hasDatabase(database);
  if (!exists && !dryRun) assertNoServer(database);
  const opened = exists ? await openExistingDatabase(database, dryRun ? 'read' : 'write') : null;
  const plan = planImport(opened?.read() ?? initialDatabase(false), data.content, Date.now());
  checkResult(plan.data, file);
  process.stdout.write(report(plan, `${data.kind} ${file}`, database));
  if (dryRun) {
    process.stdout.write('Dry run: nothing was written.\n');
  } else if (plan.changes.length === 0) {
    process.stdout.write(`Nothing to change: ${database} already holds all of it.\n`);
  } else if (opened) {
    await opened.replace(plan.data);
    process.stdout.write(`Wrote ${database}.\n`);
  } else {
    const { isNew } = await openDatabase(database, () => plan.data);
    // Made by a server starting meanwhile: that one is left alone, the import not applied.
    if (!isNew) throw new CliError(`${database} appeared during the import; run it again`);
    process.stdout.write(`Wrote ${database}.\n`);
  }
  return 0;
}

/**
 * The result must pass the checks of `drawer config import` (unique ids and names, bcrypt hashes,
 * an admin, link owners). Its backup format has no inode binding of links, so that is left out.
 */
function checkResult(data: DatabaseShape, file: string): void {
  // No users at all (a settings-only import into a new database): the first run makes the admin.
  if (data.users.length === 0) return;
  const backup = toConfigFile(data);
  backup.shares = backup.shares.map(({ hash, path, userID, expire, passwordHash }) => ({
    hash,
    path,
    userID,
    expire,
    ...(passwordHash === undefined ? {} : { passwordHash }),
  }));
  try {
    parseConfigFile(JSON.stringify(backup));
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    throw new CliError(
      `cannot import ${file}: the result would not be a valid Drawer database (${error.message}); nothing was changed`,
    );
  }
}

function report(plan: ImportPlan, source: string, database: string): string {
  const lines = [`Importing File Browser's ${source} into ${database}`, plan.summary];
  if (plan.changes.length > 0) lines.push('Changes:', ...plan.changes.map((line) => `  ${line}`));
  if (plan.notCarried.length > 0)
    lines.push('Not carried over:', ...plan.notCarried.map((line) => `  - ${line}`));
  return `${lines.join('\n')}\n`;
}
