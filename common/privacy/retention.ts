/**
 * The retention rules for customer data (docs/privacy.md), shared by the server (the daily job and
 * the erasure) and the staff's privacy screen. Plain TypeScript.
 *
 * Customer data of a finished booking is kept for the tenant's `retentionMonths`, then anonymised.
 * A receipt or invoice must be kept until the end of the 10th calendar year after the year it was
 * issued (§ 147 AO, § 14b UStG): until then the booking keeps what the document names (name,
 * company, address, items, prices), nothing more.
 */
import { addBerlinMonths, berlinInstant, berlinParts } from '../time/berlin.js';
import { MAIL_PATTERN } from '../validation/mail.js';

/** Years after the year of issue a receipt or invoice is kept. */
export const RECEIPT_RETENTION_YEARS = 10;

export const anonymisationModes = ['full', 'keep-accounting'] as const;
export type AnonymisationMode = (typeof anonymisationModes)[number];

export const anonymisationModeLabels: Record<AnonymisationMode, string> = {
  full: 'vollständig',
  'keep-accounting': 'Belegangaben behalten',
};

/** The name an anonymised booking carries. */
export const ANONYMISED_NAME = 'Anonymisiert';

/** "2036-12-31": the last day a document issued at the instant must be kept (the Berlin year of issue plus ten). */
export function receiptKeptUntil(issuedAt: Date): string {
  return `${berlinParts(issuedAt).year + RECEIPT_RETENTION_YEARS}-12-31`;
}

/** The first instant a document issued at the instant need no longer be kept: 1 January, 00:00 Berlin, eleven years on. */
export function receiptRetentionEnds(issuedAt: Date): Date {
  return berlinInstant(`${berlinParts(issuedAt).year + RECEIPT_RETENTION_YEARS + 1}-01-01`, '00:00');
}

export function receiptStillKept(issuedAt: Date, now: Date): boolean {
  return now.getTime() < receiptRetentionEnds(issuedAt).getTime();
}

/**
 * Documents issued before this instant are past their period at `now`: the start of the Berlin year
 * ten years before the current one.
 */
export function receiptRetentionCutoff(now: Date): Date {
  return berlinInstant(`${berlinParts(now).year - RECEIPT_RETENTION_YEARS}-01-01`, '00:00');
}

/** The latest "kept until" day of the documents, or null without any still kept at `now`. */
export function accountingKeptUntil(issuedAt: readonly Date[], now: Date): string | null {
  const kept = issuedAt.filter((instant) => receiptStillKept(instant, now)).map(receiptKeptUntil);
  return kept.length === 0 ? null : kept.sort().at(-1)!;
}

/** "2036-12-31" → "31.12.2036". */
export function germanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

export interface BookingForRetention {
  timeBegin?: Date | null;
  timeEnd?: Date | null;
  createdAt: Date;
  isCommitted: boolean;
  isRejected: boolean;
  isPayed: boolean;
  priceEur: number;
}

/**
 * Where a booking stands for its data: finished, or still upcoming, running, or released with its
 * payment open. Rejected and cancelled bookings are finished, whatever their time.
 */
export type BookingProgress = 'finished' | 'upcoming' | 'running' | 'payment-open';

export function bookingProgress(booking: BookingForRetention, now: Date): BookingProgress {
  if (booking.isRejected) return 'finished';
  if (booking.timeBegin && booking.timeBegin.getTime() > now.getTime()) return 'upcoming';
  if (booking.timeEnd && booking.timeEnd.getTime() > now.getTime()) return 'running';
  if (booking.isCommitted && !booking.isPayed && booking.priceEur > 0) return 'payment-open';
  return 'finished';
}

/** The instant the retention period counts from: the booking's end, or its creation for a booking without time. */
export function retentionStart(booking: BookingForRetention): Date {
  return booking.timeEnd ?? booking.createdAt;
}

/** Bookings that ended at or before this instant are past a retention of `months` at `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  return addBerlinMonths(now, -months);
}

/** Whether the daily job anonymises the booking: finished, and ended `months` or longer ago. */
export function retentionExpired(booking: BookingForRetention, now: Date, months: number): boolean {
  return bookingProgress(booking, now) === 'finished' && retentionStart(booking).getTime() <= retentionCutoff(now, months).getTime();
}

/** "Aufbewahrungspflicht für Belege bis 31.12.2036 (§ 147 AO)". */
export function accountingReason(keptUntil: string): string {
  return `Aufbewahrungspflicht für Belege bis ${germanDate(keptUntil)} (§ 147 AO, § 14b UStG): Name, Firma und Anschrift bleiben bis dahin gespeichert, E-Mail, Telefon und Kommentar wurden gelöscht.`;
}

const berlinDateTime = (instant: Date) => {
  const parts = berlinParts(instant);
  return `${germanDate(parts.date)}, ${parts.time} Uhr`;
};

/** Why a booking's data cannot be erased yet; null when it is finished. */
export function erasureRefusal(number: string, booking: BookingForRetention, now: Date): string | null {
  switch (bookingProgress(booking, now)) {
    case 'upcoming':
      return `Die Buchung ${number} läuft noch: sie beginnt am ${berlinDateTime(booking.timeBegin!)}. Ihre Daten können erst nach ihrem Ende gelöscht werden.`;
    case 'running':
      return `Die Buchung ${number} läuft noch bis ${berlinDateTime(booking.timeEnd!)}. Ihre Daten können erst nach ihrem Ende gelöscht werden.`;
    case 'payment-open':
      return `Die Buchung ${number} läuft noch: die Zahlung ist offen. Ihre Daten können erst nach der Zahlung oder Stornierung gelöscht werden.`;
    default:
      return null;
  }
}

export const privacyMessages = {
  mail: 'Bitte geben Sie eine gültige E-Mail-Adresse an (z. B. name@beispiel.de).',
} as const;

/** The mail address asked about, trimmed; null when it is no mail address. */
export function normalisedMail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const mail = value.trim();
  return mail.length > 0 && mail.length <= 320 && MAIL_PATTERN.test(mail) ? mail : null;
}
