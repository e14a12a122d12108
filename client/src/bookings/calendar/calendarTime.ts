import { addDays, addMonths, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { BERLIN_TIME_ZONE, berlinInstant, berlinParts } from '../../../../common/time/berlin';

/** The calendar's periods: a day, a week (Monday to Sunday) and a month. */
export type CalendarView = 'day' | 'week' | 'month';

/*
 * react-big-calendar lays entries out by the browser's clock, the municipality's bookings run on
 * Berlin time. The calendar therefore works on "wall-clock dates": Dates whose local fields are the
 * Berlin date and time. In a browser set to Berlin (nearly every one) they are the instants
 * themselves and nothing is converted.
 */
// Read once: asking Intl per date would cost more than the conversion it saves.
const BROWSER_ON_BERLIN_TIME = Intl.DateTimeFormat().resolvedOptions().timeZone === BERLIN_TIME_ZONE;
const browserRunsOnBerlinTime = () => BROWSER_ON_BERLIN_TIME;

/** The wall-clock date of an instant: local fields = Berlin date and time. */
export function toWallClock(instant: Date, sameZone = browserRunsOnBerlinTime()): Date {
  if (sameZone) return instant;
  const parts = berlinParts(instant);
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant a wall-clock date stands for. */
export function fromWallClock(wallClock: Date, sameZone = browserRunsOnBerlinTime()): Date {
  if (sameZone) return wallClock;
  return new Date(berlinInstant(format(wallClock, 'yyyy-MM-dd'), format(wallClock, 'HH:mm')).getTime() + wallClock.getSeconds() * 1000);
}

const WEEK = { weekStartsOn: 1 } as const;

/** The wall-clock days a view shows around `date`: [start, end); a month view shows whole weeks. */
export function visibleDays(view: CalendarView, date: Date): { start: Date; end: Date } {
  if (view === 'day') {
    const start = startOfDay(date);
    return { start, end: addDays(start, 1) };
  }
  if (view === 'week') {
    const start = startOfWeek(date, WEEK);
    return { start, end: addDays(start, 7) };
  }
  const start = startOfWeek(startOfMonth(date), WEEK);
  const nextMonth = addMonths(startOfMonth(date), 1);
  const lastWeek = startOfWeek(addDays(nextMonth, -1), WEEK);
  return { start, end: addDays(lastWeek, 7) };
}

/** The window of instants to read bookings for: what the view shows, as ISO strings. */
export function bookingWindowOf(view: CalendarView, date: Date, sameZone = browserRunsOnBerlinTime()): { from: string; to: string } {
  const { start, end } = visibleDays(view, date);
  return {
    from: fromWallClock(start, sameZone).toISOString(),
    to: fromWallClock(end, sameZone).toISOString(),
  };
}

/** The date one period before or after (`step` -1 or 1). */
export function stepDate(view: CalendarView, date: Date, step: -1 | 1): Date {
  if (view === 'day') return addDays(date, step);
  if (view === 'week') return addDays(date, 7 * step);
  return addMonths(date, step);
}
