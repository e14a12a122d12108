/**
 * A booking's history (docs/bookings.md, "History"): the codes of what happened, who did it and
 * through which path, their German words for the staff's timeline, and the query of one page.
 * Plain TypeScript.
 */
import { z } from 'zod';
import { changeActorKinds, changeActorLabel, staffActor, viewerActor, type ChangeActor, type ChangeActorKind } from '../changes/actor.js';
import { anyValue, looseObject } from '../validation/schema.js';
import { anonymisationModeLabels, type AnonymisationMode } from '../privacy/retention.js';
import { paymentMethodLabel, paymentProviderLabel } from './labels.js';

export const bookingHistoryActionLabels = {
  created: 'Angelegt',
  changed: 'Geändert',
  released: 'Freigegeben',
  rejected: 'Abgelehnt',
  cancelled: 'Storniert',
  paid: 'Als bezahlt markiert',
  workflow_moved: 'Im Board verschoben',
  receipt_issued: 'Zahlungsbeleg erstellt',
  invoice_issued: 'Rechnung erstellt',
  mail_sent: 'E-Mail versandt',
  mail_failed: 'E-Mail fehlgeschlagen',
  cancellation_requested: 'Stornierung angefragt',
  payment_notified: 'Zahlungsmeldung erhalten',
  deleted: 'Gelöscht',
  locker_updated: 'Schließfach aktualisiert',
  anonymised: 'Personenbezogene Daten anonymisiert',
  refund_opened: 'Erstattung angelegt',
  refund_completed: 'Erstattung abgeschlossen',
  refund_failed: 'Erstattung fehlgeschlagen',
} as const;
export type BookingHistoryAction = keyof typeof bookingHistoryActionLabels;

/**
 * Entries that record what followed a change (a mail, a document, a provider's notice, the locker
 * system's answer), not a change of the booking: the exports' "last change" passes over them.
 */
export const sideEffectHistoryActions: readonly BookingHistoryAction[] = ['mail_sent', 'mail_failed', 'receipt_issued', 'invoice_issued', 'payment_notified', 'locker_updated'];

/** Who acted (common/changes/actor.ts, shared with the tenant's change log). */
export const bookingHistoryActorKinds = changeActorKinds;
export type BookingHistoryActorKind = ChangeActorKind;

/** The path a change came through. */
export const bookingHistoryVias = ['graphql', 'rest', 'checkout', 'job', 'payment_callback'] as const;
export type BookingHistoryVia = (typeof bookingHistoryVias)[number];

/** Who acted: the user's or provider's id (none for citizens and the system) and the name as it was then. */
export type BookingHistoryActor = ChangeActor;

/** Who acted and through which path: handed from the resolver, route or job to the service that changes a booking. */
export interface ChangeOrigin {
  actor: BookingHistoryActor;
  via: BookingHistoryVia;
}

export { staffActor, viewerActor };


export function bookingHistoryActionLabel(action: string): string {
  return Object.hasOwn(bookingHistoryActionLabels, action) ? bookingHistoryActionLabels[action as BookingHistoryAction] : action;
}

/** The actor as the timeline names them: staff by name, everyone else by role. */
export const bookingHistoryActorLabel = changeActorLabel;

/** The German names of the booking fields a change lists. */
export const bookingHistoryFieldLabels: Readonly<Record<string, string>> = {
  name: 'Name',
  company: 'Firma',
  street: 'Straße',
  zipCode: 'PLZ',
  location: 'Ort',
  mail: 'E-Mail',
  phone: 'Telefon',
  comment: 'Kommentar',
  timeBegin: 'Beginn',
  timeEnd: 'Ende',
  isCommitted: 'Freigegeben',
  isPayed: 'Bezahlt',
  isRejected: 'Abgelehnt',
  paymentProvider: 'Zahlungsanbieter',
  paymentMethod: 'Zahlungsart',
  assignedUserId: 'Zugewiesen an',
  priceEur: 'Preis (EUR)',
  items: 'Buchungsobjekte',
  workflowStatus: 'Status im Board',
  mail_kind: 'E-Mail',
  document: 'Dokument',
  locker: 'Schließfach',
  anonymisation: 'Anonymisierung',
};

export function bookingHistoryFieldLabel(field: string): string {
  return bookingHistoryFieldLabels[field] ?? field;
}

/** The booking mails by the names the history stores (docs/bookings.md, "Booking mails"). */
export const bookingMailKindLabels: Readonly<Record<string, string>> = {
  'request-received': 'Anfrage eingegangen',
  confirmed: 'Buchungsbestätigung',
  released: 'Freigabe',
  'payment-requested': 'Zahlungsaufforderung (online)',
  'payment-direct': 'Zahlungshinweis',
  'invoice-payment-request': 'Zahlungsaufforderung mit Rechnung',
  invoice: 'Rechnung',
  rejected: 'Stornierung',
  declined: 'Ablehnung',
  'cancellation-requested': 'Bestätigungslink zur Stornierung',
  'tenant-new-booking': 'Neue Anfrage an den Mandanten',
  'tenant-booking-released': 'Neue Buchung an den Mandanten',
  'tenant-payment-received': 'Zahlungseingang an den Mandanten',
  'organizer-new-booking': 'Neue Buchung an die Veranstaltung',
};

/** A changed value as the timeline shows it: instants in Berlin time, flags as Ja/Nein, mails, methods and providers by their German names. */
export function bookingHistoryValueText(field: string, value: unknown, formatInstant: (instant: Date) => string): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (field === 'mail_kind' && typeof value === 'string') return bookingMailKindLabels[value] ?? value;
  if (field === 'anonymisation' && typeof value === 'string') return Object.hasOwn(anonymisationModeLabels, value) ? anonymisationModeLabels[value as AnonymisationMode] : value;
  if (field === 'paymentMethod' && typeof value === 'string') return paymentMethodLabel(value);
  if (field === 'paymentProvider' && typeof value === 'string') return paymentProviderLabel(value) ?? value;
  if ((field === 'timeBegin' || field === 'timeEnd') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatInstant(new Date(value));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const BOOKING_HISTORY_PAGE_DEFAULT = 20;
export const BOOKING_HISTORY_PAGE_MAX = 100;

/** `first` (1 to 100, default 20) and `after` (the `nextCursor` of the page before). */
export const bookingHistoryQuerySchema = looseObject({
  first: anyValue()
    .transform((value) => (value === null || value === undefined || value === '' ? BOOKING_HISTORY_PAGE_DEFAULT : Number(value)))
    .pipe(z.number().int().min(1).max(BOOKING_HISTORY_PAGE_MAX)),
  after: anyValue()
    .transform((value) => (typeof value === 'string' && value !== '' ? value : null))
    .pipe(z.string().regex(/^[0-9]{1,18}$/).nullable()),
});
export type BookingHistoryQuery = z.output<typeof bookingHistoryQuerySchema>;

/** The states of a booking's locker units in German (the details dialog, the history). */
export const lockerStateLabels: Readonly<Record<string, string>> = {
  reserved: 'reserviert',
  active: 'aktiv',
  released: 'freigegeben',
  failed: 'fehlgeschlagen',
};

export const lockerStateLabel = (state: string): string => lockerStateLabels[state] ?? state;

/** One locker unit group as the history names it: "Fach B-12 (2×): aktiv". */
export const lockerHistoryValue = (unit: { unitId: string; amount: number; state: string }): string => `Fach ${unit.unitId} (${unit.amount}×): ${lockerStateLabel(unit.state)}`;
