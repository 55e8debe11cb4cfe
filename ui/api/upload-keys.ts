// The localStorage keys of unfinished uploads (one per user and target), apart from the rest of
// upload-storage.ts so the first page load can look for them without carrying the code that uses them.

const prefix = 'drawer.upload:';

export function userPrefix(user: number): string {
  return `${prefix}${user}:`;
}

export function storageKey(user: number, path: string): string {
  return `${userPrefix(user)}${path}`;
}

/** Whether a reload left any of the user's uploads unfinished. */
export function hasStoredUploads(user: number): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++)
      if (localStorage.key(index)?.startsWith(userPrefix(user))) return true;
  } catch {
    // no storage here
  }
  return false;
}
