import { bookingStatusLabel, paymentMethodLabel, paymentStatusLabel } from '../../../common/bookings/labels.js';
import { bookingHistoryActionLabel, bookingHistoryActorLabel, bookingHistoryFieldLabel, bookingHistoryValueText, bookingMailKindLabels } from '../../../common/bookings/history.js';
import { anonymisationModeLabels, germanDate, type AnonymisationMode } from '../../../common/privacy/retention.js';
import { berlinParts } from '../../../common/time/berlin.js';

/**
 * What a tenant holds about one mail address (Art. 15 GDPR), as the REST answer, the GraphQL
 * result and the printed PDF show it: the bookings with their customer fields, items, times,
 * prices and status, their history, the mails sent and the receipts.
 */

export interface PersonalDataChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface PersonalDataHistoryEntry {
  at: Date;
  action: string;
  actionLabel: string;
  actor: string;
  via: string;
  changes: PersonalDataChange[];
  reason: string | null;
}

export interface PersonalDataMail {
  at: Date;
  kind: string;
  label: string;
  sent: boolean;
}

export interface PersonalDataReceipt {
  kind: string;
  number: string;
  issuedAt: Date;
  /** The last day it must be kept ("2036-12-31"). */
  keptUntil: string;
}

export interface PersonalDataItem {
  title: string;
  amount: number;
  timeBegin: Date | null;
  timeEnd: Date | null;
  grossPriceEur: number;
}

export interface PersonalDataBooking {
  id: string;
  status: string;
  paymentStatus: string;
  createdAt: Date;
  timeBegin: Date | null;
  timeEnd: Date | null;
  name: string;
  company: string;
  street: string;
  zipCode: string;
  location: string;
  mail: string;
  phone: string;
  comment: string;
  couponCode: string | null;
  priceEur: number;
  vatIncludedEur: number;
  paymentMethod: string;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  anonymisedMode: string | null;
  items: PersonalDataItem[];
  receipts: PersonalDataReceipt[];
  history: PersonalDataHistoryEntry[];
  mails: PersonalDataMail[];
}

/** A deleted booking whose history (which outlives it) still names the address. */
export interface PersonalDataDeletedBooking {
  id: string;
  deletedAt: Date;
  history: PersonalDataHistoryEntry[];
  mails: PersonalDataMail[];
}

export interface PersonalDataReport {
  tenantId: string;
  tenantName: string;
  mail: string;
  generatedAt: Date;
  bookings: PersonalDataBooking[];
  deletedBookings: PersonalDataDeletedBooking[];
}

export const berlinDateTime = (instant: Date): string => {
  const parts = berlinParts(instant);
  return `${germanDate(parts.date)}, ${parts.time} Uhr`;
};

export interface RawHistoryEntry {
  at: Date;
  action: string;
  actor: { kind: string; label: string };
  via: string;
  changes: { field: string; before: unknown; after: unknown }[];
  reason: string | null;
}

export function historyEntryOf(entry: RawHistoryEntry): PersonalDataHistoryEntry {
  return {
    at: entry.at,
    action: entry.action,
    actionLabel: bookingHistoryActionLabel(entry.action),
    actor: bookingHistoryActorLabel(entry.actor),
    via: entry.via,
    changes: entry.changes.map((change) => ({
      field: change.field,
      label: bookingHistoryFieldLabel(change.field),
      before: bookingHistoryValueText(change.field, change.before, berlinDateTime),
      after: bookingHistoryValueText(change.field, change.after, berlinDateTime),
    })),
    reason: entry.reason,
  };
}

/** Mails to the tenant's staff or an event's organiser, not to the customer. */
const notToTheCustomer = (kind: string) => kind.startsWith('tenant-') || kind.startsWith('organizer-');

/** The booking mails to the customer among the history entries: which mail, when, sent or failed. */
export function mailsOf(entries: readonly RawHistoryEntry[]): PersonalDataMail[] {
  return entries
    .filter((entry) => entry.action === 'mail_sent' || entry.action === 'mail_failed')
    .map((entry) => {
      const kind = String(entry.changes.find((change) => change.field === 'mail_kind')?.after ?? '');
      return { at: entry.at, kind, label: bookingMailKindLabels[kind] ?? kind, sent: entry.action === 'mail_sent' };
    })
    .filter((mail) => !notToTheCustomer(mail.kind));
}

export const statusLabels = (booking: { isCommitted: boolean; isRejected: boolean; isPayed: boolean }) => ({ status: bookingStatusLabel(booking), paymentStatus: paymentStatusLabel(booking) });

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
const euro = (value: number): string => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value);
const when = (instant: Date | null): string => (instant ? berlinDateTime(instant) : '–');
const row = (label: string, value: string): string => `<tr><th>${escape(label)}</th><td>${escape(value || '–')}</td></tr>`;

