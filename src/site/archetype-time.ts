// Times in archetypes: an instant with its zone, Go's reference-layout formatting, and the dates Hugo parses.

/** An instant as Go's time.Time holds it: the moment, and the zone it is shown in. */
export class TemplateTime {
  constructor(
    readonly ms: number,
    /** East of UTC, in minutes. */
    readonly offsetMinutes: number,
    /** The zone's abbreviation ("UTC", "CET"); empty when the zone is only an offset. */
    readonly zoneName: string,
  ) {}
}

/** The server's local zone at `ms`, as Go's time.Local would show it (the abbreviation as Intl knows it). */
export function localTime(ms: number): TemplateTime {
  const offsetMinutes = -new Date(ms).getTimezoneOffset();
  const named = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((part) => part.type === 'timeZoneName')?.value;
  return new TemplateTime(ms, offsetMinutes, named ?? '');
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (value: number, width: number, fill = '0') => String(value).padStart(width, fill);

/** The wall clock of a time in its own zone, read through UTC getters. */
function wallClock(time: TemplateTime) {
  const wall = new Date(time.ms + time.offsetMinutes * 60_000);
  const startOfYear = Date.UTC(wall.getUTCFullYear(), 0, 1);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
    weekday: wall.getUTCDay(),
    yearDay: Math.floor((wall.getTime() - startOfYear) / 86_400_000) + 1,
  };
}

function offsetText(minutes: number, withColon: boolean, withMinutes: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const hours = pad(Math.floor(Math.abs(minutes) / 60), 2);
  if (!withMinutes) return `${sign}${hours}`;
  return `${sign}${hours}${withColon ? ':' : ''}${pad(Math.abs(minutes) % 60, 2)}`;
}

type Clock = ReturnType<typeof wallClock>;
type Chunk = (clock: Clock, time: TemplateTime) => string;

/** The zone chunks, longest first: "-07:00:00" must win over "-07:00" (seconds are always 0 here). */
const zoneChunks: [string, Chunk][] = [
  ['-070000', (_, t) => `${offsetText(t.offsetMinutes, false, true)}00`],
  ['-07:00:00', (_, t) => `${offsetText(t.offsetMinutes, true, true)}:00`],
  ['-0700', (_, t) => offsetText(t.offsetMinutes, false, true)],
  ['-07:00', (_, t) => offsetText(t.offsetMinutes, true, true)],
  ['-07', (_, t) => offsetText(t.offsetMinutes, false, false)],
  [
    'Z070000',
    (_, t) => (t.offsetMinutes === 0 ? 'Z' : `${offsetText(t.offsetMinutes, false, true)}00`),
  ],
  [
    'Z07:00:00',
    (_, t) => (t.offsetMinutes === 0 ? 'Z' : `${offsetText(t.offsetMinutes, true, true)}:00`),
  ],
  ['Z0700', (_, t) => (t.offsetMinutes === 0 ? 'Z' : offsetText(t.offsetMinutes, false, true))],
  ['Z07:00', (_, t) => (t.offsetMinutes === 0 ? 'Z' : offsetText(t.offsetMinutes, true, true))],
  ['Z07', (_, t) => (t.offsetMinutes === 0 ? 'Z' : offsetText(t.offsetMinutes, false, false))],
];

