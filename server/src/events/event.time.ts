import { berlinInstant, parseDate, parseTime } from '../../../common/time/berlin.js';

/**
 * The instants an event starts and ends, from the Berlin wall clock of its form (date "YYYY-MM-DD",
 * time "HH:mm"). A missing time means the whole day: a start without time begins at 00:00, an end
 * without time lasts until the end of its day (24:00), so "hide past events" keeps a one-day event
 * visible until its day is over. Without a date there is no instant. DST is handled by berlinInstant.
 */
export function eventStart(date: string | null, time: string | null): Date | null {
  if (!date || !parseDate(date)) return null;
  return berlinInstant(date, time && parseTime(time) !== null ? time : '00:00');
}

export function eventEnd(date: string | null, time: string | null): Date | null {
  if (!date || !parseDate(date)) return null;
  return berlinInstant(date, time && parseTime(time) !== null ? time : '24:00');
}
