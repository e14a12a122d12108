import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Dialog, DialogBody, FormGroup, H5, HTMLSelect, InputGroup, NonIdealState, Spinner, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { PaymentMethodOptions } from './PaymentMethodOptions';
import { RelationsSearchPicker } from '../../bookables/editor/sections/relationsSearchPicker';
import { BookingWorkflowStatesDocument, SaveStaffBookingDocument, StaffBookingDocument, type StaffBookingDetailsFragment } from '../../gql/graphql';
import { formatCurrency } from '../../shared/format';
import { DateTimeField } from '../../shared/forms/DateTimeField';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { fieldErrorMarker, helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { TextField } from '../../shared/forms/TextField';
import { storeBooking } from './bookingChanges';
import { addObject, ARCHIVE_STATUS, BACKLOG_STATUS, type BookedObjectValue, bookingFormValues, type BookingFormValues, bookingInput, changeAmount, customerValidator, endValidator, objectsValidator, unitPriceValidator } from './bookingForm';
import { bookingMessages } from './bookingMessages';

function UnitPrice({ index, title }: { index: number; title: string }) {
  const id = `booking-item-${index}-price`;
  const { input, meta } = useField<string>(`bookableItems[${index}].userGrossPriceEur`, { validate: unitPriceValidator });
  const error = shownFieldError(meta);
  return (
    <FormGroup label={`Preis je Einheit (brutto) für ${title}`} labelFor={id} helperText={helperLine(error, 'leer: nach Preisliste berechnet')} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} value={input.value ?? ''} id={id} inputMode="decimal" rightElement={<Tag minimal>€</Tag>} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} fill />
    </FormGroup>
  );
}

