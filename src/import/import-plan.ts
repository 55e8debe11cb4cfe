// What importing File Browser's data does to a Drawer database: the result, what changes, what not.
import { isDeepStrictEqual } from 'node:util';
import type { StoredShare } from '../shares/share';
import type { DatabaseShape } from '../store/database';
import type { FileBrowserData } from './filebrowser-data';
import { serverNotes } from './map-server';
import { mapSettings } from './map-settings';
import type { ImportedShare } from './map-shares';
import { mapShare, tokenNote } from './map-shares';
import type { ImportedUser } from './map-users';
import { mapUser } from './map-users';
import { mergeUsers } from './merge-users';

export interface ImportPlan {
  data: DatabaseShape;
  /** One line per change; none when the database already holds everything the file carries. */
  changes: string[];
  /** Everything the file holds that Drawer does not take, with the reason. */
  notCarried: string[];
  summary: string;
}

/** Pure: the caller reads the file and the database, and writes the result if it wants it. */
export function planImport(
  current: Readonly<DatabaseShape>,
  data: FileBrowserData,
  nowMs: number,
): ImportPlan {
  const notCarried = [...data.problems];
  const imported: ImportedUser[] = [];
  const importedIds = new Set<number>();
  for (const record of data.users) {
    const mapped = mapUser(record, notCarried);
    if ('user' in mapped) imported.push(mapped.user);
    else notCarried.push(mapped.skipped);
    const id = 'user' in mapped ? mapped.user.id : mapped.id;
    if (id !== undefined) importedIds.add(id);
  }
  const users = mergeUsers(current.users, current.nextUserId, imported, data.userIdCounter ?? 0);
  notCarried.push(...users.notCarried);

  const settingsNotes: string[] = [];
  const settings = mapSettings(data, current.settings, settingsNotes) ?? current.settings;
  notCarried.push(...settingsNotes, ...serverNotes(data.server));
  const settingsChanged = (Object.keys(settings) as (keyof typeof settings)[]).filter(
    (field) => !isDeepStrictEqual(settings[field], current.settings[field]),
  );

  const shares = current.shares.map((share) => ({ ...share }));
  const shareChanges: string[] = [];
  for (const record of data.shares) {
    const mapped = mapShare(record, nowMs, notCarried);
    if ('skipped' in mapped) {
      notCarried.push(mapped.skipped);
      continue;
    }
    const owner = users.idOf.get(mapped.share.ownerId);
    if (owner === undefined) {
      const why = importedIds.has(mapped.share.ownerId)
        ? 'was not carried over'
        : "is not among File Browser's users";
      notCarried.push(
        `share ${mapped.share.hash} (${mapped.share.path}): its owner, File Browser's user ${mapped.share.ownerId}, ${why}`,
      );
      continue;
    }
    const line = mergeShare(shares, mapped.share, owner);
    if (line) shareChanges.push(line);
    if (mapped.share.hadToken) notCarried.push(tokenNote(mapped.share));
  }

  const changes = [
    ...users.changes,
    ...(settingsChanged.length > 0 ? [`~ settings: ${settingsChanged.join(', ')}`] : []),
    ...shareChanges,
    ...(users.nextUserId !== current.nextUserId ? [`~ next user id ${users.nextUserId}`] : []),
  ];
  const { added, updated, unchanged } = users.counts;
  return {
    data: {
      ...current,
      settings,
      users: users.users,
      nextUserId: users.nextUserId,
      shares,
    },
    changes,
    notCarried,
    summary: `${data.users.length} users (${added} new, ${updated} changed, ${unchanged} already there), ${data.shares.length} share links (${shareChanges.length} new or changed), settings ${data.settings ? (settingsChanged.length > 0 ? 'changed' : 'already there') : 'not in this file'}`,
  };
}

/**
 * A link with the same hash is the same link: it takes File Browser's path, owner, expiry and
 * password (or its lack of one). File Browser's links are download links without limits.
 */
function mergeShare(shares: StoredShare[], imported: ImportedShare, owner: number): string | null {
  const wanted: StoredShare = {
    hash: imported.hash,
    path: imported.path,
    userID: owner,
    expire: imported.expire,
    ...(imported.passwordHash === undefined ? {} : { passwordHash: imported.passwordHash }),
    kind: 'download',
  };
  const index = shares.findIndex((share) => share.hash === imported.hash);
  const existing = shares[index];
  const describe = `share ${imported.hash} (${imported.path}, user ${owner}${imported.expire ? `, until ${new Date(imported.expire * 1000).toISOString()}` : ''}${imported.passwordHash === undefined ? '' : ', with a password'})`;
  if (!existing) {
    shares.push(wanted);
    return `+ ${describe}`;
  }
  if (
    existing.path === wanted.path &&
    existing.userID === wanted.userID &&
    existing.expire === wanted.expire &&
    existing.passwordHash === wanted.passwordHash &&
    (existing.kind ?? 'download') === 'download' &&
    existing.maxDownloads === undefined
  )
    return null;
  // The inode binding stays only while the link still names the same file of the same owner.
  const keepsInode = existing.path === wanted.path && existing.userID === wanted.userID;
  shares[index] =
    keepsInode && existing.ino !== undefined ? { ...wanted, ino: existing.ino } : wanted;
  return `~ ${describe}`;
}
