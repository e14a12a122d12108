import { Button, ButtonGroup, SegmentedControl, Spinner } from '@blueprintjs/core';
import { BookingObjectFilter } from '../staff/BookingObjectFilter';
import type { CalendarView } from './calendarTime';

const VIEWS: { label: string; value: CalendarView }[] = [
  { label: 'Tag', value: 'day' },
  { label: 'Woche', value: 'week' },
  { label: 'Monat', value: 'month' },
];

export interface CalendarToolbarProps {
  /** "23. – 29. November 2026" */
  label: string;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onToday: () => void;
  onStep: (step: -1 | 1) => void;
  tenantId: string;
  bookableId: string | null;
  onBookableChange: (bookableId: string | null) => void;
  /** Bookings of the period are still on their way. */
  loading: boolean;
  onPrint: () => void;
}


/** Above the calendar: today, back and forth, the period shown, day/week/month, the object filter and print. */
export function CalendarToolbar({ label, view, onViewChange, onToday, onStep, tenantId, bookableId, onBookableChange, loading, onPrint }: CalendarToolbarProps) {
  return (
    <div className="calendar-toolbar">
      <ButtonGroup>
        <Button text="Heute" onClick={onToday} />
        <Button icon="chevron-left" aria-label="Zurück" title="Zurück" onClick={() => onStep(-1)} />
        <Button icon="chevron-right" aria-label="Weiter" title="Weiter" onClick={() => onStep(1)} />
      </ButtonGroup>
      <h3 className="calendar-period" aria-live="polite">
        {label}
      </h3>
      {loading && <Spinner size={16} aria-label="Buchungen werden geladen" />}
      <BookingObjectFilter tenantId={tenantId} id="calendar-filter-object" bookableId={bookableId} onChange={onBookableChange} />
      <SegmentedControl aria-label="Zeitraum" options={VIEWS} value={view} onValueChange={(value) => onViewChange(value as CalendarView)} />
      <Button icon="print" text="Drucken" onClick={onPrint} />
    </div>
  );
}
