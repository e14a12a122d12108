import { format, getDay, parse, startOfWeek } from 'date-fns';
import { de } from 'date-fns/locale';
import { dateFnsLocalizer, type DateLocalizer } from 'react-big-calendar';

export interface TimedEvent {
  start: Date;
  end: Date;
  allDay?: boolean;
}

/** The localizer's placement rules as react-big-calendar 1.x calls them (its typings describe older signatures). */
export interface PlacementRules {
  startOf(date: Date, unit: string, firstOfWeek?: number): Date;
  daySpan(start: Date, end: Date): number;
  lte(a: Date, b: Date, unit: string): boolean;
  gt(a: Date, b: Date, unit: string): boolean;
  gte(a: Date, b: Date, unit: string): boolean;
  neq(a: Date, b: Date, unit: string): boolean;
  sortEvents(pair: { evtA: TimedEvent; evtB: TimedEvent }): number;
  inEventRange(check: { event: TimedEvent; range: { start: Date; end: Date } }): boolean;
}

export const placementRules = (localizer: DateLocalizer) => localizer as unknown as PlacementRules;

/** The German date-fns localizer, weeks from Monday, as react-big-calendar ships it. */
export function germanLocalizer(): DateLocalizer {
  return dateFnsLocalizer({ format, parse, startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }), getDay, locales: { de } });
}

// Midnight of each entry's start and end, computed once per Date: the entries keep their Dates.
const midnights = new WeakMap<Date, number>();
function midnightOf(date: Date): number {
  let midnight = midnights.get(date);
  if (midnight === undefined) {
    midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
    midnights.set(date, midnight);
  }
  return midnight;
}

/**
 * The localizer with react-big-calendar's own rules for placing entries, minus their cost: its
 * sorting and range test take the start of a day with a general-purpose date library twice per
 * comparison, which with two thousand entries in a month is most of the time spent drawing it.
 * Here the day's start is taken once per date; the rules and their results are the same
 * (calendarLocalizer.test.ts compares them with the originals).
 */
export function fastGermanLocalizer(): DateLocalizer {
  const localizer = germanLocalizer();
  const rules = placementRules(localizer);
  const { startOf, daySpan, lte, gt, gte, neq } = rules;
  rules.startOf = (date, unit, firstOfWeek) => (unit === 'day' ? new Date(midnightOf(date)) : startOf(date, unit, firstOfWeek));
  rules.sortEvents = ({ evtA, evtB }) =>
    midnightOf(evtA.start) - midnightOf(evtB.start) ||
    // Entries over several days first, then all-day ones, then by start and end.
    daySpan(evtB.start, evtB.end) - daySpan(evtA.start, evtA.end) ||
    Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
    +evtA.start - +evtB.start ||
    +evtA.end - +evtB.end;
  rules.inEventRange = ({ event: { start, end }, range }) => {
    const startDay = new Date(midnightOf(start));
    const startsBeforeEnd = lte(startDay, range.end, 'day');
    // An entry of no duration ends where it starts.
    const endsAfterStart = neq(startDay, end, 'minutes') ? gt(end, range.start, 'minutes') : gte(end, range.start, 'minutes');
    return startsBeforeEnd && endsAfterStart;
  };
  return localizer;
}
