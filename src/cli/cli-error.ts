// A command that cannot go on for a reason the user can fix: printed as one line, exit status 1.

export class CliError extends Error {
  override name = 'CliError';
}
