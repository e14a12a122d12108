import { AnchorButton, Button, Checkbox, Classes, HTMLSelect, Icon, Label } from '@blueprintjs/core';
import { useState } from 'react';
import type { BookingStatusFilter } from '../../gql/graphql';
import { DateField } from '../../shared/forms/DateField';
import { BookingObjectFilter } from './BookingObjectFilter';
import { type BookingListFilter, fromDay, fromOfDay, isFiltered, NO_FILTER, statusFilterLabels, toDay, toOfDay } from './bookingListFilter';

export interface BookingListFiltersProps {
  filter: BookingListFilter;
  onChange: (filter: BookingListFilter) => void;
  tenantId: string;
  /** The CSV download of the filtered list, with or without each booking's last change. */
  exportHref: (withLastChange: boolean) => string;
  onPrint: () => void;
  /** The printout's bookings are being read. */
  printing: boolean;
  /** The rule of the series the list is narrowed to, once read. */
  seriesDescription: string | null;
}

/**
 * "Nur diese Serie" as a removable chip: the series' rule, and a button taking the filter away
 * (Blueprint's removable tag names its button in English).
 */
function SeriesFilterChip({ description, onRemove }: { description: string | null; onRemove: () => void }) {
  return (
    <span className={`${Classes.TAG} ${Classes.ROUND} ${Classes.intentClass('primary')} bookings-filter-chip`}>
      <span>Nur diese Serie{description ? `: ${description}` : ''}</span>
      <button type="button" className={Classes.TAG_REMOVE} aria-label="Filter „Nur diese Serie“ entfernen" title="Filter entfernen" onClick={onRemove}>
        <Icon icon="small-cross" aria-hidden />
      </button>
    </span>
  );
}

const ALL = '';

/**
 * The list's filters beside its search: status or payment, period (Berlin days, both ends
 * included), booked object and, chosen on a series booking, its series; "Filter zurücksetzen" while any is set; export (optionally with
 * who changed each booking last, and when) and print of what the list shows.
 */
export function BookingListFilters({ tenantId, filter, onChange, exportHref, onPrint, printing, seriesDescription }: BookingListFiltersProps) {
  const [withLastChange, setWithLastChange] = useState(false);
  return (
    <div className="bookings-filters" role="group" aria-label="Filter der Buchungsliste">
      <Label className={Classes.INLINE}>
        Status
        <HTMLSelect
          value={filter.status ?? ALL}
          onChange={(event) => onChange({ ...filter, status: event.currentTarget.value === ALL ? null : (event.currentTarget.value as BookingStatusFilter) })}
          options={[{ value: ALL, label: 'Alle' }, ...Object.entries(statusFilterLabels).map(([value, label]) => ({ value, label }))]}
        />
      </Label>
      {/* The product's German date field (TT.MM.JJJJ) rather than the browser's, whose format follows the machine. */}
      <DateField id="bookings-filter-from" label="Von" inline className="bookings-filter-date" value={fromDay(filter.from)} onChange={(day) => onChange({ ...filter, from: fromOfDay(day) })} />
      <DateField id="bookings-filter-to" label="Bis" inline className="bookings-filter-date" value={toDay(filter.to)} onChange={(day) => onChange({ ...filter, to: toOfDay(day) })} />
      <BookingObjectFilter tenantId={tenantId} id="bookings-filter-object" bookableId={filter.bookableId} onChange={(bookableId) => onChange({ ...filter, bookableId })} />
      {filter.seriesId && <SeriesFilterChip description={seriesDescription} onRemove={() => onChange({ ...filter, seriesId: null })} />}
      {isFiltered(filter) && <Button icon="filter-remove" variant="minimal" text="Filter zurücksetzen" onClick={() => onChange({ ...NO_FILTER, sort: filter.sort })} />}
      <span className="bookings-filters-actions">
        <Checkbox className={Classes.INLINE} label="mit letzter Änderung" checked={withLastChange} onChange={(event) => setWithLastChange(event.currentTarget.checked)} />
        <AnchorButton icon="download" text="Exportieren" href={exportHref(withLastChange)} download />
        <Button icon="print" text="Drucken" loading={printing} onClick={onPrint} />
      </span>
    </div>
  );
}
