// The small fields of File Browser's resource JSON computed from stats: Go file modes, RFC 3339 times, extensions.
import type { Stats } from 'node:fs';

/** Go's os.FileMode type bits (io/fs), which File Browser's clients receive as `mode`. */
const goMode = {
  dir: 2 ** 31,
  symlink: 2 ** 27,
  device: 2 ** 26,
  namedPipe: 2 ** 25,
  socket: 2 ** 24,
  setuid: 2 ** 23,
  setgid: 2 ** 22,
  charDevice: 2 ** 21,
  sticky: 2 ** 20,
} as const;

/** POSIX st_mode → Go FileMode as an unsigned 32-bit number (a 0755 folder is 2147484141). */
export function goFileMode(
  stats: Pick<
    Stats,
    | 'mode'
    | 'isDirectory'
    | 'isSymbolicLink'
    | 'isFIFO'
    | 'isSocket'
    | 'isBlockDevice'
    | 'isCharacterDevice'
  >,
): number {
  let mode = stats.mode & 0o777;
  if (stats.mode & 0o4000) mode += goMode.setuid;
  if (stats.mode & 0o2000) mode += goMode.setgid;
  if (stats.mode & 0o1000) mode += goMode.sticky;
  if (stats.isDirectory()) mode += goMode.dir;
  else if (stats.isSymbolicLink()) mode += goMode.symlink;
  else if (stats.isFIFO()) mode += goMode.namedPipe;
  else if (stats.isSocket()) mode += goMode.socket;
  else if (stats.isBlockDevice()) mode += goMode.device;
  else if (stats.isCharacterDevice()) mode += goMode.device + goMode.charDevice;
  return mode;
}

/** Zone offsets change at most hourly; a listing of 100,000 files asks for a handful of hours. */
const offsetByHour = new Map<number, number>();

function offsetMinutesAt(millis: number): number {
  const hour = Math.floor(millis / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = -new Date(millis).getTimezoneOffset();
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** Each second's wall-clock text and zone, as a listing asks for many in the same seconds. */
const wallBySecond = new Map<number, readonly [wall: string, zone: string]>();

/** "YYYY-MM-DDTHH:MM:SS" in the server's offset, and the zone ("Z" or "+02:00"). */
function wallAndZone(seconds: number): readonly [wall: string, zone: string] {
  let known = wallBySecond.get(seconds);
  if (known === undefined) {
    const millis = seconds * 1000;
    const offsetMinutes = offsetMinutesAt(millis);
    const wall = new Date(millis + offsetMinutes * 60_000).toISOString().slice(0, 19);
    const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
    const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
    const zone = offsetMinutes === 0 ? 'Z' : `${offsetMinutes < 0 ? '-' : '+'}${hours}:${minutes}`;
    known = [wall, zone];
    if (wallBySecond.size > 10_000) wallBySecond.clear();
    wallBySecond.set(seconds, known);
  }
  return known;
}

/**
 * A modification time as Go prints RFC 3339 with nanoseconds: the server's local offset ("Z" in
 * UTC), the fraction with trailing zeros trimmed and left out when zero. Number stats carry about
 * microsecond precision, so the fraction has at most six digits. A second's text is made once:
 * this was the costliest field of a 100,000-entry listing (docs/LISTINGS.md).
 */
export function formatModified(mtimeMs: number): string {
  const micros = Math.round(mtimeMs * 1000);
  const [wall, zone] = wallAndZone(Math.floor(micros / 1_000_000));
  let fraction = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  if (fraction === 0) return `${wall}${zone}`;
  let digits = 6;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits -= 1;
  }
  return `${wall}.${String(fraction).padStart(digits, '0')}${zone}`;
}

/** Text from the last dot, dot included (".bashrc" for ".bashrc"), "" without a dot. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot);
}
