/** Toasts of the bookings screen; a server's answer wins where it gives one. */
export const bookingMessages = {
  /** receipt.create.success */
  receiptCreated: (number: string) => ({ title: 'Zahlungsbeleg erstellt', message: `Zahlungsbeleg Nr. ${number} erstellt.` }),
  /** "Zahlungsbeleg erstellen" when nothing on the newest receipt changed: no new revision. */
  receiptCurrent: { title: 'Zahlungsbeleg aktuell', message: 'Der Zahlungsbeleg ist aktuell – es wurde kein neuer erstellt.' },
  /** The toast's link to the receipt's PDF. */
  receiptOpen: 'Zahlungsbeleg öffnen',
  /** receipt.create.error */
  receiptError: { title: 'Fehler', message: 'Der Zahlungsbeleg konnte nicht erstellt werden.' },
  /** "Rechnung erstellen": a new invoice, or the one of the same amount issued before. */
  invoiceCreated: (number: string) => ({ title: 'Rechnung erstellt', message: `Rechnung Nr. ${number} erstellt.` }),
  invoiceCurrent: { title: 'Rechnung aktuell', message: 'Über diesen Betrag gibt es schon eine Rechnung – es wurde keine neue erstellt.' },
  invoiceOpen: 'Rechnung öffnen',
  invoiceError: { title: 'Fehler', message: 'Die Rechnung konnte nicht erstellt werden.' },
  created: { title: 'Buchung erstellt', message: 'Die Buchung wurde erfolgreich erstellt.' },
  edited: { title: 'Buchung bearbeitet', message: 'Die Änderungen wurden erfolgreich gespeichert.' },
  /** booking.create.error */
  createError: { title: 'Fehler beim Erstellen der Buchung', message: 'Die Buchung konnte nicht erstellt werden.' },
  /** booking.edit.error */
  editError: { title: 'Fehler beim Bearbeiten der Buchung', message: 'Die Änderungen konnten nicht gespeichert werden.' },
  released: { title: 'Buchung freigegeben', message: 'Die Buchung wurde freigegeben.' },
  releaseError: { title: 'Fehler', message: 'Die Buchung konnte nicht freigegeben werden.' },
  markedPaid: { title: 'Zahlung erfasst', message: 'Die Buchung wurde als bezahlt markiert.' },
  markPaidError: { title: 'Fehler', message: 'Die Buchung konnte nicht als bezahlt markiert werden.' },
  rejected: { title: 'Buchung abgelehnt', message: 'Die Buchung wurde abgelehnt.' },
  cancelled: { title: 'Buchung storniert', message: 'Die Buchung wurde storniert.' },
  rejectError: { title: 'Fehler', message: 'Die Buchung konnte nicht abgelehnt oder storniert werden.' },
  deleted: { title: 'Buchung gelöscht', message: 'Die Buchung wurde erfolgreich gelöscht.' },
  deleteError: { title: 'Fehler', message: 'Die Buchung konnte nicht gelöscht werden.' },
  loadError: { title: 'Fehler', message: 'Die Buchung konnte nicht geladen werden.' },
} as const;
