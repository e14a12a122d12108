/**
 * The checkout body (rest-contract 5.1) and the staff's booking body, checked and normalised.
 * Malformed input is a 400 with German messages per field; the booking rules come afterwards.
 */
import { AppError } from '../../shared/errors.js';
import { customerFields, paymentMethods, paymentProviders, type CustomerData, type PaymentProvider } from '../booking.model.js';

export interface CheckoutRequest {
  timeBegin: Date | null;
  timeEnd: Date | null;
  items: { bookableId: string; amount: number }[];
  couponCode: string | null;
  customer: CustomerData;
  attachmentStatus: { id: string; accepted: boolean }[];
  paymentProvider: PaymentProvider | null;
}

export const MAX_ITEMS = 50;
export const MAX_AMOUNT = 100_000;
const MAX_TEXT = 1000;
const MAX_COMMENT = 5000;
/** Years 1970 to 2200: anything outside is a typo, not a booking. */
const MIN_TIME = 0;
const MAX_TIME = Date.UTC(2200, 0, 1);

export const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Record<string, string>;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Epoch ms (number or digits), an ISO text or a Date; null when absent; undefined when malformed. */
export function parseInstant(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) ms = Number(value);
  else if (typeof value === 'string') ms = Date.parse(value);
  else return undefined;
  if (!Number.isFinite(ms) || ms < MIN_TIME || ms > MAX_TIME) return undefined;
  return new Date(ms);
}

function text(input: Record<string, unknown>, field: string, errors: Errors, max = MAX_TEXT): string {
  const value = input[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') {
    errors[field] = 'Ungültiger Wert';
    return '';
  }
  const result = String(value).trim();
  if (result.length > max) errors[field] = `Höchstens ${max} Zeichen`;
  return result;
}

/** The customer's fields; the mail, when given, must look like one. */
export function parseCustomer(input: Record<string, unknown>, errors: Errors): CustomerData {
  const customer = Object.fromEntries(customerFields.map((field) => [field, text(input, field, errors, field === 'comment' ? MAX_COMMENT : MAX_TEXT)])) as unknown as CustomerData;
  if (customer.mail && !MAIL_PATTERN.test(customer.mail)) errors.mail = 'E-Mail muss gültig sein';
  return customer;
}

export function parseTimes(input: Record<string, unknown>, errors: Errors): { timeBegin: Date | null; timeEnd: Date | null } {
  const timeBegin = parseInstant(input.timeBegin);
  const timeEnd = parseInstant(input.timeEnd);
  if (timeBegin === undefined) errors.timeBegin = 'Ungültiger Zeitpunkt';
  if (timeEnd === undefined) errors.timeEnd = 'Ungültiger Zeitpunkt';
  return { timeBegin: timeBegin ?? null, timeEnd: timeEnd ?? null };
}

/** Items as {bookableId, amount}; the amount must be a whole number from 1 to 100,000. */
export function parseItems(value: unknown, errors: Errors): { bookableId: string; amount: number }[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.bookableItems = 'Bitte wählen Sie mindestens ein Objekt.';
    return [];
  }
  if (value.length > MAX_ITEMS) {
    errors.bookableItems = `Höchstens ${MAX_ITEMS} Objekte je Buchung`;
    return [];
  }
  const items: { bookableId: string; amount: number }[] = [];
  value.forEach((raw, index) => {
    const item = record(raw);
    const bookableId = typeof item.bookableId === 'string' ? item.bookableId.trim() : '';
    if (!bookableId) errors[`bookableItems.${index}.bookableId`] = 'Pflichtfeld';
    const amount = item.amount === undefined || item.amount === null || item.amount === '' ? 1 : Number(item.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT) errors[`bookableItems.${index}.amount`] = `Die Anzahl muss eine ganze Zahl von 1 bis ${MAX_AMOUNT} sein.`;
    if (items.some((other) => other.bookableId === bookableId)) errors[`bookableItems.${index}.bookableId`] = 'Jedes Objekt nur einmal je Buchung';
    items.push({ bookableId, amount });
  });
  return items;
}

function paymentProvider(value: unknown, errors: Errors): PaymentProvider | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && (paymentProviders as readonly string[]).includes(value)) return value as PaymentProvider;
  errors.paymentProvider = 'Unbekannter Zahlungsanbieter';
  return null;
}

export function parsePaymentMethod(value: unknown, errors: Errors): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string' && (paymentMethods as readonly string[]).includes(value)) return value;
  errors.paymentMethod = 'Unbekannte Zahlungsart';
  return '';
}

export function parsePaymentProvider(value: unknown, errors: Errors): PaymentProvider | null {
  return paymentProvider(value, errors);
}

export function throwIfErrors(errors: Errors): void {
  if (Object.keys(errors).length > 0) throw new AppError('generic.validation', { fieldErrors: errors });
}

/** POST checkout: the whole body checked at once, so the answer names every wrong field. */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  const input = record(body);
  const errors: Errors = {};
  const items = parseItems(input.bookableItems, errors);
  const { timeBegin, timeEnd } = parseTimes(input, errors);
  const couponCode = text(input, 'couponCode', errors, 200) || null;
  const customer = parseCustomer(input, errors);
  const attachmentStatus = Array.isArray(input.attachmentStatus)
    ? input.attachmentStatus.map(record).map((entry) => ({ id: String(entry.id ?? ''), accepted: entry.accepted === true }))
    : [];
  const provider = paymentProvider(input.paymentProvider, errors);
  throwIfErrors(errors);
  return { timeBegin, timeEnd, items, couponCode, customer, attachmentStatus, paymentProvider: provider };
}
