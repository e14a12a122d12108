/**
 * Opening hours of a bookable and its parents, computed
 * in Europe/Berlin. Pure: shared by server and client.
 *
 * Decisions where the original product (3.0.0) was wrong or vague (we implement the intent):
 * - A booking is split into its Berlin days. Every day it touches must be open for that day's part:
 *   a special entry for that date wins (closed all day → conflict; otherwise the part must fit one
 *   special entry's window); without a special entry the regular hours of the weekday apply (the
 *   part must fit one entry's window); an object without regular hours does not constrain such a
 *   day. For a booking within one day this is exactly 3.0.0's rule (special entry of the start date
 *   wins, else one regular window), but multi-day bookings no longer always conflict.
 * - A window ending "24:00" or "23:59" reaches midnight, so consecutive full days chain up.
 * - An entry whose end is not after its start (other than those) covers nothing: windows across
 *   midnight are not supported, as the editor offers times of one day only.
 */
import type { BookableData, SpecialOpeningHour, TimePeriod } from '../bookable.model.js';
import { addDays, berlinInstant, berlinParts, parseDate, parseTime } from '../../../../common/time/berlin.js';

export type OpeningHoursSource = Pick<
  BookableData,
  'isOpeningHoursRelated' | 'openingHours' | 'isSpecialOpeningHoursRelated' | 'specialOpeningHours'
>;

export interface CombinedOpeningHours {
  /** Keyed by weekday "0" (Sunday) … "6" (Saturday). */
  regularOpeningHours: Record<string, TimePeriod>;
  /** Sorted by date. */
  specialOpeningHours: SpecialOpeningHour[];
}

/** Equal or empty times mean closed for the whole day. */
export function isClosedAllDay(entry: { startTime: string; endTime: string }): boolean {
  return entry.startTime === '' || entry.endTime === '' || entry.startTime === entry.endTime;
}

const later = (a: string, b: string): string => (a > b ? a : b);
const earlier = (a: string, b: string): string => (a < b ? a : b);
const usableTimes = (entry: { startTime: string; endTime: string }): boolean =>
  parseTime(entry.startTime) !== null && parseTime(entry.endTime) !== null;

/**
 * The hours of a bookable narrowed by all its parents (the GET openingHours answer). Per weekday
 * the latest start and the earliest end ("HH:mm" compare as strings); special entries merged per
 * date, closed-all-day winning. An empty intersection is shown as closed (end = start).
 */
export function combineOpeningHours(chain: OpeningHoursSource[]): CombinedOpeningHours {
  const regular: Record<string, TimePeriod> = {};
  const special = new Map<string, SpecialOpeningHour>();
  for (const object of chain) {
    if (object.isOpeningHoursRelated) {
      for (const entry of object.openingHours) {
        // An empty entry is what the editor adds when the switch is turned on: not an opening.
        if (!usableTimes(entry)) continue;
        for (const weekday of entry.weekdays) {
          const key = String(weekday);
          const known = regular[key];
          if (!known) {
            regular[key] = { weekdays: [...entry.weekdays], startTime: entry.startTime, endTime: entry.endTime };
          } else {
            known.startTime = later(known.startTime, entry.startTime);
            known.endTime = earlier(known.endTime, entry.endTime);
          }
        }
      }
    }
    if (object.isSpecialOpeningHoursRelated) {
      for (const entry of object.specialOpeningHours) {
        if (!parseDate(entry.date)) continue; // entries without a date are dropped on save anyway
        const known = special.get(entry.date);
        if (!known) special.set(entry.date, { ...entry });
        else if (isClosedAllDay(known)) continue;
        else if (isClosedAllDay(entry)) special.set(entry.date, { ...entry });
        else {
          known.startTime = later(known.startTime, entry.startTime);
          known.endTime = earlier(known.endTime, entry.endTime);
        }
      }
    }
  }
  for (const entry of [...Object.values(regular), ...special.values()]) {
    if (entry.endTime < entry.startTime) entry.endTime = entry.startTime;
  }
  const specialOpeningHours = [...special.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { regularOpeningHours: regular, specialOpeningHours };
}

interface Span {
  begin: number;
  end: number;
}

/** The instants an entry is open on a date; null when it covers nothing. */
function windowOn(date: string, startTime: string, endTime: string): Span | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  const reachesMidnight = end >= 1439;
  if (!reachesMidnight && end <= start) return null;
  return {
    begin: berlinInstant(date, startTime).getTime(),
    end: reachesMidnight ? berlinInstant(addDays(date, 1), '00:00').getTime() : berlinInstant(date, endTime).getTime(),
  };
}

/** The booking cut at Berlin midnights; a booking ending exactly at midnight does not touch the next day. */
function berlinDayParts(begin: Date, end: Date): (Span & { date: string })[] {
  const parts: (Span & { date: string })[] = [];
  const endMs = Math.max(end.getTime(), begin.getTime());
  let date = berlinParts(begin).date;
  let partBegin = begin.getTime();
  for (;;) {
    const nextMidnight = berlinInstant(addDays(date, 1), '00:00').getTime();
    parts.push({ date, begin: partBegin, end: Math.min(endMs, nextMidnight) });
    if (endMs <= nextMidnight) return parts;
    date = addDays(date, 1);
    partBegin = nextMidnight;
  }
}

const covers = (window: Span | null, part: Span): boolean => window !== null && window.begin <= part.begin && part.end <= window.end;

/** Whether one object's hours forbid the booking [begin, end]. */
export function violatesOpeningHours(object: OpeningHoursSource, begin: Date, end: Date): boolean {
  if (!object.isOpeningHoursRelated && !object.isSpecialOpeningHoursRelated) return false;
  if (end.getTime() < begin.getTime()) return true;
  for (const part of berlinDayParts(begin, end)) {
    const specials = object.isSpecialOpeningHoursRelated ? object.specialOpeningHours.filter((e) => e.date === part.date) : [];
    if (specials.length > 0) {
      if (specials.some(isClosedAllDay)) return true;
      if (!specials.some((e) => covers(windowOn(part.date, e.startTime, e.endTime), part))) return true;
      continue;
    }
    if (!object.isOpeningHoursRelated) continue;
    const weekday = berlinParts(new Date(part.begin)).weekday;
    const entries = object.openingHours.filter((e) => e.weekdays.includes(weekday));
    if (!entries.some((e) => covers(windowOn(part.date, e.startTime, e.endTime), part))) return true;
  }
  return false;
}

export function openingHoursMessage(title: string): string {
  return `Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von ${title}.`;
}

/**
 * Checks the bookable and then its parents (chain order); the message names the first object
 * whose hours the booking violates, null when all allow it.
 */
export function openingHoursConflict(chain: (OpeningHoursSource & { title: string })[], begin: Date, end: Date): string | null {
  const violated = chain.find((object) => violatesOpeningHours(object, begin, end));
  return violated ? openingHoursMessage(violated.title) : null;
}
