// Subcommands that work on the database without serving: hash, users, config.
import type { Invocation } from '../config';
import { UsageError } from '../config';
import { hashPassword } from '../auth/passwords';

type Subcommand = Extract<Invocation, { kind: 'subcommand' }>;

export async function runSubcommand(invocation: Subcommand): Promise<number> {
  switch (invocation.name) {
    case 'hash': {
      const [password, ...extra] = invocation.args;
      if (password === undefined || extra.length > 0)
        throw new UsageError('usage: drawer hash PASSWORD');
      process.stdout.write(`${await hashPassword(password.normalize('NFC'))}\n`);
      return 0;
    }
    default:
      throw new UsageError(`"${invocation.name}" is not available yet`);
  }
}