function bookingSection(booking: PersonalDataBooking): string {
  const details = [
    row('Buchungsnummer', booking.id),
    row('Status', `${booking.status}, Zahlung ${booking.paymentStatus}`),
    row('Angelegt', when(booking.createdAt)),
    row('Beginn', when(booking.timeBegin)),
    row('Ende', when(booking.timeEnd)),
    row('Name', booking.name),
    row('Firma', booking.company),
    row('Straße', booking.street),
    row('PLZ und Ort', [booking.zipCode, booking.location].filter(Boolean).join(' ')),
    row('E-Mail', booking.mail),
    row('Telefon', booking.phone),
    row('Kommentar', booking.comment),
    row('Gutschein', booking.couponCode ?? ''),
    row('Preis', `${euro(booking.priceEur)} (enthaltene MwSt. ${euro(booking.vatIncludedEur)})`),
    row('Zahlungsart', booking.paymentMethod ? paymentMethodLabel(booking.paymentMethod) : ''),
    ...(booking.anonymisedMode ? [row('Anonymisiert', anonymisationModeLabels[booking.anonymisedMode as AnonymisationMode] ?? booking.anonymisedMode)] : []),
  ].join('');
  const items = booking.items.map((item) => `<tr><td>${escape(item.title)}</td><td>${item.amount}</td><td>${escape(when(item.timeBegin))} – ${escape(when(item.timeEnd))}</td><td>${escape(euro(item.grossPriceEur))}</td></tr>`).join('');
  const receipts = booking.receipts.map((receipt) => `<li>${escape(receipt.kind === 'invoice' ? 'Rechnung' : 'Zahlungsbeleg')} ${escape(receipt.number)} vom ${escape(when(receipt.issuedAt))}, aufzubewahren bis ${escape(germanDate(receipt.keptUntil))}</li>`).join('');
  const mails = booking.mails.map((mail) => `<li>${escape(when(mail.at))}: ${escape(mail.label)}${mail.sent ? '' : ' (fehlgeschlagen)'}</li>`).join('');
  return `<section><h2>Buchung ${escape(booking.id)}</h2><table class="fields">${details}</table>
<h3>Gebuchte Objekte</h3>${items ? `<table><tr><th>Objekt</th><th>Anzahl</th><th>Zeitraum</th><th>Einzelpreis</th></tr>${items}</table>` : '<p>Keine.</p>'}
<h3>Belege</h3>${receipts ? `<ul>${receipts}</ul>` : '<p>Keine.</p>'}
<h3>Versandte E-Mails</h3>${mails ? `<ul>${mails}</ul>` : '<p>Keine.</p>'}
<h3>Verlauf</h3>${historyTable(booking.history)}</section>`;
}

function historyTable(history: readonly PersonalDataHistoryEntry[]): string {
  const rows = history
    .map((entry) => {
      const changes = entry.changes.map((change) => `${escape(change.label)}: ${escape(change.before)} → ${escape(change.after)}`).join('<br>');
      return `<tr><td>${escape(when(entry.at))}</td><td>${escape(entry.actionLabel)}</td><td>${escape(entry.actor)}</td><td>${changes}${entry.reason ? `<br>Grund: ${escape(entry.reason)}` : ''}</td></tr>`;
    })
    .join('');
  return rows ? `<table><tr><th>Zeitpunkt</th><th>Aktion</th><th>Durch</th><th>Änderungen</th></tr>${rows}</table>` : '<p>Keine Einträge.</p>';
}

function deletedBookingSection(booking: PersonalDataDeletedBooking): string {
  return `<section><h2>Gelöschte Buchung ${escape(booking.id)}</h2><p>Gelöscht am ${escape(when(booking.deletedAt))}. Gespeichert ist nur noch ihr Verlauf.</p>
<h3>Verlauf</h3>${historyTable(booking.history)}</section>`;
}

/** The report as a German HTML document for the PDF renderer. */
export function personalDataHtml(report: PersonalDataReport): string {
  const found = report.bookings.length + report.deletedBookings.length;
  const body = found === 0 ? '<p>Zu dieser E-Mail-Adresse sind keine Buchungen gespeichert.</p>' : [...report.bookings.map(bookingSection), ...report.deletedBookings.map(deletedBookingSection)].join('');
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Auskunft über gespeicherte Daten</title><style>
body { font-family: sans-serif; font-size: 10pt; color: #111; margin: 1.5cm; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.5em; border-bottom: 1px solid #999; } h3 { font-size: 11pt; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; padding: 2px 6px; border-bottom: 1px solid #ddd; }
table.fields th { width: 30%; } section { page-break-inside: auto; }
</style></head><body>
<h1>Auskunft über gespeicherte personenbezogene Daten (Art. 15 DSGVO)</h1>
<p>Verantwortlich: ${escape(report.tenantName)}<br>E-Mail-Adresse: ${escape(report.mail)}<br>Erstellt am: ${escape(berlinDateTime(report.generatedAt))}<br>Gefundene Buchungen: ${report.bookings.length}${report.deletedBookings.length > 0 ? `, dazu ${report.deletedBookings.length} gelöschte` : ''}</p>
<p>Zweck der Verarbeitung: Durchführung und Abrechnung der Buchungen (Art. 6 Abs. 1 lit. b DSGVO); Belege werden nach § 147 AO und § 14b UStG zehn Jahre aufbewahrt (Art. 6 Abs. 1 lit. c DSGVO).</p>
${body}
</body></html>`;
}
