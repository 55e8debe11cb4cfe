// `drawer config export|import`: a whole-database backup (settings, users, shares) without the secret.
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../config';
import type { DatabaseShape } from '../store/database';
import { newSecret, openDatabase, schemaVersion } from '../store/database';
import { assertNoServer, hasDatabase, openExistingDatabase } from './cli-database';
import { CliError } from './cli-error';
import { databaseFlags, flagsHelp, locations, parseCliArgs } from './cli-flags';
import type { ConfigFile } from './config-file';
import { ConfigFileError, parseConfigFile, toConfigFile } from './config-file';

export function configHelp(): string {
  return [
    'Back up or restore a Drawer database.',
    '',
    'Usage:',
    '  drawer config export FILE [-d DB]   write settings, users (with password hashes) and shares',
    '                                      to FILE (mode 0600; - for standard output)',
    '  drawer config import FILE [-d DB]   replace settings, users and shares with those of FILE;',
    '                                      creates the database if needed (stop the server first)',
    '',
    'The signing secret is never exported: an import keeps the database’s own, or makes a new one.',
    '',
    'Flags:',
    ...flagsHelp(databaseFlags.filter((flag) => flag.name !== 'root')),
    '',
  ].join('\n');
}

export async function runConfigCommand(
  args: readonly string[],
  defaults: { database: string; root: string },
): Promise<number> {
  const [action, ...rest] = args;
  if (action === '--help' || action === '-h' || action === 'help') {
    process.stdout.write(configHelp());
    return 0;
  }
  if (action !== 'export' && action !== 'import')
    throw new UsageError('usage: drawer config export|import FILE (see drawer config --help)');
  const parsed = parseCliArgs(`config ${action}`, rest, databaseFlags);
  if (parsed.switches.get('help')) {
    process.stdout.write(configHelp());
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0)
    throw new UsageError(`usage: drawer config ${action} FILE [-d DB]`);
  const { database } = locations(parsed, defaults, process.cwd());
  return action === 'export'
    ? exportConfig(database, file)
    : importConfig(database, path.resolve(file));
}

async function exportConfig(databaseFile: string, file: string): Promise<number> {
  const database = await openExistingDatabase(databaseFile, 'read');
  const text = `${JSON.stringify(toConfigFile(database.read()), null, 2)}\n`;
  if (file === '-') {
    process.stdout.write(text);
    return 0;
  }
  const target = path.resolve(file);
  try {
    // The file holds password hashes: private even when it already existed with a wider mode.
    const handle = fs.openSync(target, 'w', 0o600);
    try {
      fs.fchmodSync(handle, 0o600);
      fs.writeFileSync(handle, text);
    } finally {
      fs.closeSync(handle);
    }
  } catch (error) {
    throw new CliError(`cannot write ${target}: ${(error as Error).message}`);
  }
  process.stdout.write(`Exported the settings, users and shares of ${databaseFile} to ${target}\n`);
  return 0;
}

async function importConfig(databaseFile: string, file: string): Promise<number> {
  let backup: ConfigFile;
  try {
    backup = parseConfigFile(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof ConfigFileError ? error.message : (error as Error).message.split('\n')[0];
    throw new CliError(`cannot import ${file}: ${reason}; the database was not changed`);
  }
  const imported = (
    secret: string,
    nextUserId: number,
    revokedSessions: DatabaseShape['revokedSessions'] = [],
    uploadFolders: DatabaseShape['uploadFolders'] = [],
  ): DatabaseShape => ({
    version: schemaVersion,
    secret,
    settings: backup.settings,
    users: backup.users,
    // Ids are never handed out twice, so old links and tokens cannot point at a new user.
    nextUserId: Math.max(nextUserId, ...backup.users.map((user) => user.id + 1)),
    shares: backup.shares,
    // The secret stays, so sessions ended by logout must stay ended.
    revokedSessions: [...revokedSessions],
    // Where unfinished uploads lie: the cleaner must still find them.
    uploadFolders: [...uploadFolders],
  });
  if (hasDatabase(databaseFile)) {
    assertNoServer(databaseFile);
    const database = await openExistingDatabase(databaseFile, 'write');
    const current = database.read();
    await database.replace(
      imported(current.secret, current.nextUserId, current.revokedSessions, current.uploadFolders),
    );
  } else {
    await openDatabase(databaseFile, () => imported(newSecret(), 1));
  }
  process.stdout.write(
    `Imported ${backup.users.length} users, ${backup.shares.length} shares and the settings into ${databaseFile}\n`,
  );
  return 0;
}