/** The booked objects with their amounts (−, + ; − at one removes the object) and unit prices. */
function BookedObjects({ tenantId }: { tenantId: string }) {
  const { input } = useField<BookedObjectValue[]>('bookableItems');
  // The rule has a field of its own: an error at 'bookableItems' itself would collide with the
  // errors of its entries' prices in final-form's error tree.
  const { meta } = useField('bookableItemsChosen', { validate: objectsValidator });
  const items = input.value || [];
  const error = shownFieldError({ ...meta, touched: true });
  return (
    <section aria-labelledby="booking-objects-heading" className="booking-form-section">
      <H5 id="booking-objects-heading">Gebuchte Objekte</H5>
      {items.length > 0 && (
        <ul className="booking-objects">
          {items.map((item, index) => (
            <li key={item.bookableId} className="booking-object">
              <span className="booking-object-title">{item.title}</span>
              <span className="booking-object-amount" role="group" aria-label={`Anzahl ${item.title}`}>
                <Button icon="minus" aria-label={`Anzahl ${item.title} verringern`} onClick={() => input.onChange(changeAmount(items, index, -1))} />
                <output aria-live="polite">{item.amount}</output>
                <Button icon="plus" aria-label={`Anzahl ${item.title} erhöhen`} onClick={() => input.onChange(changeAmount(items, index, 1))} />
              </span>
              <UnitPrice index={index} title={item.title} />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="bp6-form-helper-text bp6-intent-danger" {...fieldErrorMarker}>
          {error}
        </p>
      )}
      {/* Searched on the server as one types; an object listed already is offered again, adding one more of it. */}
      <RelationsSearchPicker
        tenantId={tenantId}
        id="booking-object-picker"
        label="Objekt hinzufügen"
        buttonText="Hinzufügen"
        source="bookingChoices"
        excludedIds={[]}
        onAdd={(_id, object) => input.onChange(addObject(items, object))}
      />
    </section>
  );
}

function PaymentFields() {
  const method = useField<string>('paymentMethod');
  const paid = useField<boolean>('isPayed', { type: 'checkbox' });
  return (
    <section aria-labelledby="booking-payment-heading" className="booking-form-section">
      <H5 id="booking-payment-heading">Zahlung</H5>
      <div className="booking-form-grid">
        <FormGroup label="Zahlungsmethode" labelFor="booking-payment-method">
          <HTMLSelect id="booking-payment-method" fill value={method.input.value} onChange={(event) => method.input.onChange(event.currentTarget.value)}>
            <option value="">Keine Angabe</option>
            <PaymentMethodOptions />
          </HTMLSelect>
        </FormGroup>
        <Switch id="booking-paid" label="Bezahlt" checked={Boolean(paid.input.checked)} onChange={(event) => paid.input.onChange(event.currentTarget.checked)} />
      </div>
    </section>
  );
}

/**
 * Where the booking stands on the workflow board: the backlog, a state of the active workflow or
 * the archive. Shown only to viewers who may read the workflow.
 */
function WorkflowStatusField({ tenantId }: { tenantId: string }) {
  const { data } = useQuery(BookingWorkflowStatesDocument, { variables: { tenantId } });
  const { input } = useField<string>('workflowStatus');
  const workflow = data?.workflow;
  if (!workflow?.active || workflow.states.length === 0) return null;
  return (
    <section aria-labelledby="booking-workflow-heading" className="booking-form-section">
      <H5 id="booking-workflow-heading">Workflow</H5>
      <FormGroup label="Status im Workflow" labelFor="booking-workflow-status">
        <HTMLSelect id="booking-workflow-status" fill value={input.value} onChange={(event) => input.onChange(event.currentTarget.value)}>
          <option value={BACKLOG_STATUS}>Backlog</option>
          {workflow.states.map((state) => (
            <option key={state.id} value={state.id}>
              {state.name}
            </option>
          ))}
          <option value={ARCHIVE_STATUS}>Archiv</option>
        </HTMLSelect>
      </FormGroup>
    </section>
  );
}

function CommentField() {
  const { input } = useField<string>('comment');
  return (
    <FormGroup label="Kommentar" labelFor="booking-comment" labelInfo="(optional)">
      <TextArea {...input} value={input.value ?? ''} id="booking-comment" rows={3} fill />
    </FormGroup>
  );
}

function BookingForm({ tenantId, booking, onClose }: { tenantId: string; booking: StaffBookingDetailsFragment | null; onClose: () => void }) {
  const [save] = useMutation(SaveStaffBookingDocument, {
    // A new booking joins the list at once; the live event that follows finds it there.
    update: (cache, { data }) => {
      if (data) storeBooking(cache, tenantId, data.saveBooking);
    },
  });
  // Held once: new initial values on a later render would reset what was typed.
  const [startValues] = useState(() => bookingFormValues(booking));
  const isNew = booking === null;
  const [validateCustomer] = useState(() => customerValidator(isNew));

  const dialog = useSaveDialog<BookingFormValues>({
    save: (values) => save({ variables: { tenantId, input: bookingInput(values, booking?.id ?? null, startValues.workflowStatus) } }),
    saved: isNew ? bookingMessages.created : bookingMessages.edited,
    // A field the server names shows at its field; anything else ("Zeitkonflikt", "Objekt nicht verfügbar", …) as toast.
    failed: isNew ? bookingMessages.createError : bookingMessages.editError,
    onSaved: onClose,
  });

  return (
    <Form<BookingFormValues>
      initialValues={startValues}
      onSubmit={dialog.submit}
      validate={validateCustomer}
      decorators={dialog.decorators}
      render={({ handleSubmit, submitting }) => (
        <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
          <DialogBody>
            <BookedObjects tenantId={tenantId} />
            <section aria-labelledby="booking-time-heading" className="booking-form-section">
              <H5 id="booking-time-heading">Zeitraum</H5>
              <div className="booking-form-grid">
                <DateTimeField name="timeBegin" label="Beginn" id="booking-time-begin" />
                <DateTimeField name="timeEnd" label="Ende" id="booking-time-end" validate={endValidator} />
              </div>
            </section>
            <section aria-labelledby="booking-customer-heading" className="booking-form-section">
              <H5 id="booking-customer-heading">Kundendaten</H5>
              <div className="booking-form-grid">
                <TextField name="name" id="booking-name" label="Name" autoComplete="off" />
                <TextField name="company" id="booking-company" label="Firma" optional autoComplete="off" />
                <TextField name="mail" id="booking-mail" label="E-Mail" type="email" optional={!isNew} autoComplete="off" />
                <TextField name="phone" id="booking-phone" label="Telefon" type="tel" optional autoComplete="off" />
                <TextField name="street" id="booking-street" label="Straße" optional autoComplete="off" />
                <TextField name="zipCode" id="booking-zip" label="PLZ" optional autoComplete="off" />
                <TextField name="location" id="booking-location" label="Ort" optional autoComplete="off" />
              </div>
              <CommentField />
            </section>
            <PaymentFields />
            {booking && <WorkflowStatusField tenantId={tenantId} />}
            {booking && (
              <p className="booking-total">
                Gesamtpreis bisher: <strong>{formatCurrency(booking.priceEur)}</strong> (wird beim Speichern aus den Objekten neu berechnet)
              </p>
            )}
          </DialogBody>
          <DialogSaveFooter onCancel={onClose} saving={submitting} />
        </form>
      )}
    />
  );
}

/** Stored bookings load their details first; the form shows them as they are now. */
function StoredBookingForm({ tenantId, bookingId, onClose }: { tenantId: string; bookingId: string; onClose: () => void }) {
  const { data, error } = useQuery(StaffBookingDocument, { variables: { tenantId, id: bookingId }, fetchPolicy: 'network-only' });
  if (error) {
    console.error('Buchung nicht geladen:', error);
    return <NonIdealState icon="error" title={bookingMessages.loadError.message} />;
  }
  if (!data) return <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />;
  return <BookingForm tenantId={tenantId} booking={data.booking} onClose={onClose} />;
}

/** Create (bookingId null) or edit a booking, 800 px wide; it stays open when saving fails. */
export function BookingEditDialog({ tenantId, bookingId, onClose }: { tenantId: string; bookingId: string | null; onClose: () => void }) {
  return (
    <Dialog isOpen title={bookingId ? `Buchung ${bookingId} bearbeiten` : 'Buchung erstellen'} onClose={onClose} className="booking-dialog">
      {bookingId ? <StoredBookingForm tenantId={tenantId} bookingId={bookingId} onClose={onClose} /> : <BookingForm tenantId={tenantId} booking={null} onClose={onClose} />}
    </Dialog>
  );
}
