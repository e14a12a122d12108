import { berlinParts } from '../../../common/time/berlin.js';

/**
 * Receipt and invoice numbers: a booking gets one base number
 * "{year}-{NNNN}" from the tenant's yearly counter of that kind with its first document; every further
 * document of the kind for the booking keeps it and counts the revision up from 1. The full number is
 * "{prefix}-{year}-{NNNN}-{revision}"; without a prefix "{year}-{NNNN}-{revision}", no stray hyphen.
 * Invoices use the invoice prefix (the original used the receipt prefix by mistake).
 */

export const documentKinds = ['receipt', 'invoice'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return (documentKinds as readonly unknown[]).includes(value);
}

/** The calendar year in Berlin: a document issued at 00:30 on 1 January Berlin time belongs to the new year. */
export function berlinYear(instant: Date): number {
  return berlinParts(instant).year;
}

/** "2026-0007": four digits at least (the 10,000th of a year simply gets five). */
export function baseNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(sequence) || sequence < 1) throw new RangeError(`invalid document number ${year}/${sequence}`);
  return `${year}-${String(sequence).padStart(4, '0')}`;
}

export function documentNumber(prefix: string, year: number, sequence: number, revision: number): string {
  if (!Number.isInteger(revision) || revision < 1) throw new RangeError(`invalid revision ${revision}`);
  const lead = prefix.trim();
  return `${lead ? `${lead}-` : ''}${baseNumber(year, sequence)}-${revision}`;
}

const fileStem: Record<DocumentKind, string> = { receipt: 'Zahlungsbeleg', invoice: 'Rechnung' };

/**
 * "Zahlungsbeleg-{number}.pdf" / "Rechnung-{number}.pdf". The prefix is the tenant's free text, so
 * anything but letters, digits, dot, underscore and hyphen becomes "_": the name is always one safe
 * path segment.
 */
export function documentFileName(kind: DocumentKind, number: string): string {
  // At most 200 characters of the number (from its end, which holds year, sequence and revision): one file name stays below 255 bytes.
  return `${fileStem[kind]}-${number.replace(/[^A-Za-z0-9._-]/g, '_').slice(-200).replace(/^\.+/, '_')}.pdf`;
}

/** A file name this module could have produced (checked again before any disk access). */
export const DOCUMENT_FILE_NAME = /^(Zahlungsbeleg|Rechnung)-[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\.pdf$/;

/** The folder below the tenant's folder (outside public/ and protected/, so no file route serves it). */
export const documentFolder: Record<DocumentKind, string> = { receipt: 'receipts', invoice: 'invoices' };
