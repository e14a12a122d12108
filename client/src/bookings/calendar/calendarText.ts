import { addDays, format } from 'date-fns';
import { de } from 'date-fns/locale';
import type { Formats, Messages } from 'react-big-calendar';
import { SERIES_MARK } from '../series/seriesText';
import type { CalendarEntry } from './calendarEntries';
import { type CalendarView, visibleDays } from './calendarTime';

/** The calendar's German words (react-big-calendar's messages). */
export const calendarMessages: Messages = {
  today: 'Heute',
  previous: 'Zurück',
  next: 'Weiter',
  month: 'Monat',
  week: 'Woche',
  day: 'Tag',
  date: 'Datum',
  time: 'Uhrzeit',
  event: 'Buchung',
  allDay: 'Ganztägig',
  noEventsInRange: 'Keine Buchungen in diesem Zeitraum.',
  showMore: (count: number) => `+${count} weitere`,
};

const german = (date: Date, pattern: string) => format(date, pattern, { locale: de });
const timeRange = ({ start, end }: { start: Date; end: Date }) => `${german(start, 'HH:mm')} – ${german(end, 'HH:mm')}`;

/** German dates and the 24-hour clock in every heading and entry. */
export const calendarFormats: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: timeRange,
  eventTimeRangeStartFormat: ({ start }) => `${german(start, 'HH:mm')} –`,
  eventTimeRangeEndFormat: ({ end }) => `– ${german(end, 'HH:mm')}`,
  selectRangeFormat: timeRange,
  agendaTimeRangeFormat: timeRange,
  dayFormat: 'EEEEEE dd.MM.',
  weekdayFormat: 'EEEE',
  dateFormat: 'd',
  dayHeaderFormat: 'EEEE, d. MMMM yyyy',
  monthHeaderFormat: 'MMMM yyyy',
  dayRangeHeaderFormat: ({ start, end }) => `${german(start, 'd. MMMM')} – ${german(end, 'd. MMMM yyyy')}`,
};

/** The heading of the period shown: "Dienstag, 24. November 2026", "23. – 29. November 2026", "November 2026". */
export function periodLabel(view: CalendarView, date: Date): string {
  if (view === 'day') return german(date, 'EEEE, d. MMMM yyyy');
  if (view === 'month') return german(date, 'MMMM yyyy');
  const { start, end } = visibleDays('week', date);
  const last = addDays(end, -1);
  if (start.getMonth() === last.getMonth()) return `${german(start, 'd.')} – ${german(last, 'd. MMMM yyyy')}`;
  if (start.getFullYear() === last.getFullYear()) return `${german(start, 'd. MMMM')} – ${german(last, 'd. MMMM yyyy')}`;
  return `${german(start, 'd. MMMM yyyy')} – ${german(last, 'd. MMMM yyyy')}`;
}

/** What the time grid's layout shows of an entry: its day, and grey when unreleased ("Dienstag, 24.11., nicht freigegeben"). */
export function entryDayNote(entry: Pick<CalendarEntry, 'start' | 'pending'>): string {
  return `${german(entry.start, 'EEEE, dd.MM.')}${entry.pending ? ', nicht freigegeben' : ''}`;
}

/** What a month view's entry says to a screen reader: "Dienstag, 24.11., 08:00 – 09:00: Karla Kalender, Bürgerhaus Musterstadt, nicht freigegeben" (", Teil einer Serie" for a date of a series). */
export function entryLabel(entry: Pick<CalendarEntry, 'start' | 'end' | 'name' | 'objects' | 'pending'> & Partial<Pick<CalendarEntry, 'series'>>): string {
  const sameDay = entry.start.toDateString() === entry.end.toDateString();
  const when = sameDay ? `${german(entry.start, 'EEEE, dd.MM.')}, ${timeRange(entry)}` : `${german(entry.start, 'EEEE, dd.MM., HH:mm')} bis ${german(entry.end, 'EEEE, dd.MM., HH:mm')}`;
  return `${when}: ${entry.name}, ${entry.objects}${entry.pending ? ', nicht freigegeben' : ''}${entry.series ? `, ${SERIES_MARK}` : ''}`;
}
