import { useQuery } from '@apollo/client/react';
import { Button, Classes, Label } from '@blueprintjs/core';
import { BookableSuggest } from '../../bookables/picker/BookableSuggest';
import { BookingObjectChoiceTitlesDocument } from '../../gql/graphql';

/** The title of the object a list or calendar is filtered to (null while unknown or without filter). */
export function useBookingObjectTitle(tenantId: string, bookableId: string | null): string | null {
  const { data } = useQuery(BookingObjectChoiceTitlesDocument, { variables: { tenantId, ids: bookableId ? [bookableId] : [] }, skip: !bookableId });
  return (bookableId && data?.bookingObjectChoicePage.items.find((item) => item.id === bookableId)?.title) || null;
}

export interface BookingObjectFilterProps {
  tenantId: string;
  /** The input's id (the label points to it). */
  id: string;
  bookableId: string | null;
  onChange: (bookableId: string | null) => void;
}

/**
 * "Objekt" of the bookings list and the calendar: every object of the tenant, searched on the server
 * as one types (a city's tenant has hundreds), or all of them ("Alle Objekte").
 */
export function BookingObjectFilter({ tenantId, id, bookableId, onChange }: BookingObjectFilterProps) {
  const title = useBookingObjectTitle(tenantId, bookableId);
  return (
    <span className="booking-object-filter">
      <Label htmlFor={id} className={Classes.INLINE}>
        Objekt
      </Label>
      <BookableSuggest
        tenantId={tenantId}
        id={id}
        source="bookingChoices"
        selected={bookableId ? { id: bookableId, title: title ?? '' } : null}
        onSelect={(option) => onChange(option.id)}
        excludedIds={[]}
        placeholder="Alle Objekte – Titel eingeben …"
      />
      <Button icon="cross" text="Alle Objekte" variant="minimal" disabled={!bookableId} onClick={() => onChange(null)} />
    </span>
  );
}