/** Go's layout words, each tried at the current character in this order (Go's own precedence). */
const chunks: [string, Chunk][] = [
  ['January', (c) => monthNames[c.month - 1] ?? ''],
  ['Jan', (c) => (monthNames[c.month - 1] ?? '').slice(0, 3)],
  ['Monday', (c) => dayNames[c.weekday] ?? ''],
  ['Mon', (c) => (dayNames[c.weekday] ?? '').slice(0, 3)],
  ['MST', (_, t) => t.zoneName || offsetText(t.offsetMinutes, false, true)],
  ['2006', (c) => pad(c.year, 4)],
  ['002', (c) => pad(c.yearDay, 3)],
  ['__2', (c) => pad(c.yearDay, 3, ' ')],
  ['01', (c) => pad(c.month, 2)],
  ['02', (c) => pad(c.day, 2)],
  ['03', (c) => pad(c.hour % 12 || 12, 2)],
  ['04', (c) => pad(c.minute, 2)],
  ['05', (c) => pad(c.second, 2)],
  ['06', (c) => pad(c.year % 100, 2)],
  ['_2', (c) => pad(c.day, 2, ' ')],
  ['15', (c) => pad(c.hour, 2)],
  ['1', (c) => String(c.month)],
  ['2', (c) => String(c.day)],
  ['3', (c) => String(c.hour % 12 || 12)],
  ['4', (c) => String(c.minute)],
  ['5', (c) => String(c.second)],
  ['PM', (c) => (c.hour >= 12 ? 'PM' : 'AM')],
  ['pm', (c) => (c.hour >= 12 ? 'pm' : 'am')],
  ...zoneChunks,
];

/** Fractions of a second: ".000" keeps its zeros, ".999" drops trailing ones (milliseconds here, as JS keeps). */
function fraction(
  layout: string,
  at: number,
  clock: Clock,
): { text: string; length: number } | undefined {
  const digit = layout[at + 1];
  if (digit !== '0' && digit !== '9') return undefined;
  let end = at + 1;
  while (layout[end] === digit) end += 1;
  if (/[0-9]/.test(layout[end] ?? '')) return undefined;
  const width = end - at - 1;
  const digits = `${pad(clock.millisecond, 3)}000000`.slice(0, width);
  const shown = digit === '9' ? digits.replace(/0+$/, '') : digits;
  return { text: shown === '' ? '' : `${layout[at]}${shown}`, length: end - at };
}

/** time.Format: the layout written for the reference time Mon Jan 2 15:04:05 MST 2006. */
export function formatGoTime(time: TemplateTime, layout: string): string {
  const clock = wallClock(time);
  let out = '';
  let at = 0;
  while (at < layout.length) {
    const char = layout[at] as string;
    // "_2006" is a literal underscore before a year, as in Go.
    if (layout.startsWith('_2006', at)) {
      out += '_';
      at += 1;
      continue;
    }
    if (char === '.' || char === ',') {
      const part = fraction(layout, at, clock);
      if (part) {
        out += part.text;
        at += part.length;
        continue;
      }
    }
    const match = chunks.find(([word]) => layout.startsWith(word, at));
    if (match) {
      out += match[1](clock, time);
      at += match[0].length;
    } else {
      out += char;
      at += 1;
    }
  }
  return out;
}

/** RFC 3339 as Go writes it: "Z" for UTC, else the offset; what Hugo's .Date holds. */
export function rfc3339(time: TemplateTime): string {
  return formatGoTime(time, '2006-01-02T15:04:05Z07:00');
}

/** What printing a time shows (Go's Time.String, without the monotonic clock reading). */
export function timeString(time: TemplateTime): string {
  return formatGoTime(time, '2006-01-02 15:04:05.999999999 -0700 MST');
}

const datePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The dates front matter and archetypes hold ("2024-05-01", RFC 3339, with a space instead of T);
 * a date without a zone is UTC, as Hugo reads it. Undefined when it is not such a date.
 */
export function parseTemplateDate(text: string): TemplateTime | undefined {
  const match = datePattern.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fractionText, zone] = match;
  if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59)
    return undefined;
  let offsetMinutes = 0;
  let zoneName = 'UTC';
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    offsetMinutes =
      (digits.startsWith('-') ? -1 : 1) *
      (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    zoneName = '';
  }
  const wallMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    Math.floor(Number(`0${fractionText ?? ''}`) * 1000),
  );
  const check = new Date(wallMs);
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day))
    return undefined;
  return new TemplateTime(wallMs - offsetMinutes * 60_000, offsetMinutes, zoneName);
}
