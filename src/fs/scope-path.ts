// A scope's folders as written ('/', '/users/bob'): pure, so the UI's user form shows a scope as the
// server stores it (ui/routes/settings/user-draft.ts) from the one rule that src/fs/scope-dirs.ts checks.

/**
 * The folders of a scope, outermost first: surrounding blanks, "." and empty segments are dropped,
 * and backslashes count as separators (as File Browser does on Windows). ".." is kept, for the
 * server to refuse.
 */
export function scopeSegments(scope: string): string[] {
  return scope
    .trim()
    .split(/[/\\]/)
    .filter((segment) => segment !== '' && segment !== '.');
}
