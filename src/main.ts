// Entry point: arguments → configuration → the command to run, and the one place errors become exits.
import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './cli/cli-error';
import { serve } from './cli/serve-command';
import { runSubcommand } from './cli/subcommands';
import { helpText, parseInvocation, UsageError } from './config';
import { isAppError } from './errors';
import { CorruptDatabaseError } from './store/atomic-file';
import { DatabaseInUseError } from './store/database-lock';
import { commit, version } from './version';

async function main(): Promise<number> {
  const invocation = parseInvocation(process.argv.slice(2), process.env, process.cwd());
  switch (invocation.kind) {
    case 'help':
      process.stdout.write(helpText(version));
      return 0;
    case 'version':
      // The options Node runs with (src/runtime-flags.ts): the executable's own, or the command line's.
      process.stdout.write(
        `Drawer ${version} (${commit}) on Node ${process.version}${process.execArgv.length > 0 ? ` with ${process.execArgv.join(' ')}` : ''}\n`,
      );
      return 0;
    case 'subcommand':
      return runSubcommand(invocation);
    case 'serve':
      return serve(invocation.config, uiFolder());
  }
}

/** The built UI sits beside the bundle (build/ui); from source, in build/ui of the checkout. */
function uiFolder(): string {
  const script = process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : process.cwd();
  const besideBundle = path.join(script, 'ui');
  return fs.existsSync(besideBundle) ? besideBundle : path.resolve(script, '..', 'build', 'ui');
}

/** Errors the user can act on are one line; anything else is a bug and keeps its stack. */
function exitStatusOf(error: unknown): { status: number; message: string } {
  if (error instanceof UsageError) return { status: 2, message: error.message };
  if (
    error instanceof CliError ||
    error instanceof CorruptDatabaseError ||
    error instanceof DatabaseInUseError ||
    isAppError(error)
  )
    return { status: 1, message: error.message };
  return {
    status: 1,
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}

/** Exits once what was written is out: pipes are asynchronous on some systems. */
function exit(status: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(status)));
}

main().then(exit, (error: unknown) => {
  const { status, message } = exitStatusOf(error);
  process.stderr.write(`drawer: ${message}\n`);
  exit(status);
});
