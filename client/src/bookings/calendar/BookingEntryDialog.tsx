import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { bookingStatusLabel, paymentStatusLabel } from '../../../../common/bookings/labels';
import { formatDateTime } from '../../shared/format';
import type { Viewer } from '../../shared/rights';
import { bookingActions, type StaffBooking } from '../staff/bookingRows';
import { PaymentTag, StatusTag } from '../staff/BookingTags';
import type { CalendarEntry } from './calendarEntries';

export interface BookingEntryHandlers {
  onDetails: (booking: StaffBooking) => void;
  onEdit: (booking: StaffBooking) => void;
  onRelease: (booking: StaffBooking) => void;
  onReject: (booking: StaffBooking) => void;
  onDelete: (booking: StaffBooking) => void;
}

/**
 * The popup of a calendar entry: who booked what and when, its status, and what the viewer's rights
 * allow (details, edit, release, cancel or reject, delete), as the list's row menu offers them.
 */
export function BookingEntryDialog({ entry, viewer, handlers, onClose }: { entry: CalendarEntry; viewer: Viewer | null; handlers: BookingEntryHandlers; onClose: () => void }) {
  const { booking } = entry;
  const actions = bookingActions(viewer, booking);
  const act = (handler: (booking: StaffBooking) => void) => () => {
    onClose();
    handler(booking);
  };
  return (
    <Dialog isOpen title={`Buchung ${booking.id}`} onClose={onClose} className="calendar-entry-dialog">
      <DialogBody>
        <dl className="calendar-entry-facts">
          <dt>Name</dt>
          <dd>{entry.name}</dd>
          <dt>Gebuchte Objekte</dt>
          <dd>{entry.objects}</dd>
          <dt>Von</dt>
          <dd>{formatDateTime(booking.timeBegin)}</dd>
          <dt>Bis</dt>
          <dd>{formatDateTime(booking.timeEnd)}</dd>
          <dt>Status</dt>
          <dd>
            <StatusTag status={bookingStatusLabel(booking)} /> <PaymentTag payment={paymentStatusLabel(booking)} />
          </dd>
        </dl>
        {!actions.details && <p className={Classes.TEXT_MUTED}>Sie dürfen diese Buchung nur ansehen.</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {actions.delete && (
              <Button
                icon="trash"
                intent="danger"
                variant="minimal"
                text="Löschen"
                disabled={actions.deleteBlocked !== null}
                title={actions.deleteBlocked ?? undefined}
                onClick={act(handlers.onDelete)}
              />
            )}
            {actions.reject && <Button icon="disable" text={actions.reject} onClick={act(handlers.onReject)} />}
            {actions.details && <Button icon="eye-open" text="Details anzeigen" onClick={act(handlers.onDetails)} />}
            {actions.edit && <Button icon="edit" text="Bearbeiten" onClick={act(handlers.onEdit)} />}
            {actions.release && <Button icon="tick-circle" intent="primary" text="Buchung freigeben" onClick={act(handlers.onRelease)} />}
            {!actions.release && <Button text="Schließen" onClick={onClose} />}
          </>
        }
      />
    </Dialog>
  );
}
