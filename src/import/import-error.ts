// A File Browser file that cannot be imported: the command prints the message and changes nothing.
// Not an AppError: no HTTP route ever answers with it, so it has no status to map.

export class ImportError extends Error {
  override name = 'ImportError';
}
