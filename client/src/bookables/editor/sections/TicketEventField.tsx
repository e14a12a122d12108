import { useQuery } from '@apollo/client/react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { TicketEventChoicesDocument } from '../../../gql/graphql';
import { helperLine, shownFieldError } from '../../../shared/forms/fieldMessage';
import { formatDate } from '../../../shared/format';
import { fieldId } from '../fields';

export const ticketEventHint = 'Datum, Uhrzeit und Ort der Veranstaltung erscheinen auf der Buchungsseite, in der Buchungsübersicht und in den Buchungsmails.';

/**
 * "Veranstaltung" of a ticket: one of the tenant's events, or none. A second ticket of an event (say
 * "Ermäßigt") is a new ticket linked here; all tickets of an event share its seats.
 */
export function TicketEventField({ tenantId }: { tenantId: string }) {
  const { input, meta } = useField<string | null>('eventId');
  const { data, loading } = useQuery(TicketEventChoicesDocument, { variables: { tenantId } });
  const events = data?.events ?? [];
  const error = shownFieldError(meta);
  const id = fieldId('eventId');
  const value = input.value ?? '';
  return (
    <FormGroup label="Veranstaltung" labelFor={id} helperText={helperLine(error, ticketEventHint)} intent={error ? 'danger' : 'none'}>
      <HTMLSelect id={id} fill value={value} onChange={(event) => input.onChange(event.currentTarget.value || null)} aria-invalid={error ? true : undefined}>
        <option value="">{loading && events.length === 0 ? 'Daten werden geladen...' : 'Keine Veranstaltung'}</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {event.startsAt ? `${event.information.name} (${formatDate(event.startsAt)})` : event.information.name}
          </option>
        ))}
        {/* An event the viewer may not read (or no longer listed) stays selectable by id. */}
        {value && !loading && !events.some((event) => event.id === value) && <option value={value}>{value}</option>}
      </HTMLSelect>
    </FormGroup>
  );
}
