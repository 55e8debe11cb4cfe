// The error for bad flags, variables or config-file values: main prints its one line and exits 2.
export class UsageError extends Error {
  override name = 'UsageError';
}
