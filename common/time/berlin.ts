/**
 * Europe/Berlin calendar helpers (docs/architecture.md: instants are stored in UTC, days,
 * weekdays, hours and opening hours are computed in Berlin time, DST-correct). Intl only, no Node
 * imports, so the browser client can use them too.
 *
 * Dates are "YYYY-MM-DD" strings, times "HH:mm" strings (24-hour clock, "24:00" allowed as the end
 * of a day).
 */

export const BERLIN_TIME_ZONE = 'Europe/Berlin';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface BerlinParts {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:mm" */
  time: string;
  /** 0 Sunday … 6 Saturday (the weekday encoding of opening hours). */
  weekday: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter, created lazily: constructing Intl formatters is comparatively expensive.
let formatter: Intl.DateTimeFormat | undefined;
function berlinFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BERLIN_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return formatter;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const pad4 = (n: number): string => String(n).padStart(4, '0');

function formatDate(year: number, month: number, day: number): string {
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
}

/** Berlin's offset from UTC at an instant, in ms, asked from Intl. */
function intlOffsetAt(ms: number): number {
  const values: Record<string, number> = {};
  for (const part of berlinFormatter().formatToParts(new Date(ms))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  // Some engines still print midnight as "24" despite h23.
  const hour = values.hour === 24 ? 0 : values.hour;
  const wall = Date.UTC(values.year, values.month - 1, values.day, hour, values.minute, values.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

// Intl formatting is the slow part and the availability calendar asks for thousands of instants.
// Berlin changes its offset only on whole UTC hours and at most once a day: when a UTC day starts
// and ends with the same offset, the whole day has it; otherwise ask per hour.
const offsetCache = new Map<number, number>();

function cachedIntlOffset(ms: number): number {
  let offset = offsetCache.get(ms);
  if (offset === undefined) {
    offset = intlOffsetAt(ms);
    if (offsetCache.size >= 100_000) offsetCache.clear();
    offsetCache.set(ms, offset);
  }
  return offset;
}

/** Berlin's offset from UTC at an instant, in ms (3_600_000 in winter, 7_200_000 in summer). */
function offsetAt(ms: number): number {
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  const atStart = cachedIntlOffset(dayStart);
  if (atStart === cachedIntlOffset(dayStart + DAY_MS)) return atStart;
  return cachedIntlOffset(Math.floor(ms / HOUR_MS) * HOUR_MS);
}

/** The Berlin wall clock of an instant. */
export function berlinParts(instant: Date): BerlinParts {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid date');
  // The wall time read as if it were UTC.
  const wall = new Date(ms + offsetAt(ms));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    date: formatDate(year, month, day),
    time: `${pad2(hour)}:${pad2(minute)}`,
    weekday: wall.getUTCDay(),
    year,
    month,
    day,
    hour,
    minute,
    second: wall.getUTCSeconds(),
  };
}

/** Today's date in Berlin. */
export function berlinToday(now: Date): string {
  return berlinParts(now).date;
}

/** Parses "YYYY-MM-DD" strictly (real calendar date); null when invalid. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Minutes since midnight of "HH:mm" ("24:00" is 1440); null when invalid or empty. */
export function parseTime(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

function requireDate(date: string): { year: number; month: number; day: number } {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Invalid date "${date}" (expected YYYY-MM-DD)`);
  return parsed;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The UTC instant of a Berlin wall-clock time, given as ms of that wall time read as if it were UTC.
 * Ambiguous times (the repeated hour in October) take the earlier instant; times in the
 * spring-forward gap take the later of the two candidates, i.e. they are shifted forward by the gap
 * (02:30 on 29 March 2026 becomes 03:30 CEST). This is Temporal's "compatible" disambiguation.
 */
function wallToInstant(wallMs: number): number {
  // Berlin changes its offset at most once within a day, so the offsets one day before and after
  // are the only candidates.
  const offsets = [...new Set([offsetAt(wallMs - DAY_MS), offsetAt(wallMs + DAY_MS)])];
  const candidates = offsets.map((offset) => wallMs - offset);
  const valid = candidates.filter((ms) => ms + offsetAt(ms) === wallMs);
  return valid.length > 0 ? Math.min(...valid) : Math.max(...candidates);
}

/** The instant of a Berlin date and time; "24:00" is 00:00 of the next day. */
export function berlinInstant(date: string, time: string): Date {
  const { year, month, day } = requireDate(date);
  const minutes = parseTime(time);
  if (minutes === null) throw new RangeError(`Invalid time "${time}" (expected HH:mm)`);
  // Date.UTC rolls minute 1440 over into the next day, which is exactly what "24:00" means.
  return new Date(wallToInstant(Date.UTC(year, month - 1, day, 0, minutes)));
}

/** 00:00 Berlin time of a date (on every day of 2026 a real instant; Berlin never skips midnight). */
export function startOfBerlinDay(date: string): Date {
  return berlinInstant(date, '00:00');
}

/** 23:59:59.999 Berlin time of a date. */
export function endOfBerlinDay(date: string): Date {
  return new Date(startOfBerlinDay(addDays(date, 1)).getTime() - 1);
}

/** Calendar arithmetic on a date string (independent of time zones). */
export function addDays(date: string, n: number): string {
  const { year, month, day } = requireDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + n));
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = requireDate(from);
  const b = requireDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * The same Berlin wall time n calendar months later (n may be negative); the day is clamped to the
 * target month's length (31 January + 1 month = 28 February).
 */
export function addBerlinMonths(instant: Date, n: number): Date {
  const p = berlinParts(instant);
  const monthIndex = p.year * 12 + (p.month - 1) + n;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  const subMinuteMs = instant.getTime() - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(wallToInstant(Date.UTC(year, month - 1, day, p.hour, p.minute)) + subMinuteMs);
}

/** The same Berlin wall time n calendar days later: a day across a clock change has 23 or 25 hours. */
export function addBerlinDays(instant: Date, n: number): Date {
  const p = berlinParts(instant);
  const { year, month, day } = requireDate(addDays(p.date, n));
  const subMinuteMs = instant.getTime() - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(wallToInstant(Date.UTC(year, month - 1, day, p.hour, p.minute)) + subMinuteMs);
}
