// The schedule picker's times: a datetime-local value ('2026-11-28T10:00', the browser's own time zone)
// to and from the RFC 3339 instant the server stores, and the choice it starts with.

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The picked wall-clock time in the browser's time zone as an RFC 3339 instant in UTC, or null when
 * the value names no day (31 February is refused, not rolled into March). A time a clock change skips
 * (02:30 when clocks jump to 03:00) becomes the instant the clock shows next, as Date reads it.
 */
export function localInputToInstant(value: string): string | null {
  const match = localPattern.exec(value);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(year, month - 1, day, hour, minute, second);
  date.setFullYear(year); // Years 0–99 would otherwise mean 1900–1999.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as the datetime-local value showing it in the browser's time zone, to the minute. */
export function instantToLocalInput(instant: string | number | Date): string {
  const date = new Date(instant);
  const year = String(date.getFullYear()).padStart(4, '0');
  return `${year}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}T${twoDigits(
    date.getHours(),
  )}:${twoDigits(date.getMinutes())}`;
}

/** What the picker offers first: the post's schedule, else the next full hour from now. */
export function initialChoice(scheduledAt: string | null | undefined, now: number): string {
  if (scheduledAt && Date.parse(scheduledAt) > now) return instantToLocalInput(scheduledAt);
  const next = new Date(now);
  next.setMinutes(60, 0, 0);
  return instantToLocalInput(next);
}

export type ScheduleProblem = 'invalid' | 'past';

/** Why a picked time cannot be scheduled (no such time, or not after now); null when it can. */
export function scheduleProblem(instant: string | null, now: number): ScheduleProblem | null {
  if (!instant) return 'invalid';
  return Date.parse(instant) <= now ? 'past' : null;
}

/** The browser's time zone by name (Europe/Paris), to say in which zone the picked time is read. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
