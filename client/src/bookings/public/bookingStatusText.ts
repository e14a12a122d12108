import type { Intent } from '@blueprintjs/core';

/** The public status of a booking in words (the server's bookingStatus, paymentStatus and activeStatus). */
export interface StatusText {
  text: string;
  intent: Intent;
}

const bookingStates: Record<string, StatusText> = {
  confirmed: { text: 'bestätigt', intent: 'success' },
  rejected: { text: 'storniert', intent: 'danger' },
  pending: { text: 'in Prüfung', intent: 'warning' },
};

const paymentStates: Record<string, StatusText> = {
  paid: { text: 'bezahlt', intent: 'success' },
  pending: { text: 'ausstehend', intent: 'warning' },
};

const periodStates: Record<string, StatusText> = {
  expired: { text: 'abgelaufen', intent: 'none' },
  pending: { text: 'bevorstehend', intent: 'none' },
  active: { text: 'läuft gerade', intent: 'success' },
};

const unknown = (value: string): StatusText => ({ text: value || 'unbekannt', intent: 'none' });

export const bookingStateText = (status: string): StatusText => bookingStates[status] ?? unknown(status);
export const paymentStateText = (status: string): StatusText => paymentStates[status] ?? unknown(status);
/** Null for bookings without an end (booked by count). */
export const periodStateText = (status: string | null): StatusText | null => (status ? (periodStates[status] ?? unknown(status)) : null);

/** A cancellation can still be asked for while the booking stands and has not ended. */
export function mayAskToCancel(status: { bookingStatus: string; activeStatus: string | null }): boolean {
  return status.bookingStatus !== 'rejected' && status.activeStatus !== 'expired';
}
