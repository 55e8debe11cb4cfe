// File Browser's server settings: Drawer takes them as flags, so the import says which to give.
import type { RawRecord } from './filebrowser-data';

/** File Browser's server fields and the Drawer flag for each; undefined where it has none. */
const flagFor: Record<string, string | undefined> = {
  root: '--root',
  baseURL: '--baseurl',
  address: '--address',
  port: '--port',
  tlsCert: '--cert',
  tlsKey: '--key',
  log: '--log',
  enableExec: '--enable-exec',
  tokenExpirationTime: '--token-expiration',
  followExternalSymlinks: '--follow-external-symlinks',
  socket: undefined,
  typeDetectionByHeader: undefined,
  imageResolutionCalculation: undefined,
  authHook: undefined,
};

/** Fields that are on by default in both: only File Browser's `false` asks for a Drawer flag. */
const flagWhenOff: Record<string, string> = {
  enableThumbnails: '--disable-thumbnails',
  resizePreview: '--disable-preview-resize',
};

/** One line with the flags to start Drawer with, and one per setting that has no flag. */
export function serverNotes(server: RawRecord | undefined): string[] {
  if (!server) return [];
  const flags: string[] = [];
  const notes: string[] = [];
  for (const [name, value] of Object.entries(server)) {
    const offFlag = flagWhenOff[name];
    if (offFlag !== undefined) {
      if (value === false) flags.push(offFlag);
      continue;
    }
    if (value === '' || value === false || value === null || value === undefined) continue;
    const flag = flagFor[name];
    if (flag === undefined) {
      notes.push(`server: ${name} ${JSON.stringify(value)} has no Drawer flag`);
      continue;
    }
    flags.push(value === true ? flag : `${flag} ${shellWord(String(value))}`);
  }
  if (flags.length > 0)
    notes.unshift(`server: these are flags in Drawer, not data; start it with ${flags.join(' ')}`);
  return notes;
}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
