// Subcommands that work on the database without serving: hash, users, config, import.
import type { Invocation } from '../config';
import { UsageError } from '../config';
import { hashPassword, maxPasswordBytes } from '../auth/passwords';
import { runConfigCommand } from './config-command';
import { runImportCommand } from './import-command';
import { runUsersCommand } from './users-command';

type Subcommand = Extract<Invocation, { kind: 'subcommand' }>;

export async function runSubcommand(invocation: Subcommand): Promise<number> {
  const locations = { database: invocation.database, root: invocation.root };
  switch (invocation.name) {
    case 'hash': {
      const [password, ...extra] = invocation.args;
      if (password === '--help' || password === '-h') {
        process.stdout.write(
          'Usage: drawer hash PASSWORD\nPrints a bcrypt hash of PASSWORD, to give to --password.\n',
        );
        return 0;
      }
      if (password === undefined || password === '' || extra.length > 0)
        throw new UsageError('usage: drawer hash PASSWORD');
      if (Buffer.byteLength(password.normalize('NFC'), 'utf8') > maxPasswordBytes)
        throw new UsageError(`hash: passwords longer than ${maxPasswordBytes} bytes cannot log in`);
      process.stdout.write(`${await hashPassword(password.normalize('NFC'))}\n`);
      return 0;
    }
    case 'users':
      return runUsersCommand(invocation.args, locations);
    case 'config':
      return runConfigCommand(invocation.args, locations);
    case 'import':
      return runImportCommand(invocation.args, locations);
    case 'version':
      throw new UsageError('version takes no arguments');
  }
}
