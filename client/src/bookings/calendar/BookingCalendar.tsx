import { cloneElement, type ReactElement, type SyntheticEvent, useMemo, useRef, useState } from 'react';
import { Calendar, type EventProps, type EventWrapperProps } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { Viewer } from '../../shared/rights';
import { useAppState } from '../../shared/store';
import { SeriesMarker } from '../series/SeriesMarks';
import { useBookingObjectTitle } from '../staff/BookingObjectFilter';
import { useStaffBookings } from '../staff/useStaffBookings';
import './calendar.css';
import { calendarEntries, type CalendarEntry } from './calendarEntries';
import { fastGermanLocalizer } from './calendarLocalizer';
import { useGridWithoutTableRoles } from './calendarAria';
import { calendarFormats, calendarMessages, entryDayNote, entryLabel, periodLabel } from './calendarText';
import { bookingWindowOf, type CalendarView, stepDate, toWallClock } from './calendarTime';
import { BookingEntryDialog, type BookingEntryHandlers } from './BookingEntryDialog';
import { CalendarToolbar } from './CalendarToolbar';

const localizer = fastGermanLocalizer();
const VIEWS: CalendarView[] = ['day', 'week', 'month'];
// The working day is in view first; earlier and later hours are a scroll away.
const SCROLL_TO = new Date(1970, 0, 1, 7, 0);

/**
 * Customer and objects, marked when a date of a series; for screen readers also the day (the eye
 * takes it from the column) and whether it is released.
 */
function EntryContent({ event }: EventProps<CalendarEntry>) {
  return (
    <span className="calendar-entry-text">
      <strong>{event.name}</strong> <span>{event.objects}</span>
      {event.series && <SeriesMarker />}
      <span className="sr-only">, {entryDayNote(event)}</span>
    </span>
  );
}

// react-big-calendar passes `type` ("date" in the month view and the all-day row, "time" in the time grid) but leaves it out of its typings.
type EntryWrapperProps = EventWrapperProps<CalendarEntry> & {
  type?: 'date' | 'time';
  children?: ReactElement;
};

/**
 * The month view's entries are plain boxes showing customer and object; like the time grid's they
 * become buttons, named by day, time, customer and object.
 */
function EntryWrapper({ event, type, children }: EntryWrapperProps) {
  if (!children) return null;
  if (type !== 'date') return children;
  return cloneElement(
    children as ReactElement<{
      role?: string;
      tabIndex?: number;
      'aria-label'?: string;
    }>,
    { role: 'button', tabIndex: 0, 'aria-label': entryLabel(event) },
  );
}

const entryClass = (entry: CalendarEntry) => ({
  className: entry.pending ? 'calendar-entry calendar-entry-pending' : 'calendar-entry',
});

export interface BookingCalendarProps {
  tenantId: string;
  viewer: Viewer | null;
  handlers: BookingEntryHandlers;
}

/**
 * The bookings as a calendar (/admin/buchungen, "Kalender"): day, week (first) or month, Monday
 * first, in Berlin time. Each period reads the bookings overlapping it (500 at a time), of one
 * object if chosen; the bookings screen's subscription keeps them current, so new and changed
 * bookings appear without reloading. Rejected bookings are left out, unreleased ones grey; a click
 * or Enter on an entry opens its popup.
 */
export default function BookingCalendar({ tenantId, viewer, handlers }: BookingCalendarProps) {
  const [view, setView] = useState<CalendarView>('week');
  const [date, setDate] = useState(() => toWallClock(new Date()));
  const [bookableId, setBookableId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const window = { ...bookingWindowOf(view, date), bookableId, holdLaterPages: true };
  const { bookings, loading, loadingMore } = useStaffBookings(tenantId, window);
  const entries = useMemo(() => calendarEntries(bookings), [bookings]);
  const tenantName = useAppState((state) => state.tenant?.name ?? '');
  const objectTitle = useBookingObjectTitle(tenantId, bookableId);
  // The entry as the cache has it now: a change shows in the open popup, a deletion closes it.
  const selected = selectedId === null ? undefined : entries.find((entry) => entry.id === selectedId);

  const grid = useRef<HTMLDivElement>(null);
  useGridWithoutTableRoles(grid);
  const components = useMemo(() => ({ event: EntryContent, eventWrapper: EntryWrapper }), []);
  const onKeyPressEvent = (entry: CalendarEntry, event: SyntheticEvent) => {
    const key = (event.nativeEvent as KeyboardEvent).key;
    if (key !== 'Enter' && key !== ' ') return;
    event.preventDefault();
    setSelectedId(entry.id);
  };

  return (
    <section className="booking-calendar" aria-label="Buchungskalender" data-window={`${window.from}/${window.to}`} aria-busy={loading || loadingMore}>
      <CalendarToolbar
        label={periodLabel(view, date)}
        view={view}
        onViewChange={setView}
        onToday={() => setDate(toWallClock(new Date()))}
        onStep={(step) => setDate(stepDate(view, date, step))}
        tenantId={tenantId}
        bookableId={bookableId}
        onBookableChange={setBookableId}
        loading={loading || loadingMore}
        onPrint={() => globalThis.print()}
      />
      {/* Only on paper: whose calendar, which period and object. */}
      <div className="calendar-print-heading">
        <h1>Buchungskalender {tenantName}</h1>
        <p>{[periodLabel(view, date), bookableId ? `Objekt: ${objectTitle ?? 'unbekannt'}` : 'Alle Objekte'].join(' · ')}</p>
      </div>
      <div ref={grid}>
        <Calendar<CalendarEntry>
          className="calendar-grid"
          localizer={localizer}
          culture="de"
          events={entries}
          titleAccessor="name"
          tooltipAccessor={(entry) => `${entry.name}: ${entry.objects}`}
          view={view}
          views={VIEWS}
          onView={(next) => setView(next as CalendarView)}
          date={date}
          onNavigate={setDate}
          toolbar={false}
          messages={calendarMessages}
          formats={calendarFormats}
          popup
          scrollToTime={SCROLL_TO}
          eventPropGetter={entryClass}
          components={components}
          onSelectEvent={(entry) => setSelectedId(entry.id)}
          onKeyPressEvent={onKeyPressEvent}
        />
      </div>
      {selected && <BookingEntryDialog entry={selected} viewer={viewer} handlers={handlers} onClose={() => setSelectedId(null)} />}
    </section>
  );
}
