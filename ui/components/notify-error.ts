// Reports a failed action as a persistent notification (docs/UI.md, Errors); an aborted call stays
// silent. The words for it (describe-error.ts) load with the first failure: the first screen shows
// none, and its first load has no room for them (scripts/build-ui.ts).
export function notifyError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  import('./describe-error').then(
    (words) => words.showFailure(error),
    () => console.error(error),
  );
}
