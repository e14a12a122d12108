import type { PriceType } from '../gql/graphql';

/**
 * The one place for display formats: German locale, 24-hour time,
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
/** What the lists of API tokens, calendar feeds and webhooks show for a deleted creator (the server keeps no id of it). */
export const DELETED_ACCOUNT = 'gelöschtes Konto';

/** The "Angelegt von" of an access: the creator's name, or "gelöschtes Konto" once the account is gone. */
export function creatorLabel(access: { createdByName?: string | null }): string {
  return access.createdByName ?? DELETED_ACCOUNT;
}

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

const HOUR_MS = 3_600_000;
// Fixed abbreviations: Intl's ("Mo" or "Mo.") differ between ICU versions.
const WEEKDAYS_SHORT = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** "Mo, 07.12.2026" (Berlin date). */
export function formatDayWithWeekday(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const text = dateFormat.format(date);
  const [day, month, year] = text.split('.').map(Number);
  return `${WEEKDAYS_SHORT[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ${text}`;
}

/**
 * A booked period as people read it: "Mo, 07.12.2026, 10:00–12:00 Uhr" within a day ("24:00" for
 * an end at the next midnight), else both ends in full. Empty without a begin.
 */
export function formatPeriod(begin: DateInput, end: DateInput): string {
  const from = toDate(begin);
  if (!from) return '';
  const day = formatDayWithWeekday(from);
  const to = toDate(end);
  if (!to) return `${day}, ${timeFormat.format(from)} Uhr`;
  const sameDay = dateFormat.format(to) === dateFormat.format(from);
  // Midnight after the begin's day closes that day rather than opening the next one.
  const endsAtMidnight = !sameDay && timeFormat.format(to) === '00:00' && dateFormat.format(new Date(to.getTime() - HOUR_MS)) === dateFormat.format(from);
  if (sameDay || endsAtMidnight) return `${day}, ${timeFormat.format(from)}–${endsAtMidnight ? '24:00' : timeFormat.format(to)} Uhr`;
  return `${day}, ${timeFormat.format(from)} Uhr – ${formatDayWithWeekday(to)}, ${timeFormat.format(to)} Uhr`;
}

/** What an object costs when nothing does (list cards, booking page). */
export const FREE_TEXT = 'Kostenfrei';

const unitSuffixes: Record<PriceType, string> = {
  per_item: 'pro Stück',
  per_hour: 'pro Stunde',
  per_day: 'pro Tag',
  per_square_meter: 'pro m²',
};

/** The unit a price is given for: "pro Stunde". */
export function priceUnitSuffix(priceType: PriceType): string {
  return unitSuffixes[priceType];
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
