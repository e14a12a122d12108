import { Button, InputGroup, SegmentedControl } from '@blueprintjs/core';
import type { BookingView, BookingViewKey } from './bookingViews';

export interface BookingsToolbarProps {
  views: readonly BookingView[];
  view: BookingViewKey;
  onViewChange: (view: BookingViewKey) => void;
  /** The list's search; the calendar has none. */
  search?: { query: string; onQueryChange: (query: string) => void };
  /** Without it (no create right) there is no create button. */
  onCreate?: () => void;
}

/** Above the bookings: the view toggle, the list's search field and the floating "Buchung erstellen". */
export function BookingsToolbar({ views, view, onViewChange, search, onCreate }: BookingsToolbarProps) {
  return (
    <div className="data-table-toolbar bookings-toolbar">
      <SegmentedControl
        aria-label="Ansicht"
        options={views.map((entry) => ({ label: entry.label, value: entry.key }))}
        value={view}
        onValueChange={(value) => onViewChange(value as BookingViewKey)}
      />
      {search && (
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Buchung suchen..."
          aria-label="Buchungen durchsuchen"
          value={search.query}
          onValueChange={search.onQueryChange}
        />
      )}
      {onCreate && <Button className="floating-action" intent="primary" size="large" icon="add" text="Buchung erstellen" onClick={onCreate} />}
    </div>
  );
}
