import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { BookingHistory } from './BookingHistory';

/**
 * Shown when the list's search is a booking number no booking of the list carries: a booking that
 * was deleted keeps its history, so a clerk asked about it can still read what happened and who
 * deleted it. A number never used answers "Der Verlauf konnte nicht geladen werden".
 */
export function DeletedBookingHistory({ tenantId, bookingId }: { tenantId: string; bookingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Callout intent="primary" icon="history" className="deleted-booking-history">
      <p>Keine Buchung mit der Nummer {bookingId} in dieser Liste. Wurde sie gelöscht, bleibt ihr Verlauf lesbar.</p>
      <Button text="Verlauf anzeigen" icon="history" onClick={() => setOpen(true)} />
      {open && (
        <Dialog isOpen title={`Verlauf der Buchung ${bookingId}`} onClose={() => setOpen(false)} className="booking-dialog">
          <DialogBody>
            <BookingHistory tenantId={tenantId} bookingId={bookingId} />
          </DialogBody>
          <DialogFooter actions={<Button text="Schließen" onClick={() => setOpen(false)} />} />
        </Dialog>
      )}
    </Callout>
  );
}
