// Whether a folder tree lies wholly on one local disk: only then may it be read with synchronous
// calls on the event loop (the search index's build, docs/SEARCH.md). A network share that stops
// answering hangs a synchronous call, and with it every request; a mount below the served folder
// may be one, so any mount there means asynchronous reads only.
import fs from 'node:fs';
import path from 'node:path';

/** File systems that may hang, or be slow, on a call: networks, and FUSE (sshfs, rclone, …). */
const remoteTypes =
  /^(nfs4?|cifs|smb3?|smbfs|ncpfs|9p|afs|ceph|glusterfs|lustre|gpfs|davfs|fuse(\..*)?|fuseblk)$/;

interface Mount {
  point: string;
  type: string;
}

/** /proc/self/mountinfo's mount point (field 5, octal escapes undone) and type (after " - "). */
export function parseMountInfo(text: string): Mount[] {
  const unescape = (field: string) =>
    field.replace(/\\([0-7]{3})/g, (_match, octal: string) =>
      String.fromCharCode(parseInt(octal, 8)),
    );
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const [left, right] = line.split(' - ');
      const point = left?.split(' ')[4];
      const type = right?.split(' ')[0];
      return point && type ? [{ point: unescape(point), type }] : [];
    });
}

/** True when `root` is on a local file system and nothing is mounted anywhere below it. */
export function isOneLocalDisk(root: string, mounts: readonly Mount[]): boolean {
  const inside = (point: string) =>
    point === root || point.startsWith(root === '/' ? '/' : `${root}/`);
  const holding = mounts
    .filter(
      (mount) => mount.point === '/' || root === mount.point || root.startsWith(`${mount.point}/`),
    )
    .sort((a, b) => b.point.length - a.point.length)[0];
  if (!holding || remoteTypes.test(holding.type)) return false;
  return !mounts.some(
    (mount) => mount.point !== root && mount.point !== holding.point && inside(mount.point),
  );
}

/** The check for this process's mounts; false when they cannot be read. */
export function servedTreeIsOneLocalDisk(root: string): boolean {
  try {
    return isOneLocalDisk(
      path.resolve(root),
      parseMountInfo(fs.readFileSync('/proc/self/mountinfo', 'utf8')),
    );
  } catch {
    return false;
  }
}
