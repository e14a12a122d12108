/**
 * The one place for display formats (specification 01 section 9): German locale, 24-hour time,
 * euro amounts. Times are shown in the municipality's time zone regardless of the browser's.
 */
const LOCALE = 'de-DE';
const TIME_ZONE = 'Europe/Berlin';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
const currencyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });
// No thousands separator: the text goes back into a field and must read as the same number.
const amountInputFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 03.12.2007; empty for missing or invalid input. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** 14:05 (24 hours). */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** 03.12.2007, 14:05 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)}, ${timeFormat.format(date)}` : '';
}

/** 12,50 € */
export function formatCurrency(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : currencyFormat.format(amount);
}

/** 12,50 (a euro amount in a form field: two decimals, no currency sign); empty for none. */
export function formatAmountInput(amount: number | null | undefined): string {
  return amount === null || amount === undefined || !Number.isFinite(amount) ? '' : amountInputFormat.format(amount);
}

/** Parses a German or plain number ("12,5", "12.5"); null for empty or invalid text. */
export function parseDecimal(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  // With a comma, dots are thousands separators (1.234,5); without, a dot is the decimal point.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
