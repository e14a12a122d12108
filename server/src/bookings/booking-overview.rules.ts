import { addDays, berlinParts, startOfBerlinDay } from '../../../common/time/berlin.js';

/** A half-open window [begin, end). */
export interface Window {
  begin: Date;
  end: Date;
}

/** The windows of the staff's start page: today, this week, and the coming weeks of the occupancy chart. */
export interface OverviewCalendar {
  today: Window;
  thisWeek: Window;
  weeks: Window[];
}

export const MAX_OVERVIEW_WEEKS = 12;

/**
 * Berlin days and Monday-to-Sunday weeks around `now`; the chart's weeks begin with this week. A
 * week around a change of clocks lasts 167 or 169 hours, as the wall clock says.
 */
export function overviewCalendar(now: Date, weekCount: number): OverviewCalendar {
  const { date, weekday } = berlinParts(now);
  const monday = addDays(date, -((weekday + 6) % 7));
  const dayWindow = (first: string, days: number): Window => ({ begin: startOfBerlinDay(first), end: startOfBerlinDay(addDays(first, days)) });
  const count = Math.min(Math.max(Math.trunc(weekCount), 1), MAX_OVERVIEW_WEEKS);
  return {
    today: dayWindow(date, 1),
    thisWeek: dayWindow(monday, 7),
    weeks: Array.from({ length: count }, (_, index) => dayWindow(addDays(monday, 7 * index), 7)),
  };
}
