import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { MAX_DECIMAL, MAX_INT32, numberError, parseNumber, roundTo } from '../../../common/validation/numbers.js';
import {
  attachmentTypes,
  bookableTypes,
  longRangeTypes,
  priceTypes,
  requiredFieldNames,
  type BookableAttachment,
  type BookableData,
  type CheckoutBookable,
  type LockerDetails,
  type PriceCategory,
  type SpecialOpeningHour,
  type TimePeriod,
} from './bookable.model.js';
import { defaultBookableData } from './bookable.defaults.js';
import { listShapeChanged, resolveSinglePrice, singlePriceCategories, type PriceShape, type SentSinglePrice } from './bookable.single-price.js';

/**
 * The save rules of specification 02 sections 4 and 5, enforced on the server whatever the client
 * sent: numbers from text (comma decimals), amount integer or null, duration bounds numeric or
 * null, exclusive booking-time modes, graduated price intervals, special opening hours without date
 * dropped, long-range options, locker units, required attachments shown, wholly empty attachment
 * rows left out, rich text sanitised, the original product's single price mapped to a category.
 * Works on the merged result (stored values overlaid with the input), so partial updates and whole
 * forms follow the same rules. References to other rows (parent, related objects, users, roles)
 * are checked by the service.
 */
export const bookableMessages = {
  required: 'Pflichtfeld',
  number: 'Muss eine Zahl sein',
  negative: 'Darf nicht negativ sein',
  percent: 'Muss zwischen 0 und 100 liegen',
  interval: 'Der Beginn des Intervalls darf nicht nach seinem Ende liegen.',
  exclusiveModes: 'Buchungen über Kalender und feste Buchungszeiten schließen sich aus.',
  durationOrder: 'Die minimale Buchungsdauer darf die maximale nicht überschreiten.',
  weekdays: 'Bitte wählen Sie mindestens einen Wochentag.',
  time: 'Bitte geben Sie eine Uhrzeit im Format HH:mm an.',
  timeOrder: 'Die Endzeit muss nach der Startzeit liegen.',
  date: 'Ungültiges Datum',
  longRange: 'Bitte wählen Sie Woche oder Monat.',
  lockerAmount: 'Schließfächer können erst konfiguriert werden, wenn eine Anzahl gesetzt ist.',
  lockerUnit: 'Schließfachsystem und Produkt-ID sind erforderlich.',
  url: 'Ungültige URL.',
  attachmentTitle: 'Bitte geben Sie einen Titel für den Anhang an.',
  attachmentUrl: 'Bitte wählen Sie eine Datei für den Anhang aus.',
  typeChange: 'Der Typ eines Buchungsobjekts kann nicht geändert werden.',
  invalidValue: 'Ungültiger Wert',
  eventOnlyTicket: 'Nur Tickets gehören zu einer Veranstaltung.',
  tooLarge: 'Der Wert ist zu groß.',
  singlePriceCategory: 'Erlaubt sind per-item, per-hour und per-day.',
  priceShapes: 'Einzelpreis (priceEur, priceCategory) und Preiskategorien (priceType, priceCategories) widersprechen sich. Bitte ändern Sie nur eines von beiden.',
  singlePriceGraduated: 'Das Objekt hat mehrere Preiskategorien; ein einzelner Preis kann sie nicht ersetzen. Bitte ändern Sie die Preiskategorien.',
} as const;

type Errors = Record<string, string>;
const MAX_TEXT = 500;
const MAX_RICH_TEXT = 100_000;
const MAX_LIST = 200;
/** What the columns hold (common/validation/numbers.ts): amount is a PostgreSQL integer, durations numeric(8,2). */
export const MAX_AMOUNT = MAX_INT32;
export const MAX_DURATION_HOURS = 999_999.99;
export const MAX_PRICE = MAX_DECIMAL;

/** A number from a number or text ("12,50"); '' and null give null, anything else NaN. */
export const toNumber = parseNumber;

/** Specification 02 section 5: amount becomes an integer; empty (or not a number) becomes null. */
export function toAmount(value: unknown): number | null {
  const number = toNumber(value);
  return number === null || !Number.isFinite(number) ? null : Math.trunc(number);
}

const isTime = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(value);
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const text = (value: unknown, max = MAX_TEXT): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const bool = (value: unknown): boolean => value === true || value === 'true';
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_LIST) : []);

/** Distinct trimmed non-empty strings in their first order. */
export function stringList(value: unknown): string[] {
  return [...new Set(list(value).filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter(Boolean))];
}

/** Paragraphs, emphasis, lists, headings and links: what the lexical editors produce. */
export function sanitizeRichText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return sanitizeHtml(value.slice(0, MAX_RICH_TEXT), {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'blockquote', 'code'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
}

/** http(s) links, or links to this product's own files (relative to it). */
export function isLink(value: string): boolean {
  if (value.startsWith('/api/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function price(value: unknown, field: string, errors: Errors, options: { percent?: boolean; fallback?: number } = {}): number {
  const number = toNumber(value);
  if (number === null) return options.fallback ?? 0;
  const outOfBounds = numberError(number, { max: MAX_PRICE });
  if (outOfBounds) errors[field] = outOfBounds;
  else if (options.percent && number > 100) errors[field] = bookableMessages.percent;
  else return roundTo(number);
  return 0;
}

/** Interval bounds: numeric; empty or not a number becomes null (specification 02 section 5). */
function bound(value: unknown): number | null {
  const number = toNumber(value);
  return number === null || !Number.isFinite(number) ? null : number;
}

/** An interval bound from 0 to MAX_DECIMAL: beyond it a typo that pricing arithmetic would overflow on. */
function intervalBoundError(value: number | null): string | null {
  return value === null ? null : numberError(value, { max: MAX_DECIMAL });
}

function priceCategories(value: unknown, vat: number, errors: Errors): PriceCategory[] {
  return list(value).map((raw, index) => {
    const entry = record(raw);
    const interval = record(entry.interval);
    const category: PriceCategory = {
      priceEur: price(entry.priceEur, `priceCategories.${index}.priceEur`, errors),
      priceValueAddedTax: price(entry.priceValueAddedTax, `priceCategories.${index}.priceValueAddedTax`, errors, { percent: true, fallback: vat }),
      interval: { start: bound(interval.start), end: bound(interval.end) },
      fixedPrice: bool(entry.fixedPrice),
    };
    const { start, end } = category.interval;
    const outOfBounds = intervalBoundError(start) ?? intervalBoundError(end);
    if (outOfBounds) errors[`priceCategories.${index}.interval`] = outOfBounds;
    else if (start !== null && end !== null && start > end) errors[`priceCategories.${index}.interval`] = bookableMessages.interval;
    return category;
  });
}

/** Recurring periods; a wholly empty entry (the one added when switching on) is dropped. */
function timePeriods(value: unknown, field: string, errors: Errors): TimePeriod[] {
  const periods: TimePeriod[] = [];
  for (const raw of list(value)) {
    const entry = record(raw);
    const weekdays = [...new Set(list(entry.weekdays).map((day) => toAmount(day)).filter((day): day is number => day !== null && day >= 0 && day <= 6))].sort();
    const startTime = text(entry.startTime);
    const endTime = text(entry.endTime);
    if (weekdays.length === 0 && !startTime && !endTime) continue;
    const index = periods.length;
    if (weekdays.length === 0) errors[`${field}.${index}.weekdays`] = bookableMessages.weekdays;
    if (!isTime(startTime)) errors[`${field}.${index}.startTime`] = bookableMessages.time;
    if (!isTime(endTime)) errors[`${field}.${index}.endTime`] = bookableMessages.time;
    else if (isTime(startTime) && startTime >= endTime) errors[`${field}.${index}.endTime`] = bookableMessages.timeOrder;
    periods.push({ weekdays, startTime, endTime });
  }
  return periods;
}

/** Special dates: without a date dropped; equal or empty times mean closed the whole day. */
function specialOpeningHours(value: unknown, errors: Errors): SpecialOpeningHour[] {
  const entries: SpecialOpeningHour[] = [];
  for (const raw of list(value)) {
    const entry = record(raw);
    const date = text(entry.date).slice(0, 10);
    if (!date) continue;
    const index = entries.length;
    const startTime = text(entry.startTime);
    const endTime = text(entry.endTime);
    if (!isDate(date)) errors[`specialOpeningHours.${index}.date`] = bookableMessages.date;
    if (startTime && !isTime(startTime)) errors[`specialOpeningHours.${index}.startTime`] = bookableMessages.time;
    if (endTime && !isTime(endTime)) errors[`specialOpeningHours.${index}.endTime`] = bookableMessages.time;
    else if (startTime && endTime && startTime > endTime) errors[`specialOpeningHours.${index}.endTime`] = bookableMessages.timeOrder;
    entries.push({ date, startTime, endTime });
  }
  return entries;
}

function lockerDetails(value: unknown, amount: number | null, errors: Errors): LockerDetails {
  const raw = record(value);
  // 3.0.0 stored an (always empty) array here.
  const units = list(Array.isArray(value) ? [] : raw.units).map((entry, index) => {
    const unit = record(entry);
    const unitAmount = toAmount(unit.amount) ?? 0;
    if (!text(unit.lockerSystem) || !text(unit.id)) errors[`lockerDetails.units.${index}`] = bookableMessages.lockerUnit;
    const outOfBounds = numberError(unitAmount, { max: MAX_AMOUNT, integer: true });
    if (outOfBounds) errors[`lockerDetails.units.${index}.amount`] = outOfBounds;
    return { lockerSystem: text(unit.lockerSystem), id: text(unit.id), amount: unitAmount };
  });
  const details = { active: bool(raw.active), units };
  if (details.active && amount === null) errors['lockerDetails.active'] = bookableMessages.lockerAmount;
  return details;
}

/**
 * A row that says nothing: no title, caption or file, neither shown nor required. Forms send one
 * such row from the start (the original's create form always does); id and type do not count, as
 * forms fill them in up front.
 */
function isBlankAttachment(entry: Record<string, unknown>): boolean {
  return !text(entry.title) && !text(entry.caption) && !text(entry.url) && !bool(entry.show) && !bool(entry.required);
}

/** Blank rows are left out; messages name the row by its position in the sent list. */
function attachments(value: unknown, errors: Errors): BookableAttachment[] {
  const kept: BookableAttachment[] = [];
  list(value).forEach((raw, index) => {
    const entry = record(raw);
    if (isBlankAttachment(entry)) return;
    const type = attachmentTypes.find((candidate) => candidate === entry.type);
    const url = text(entry.url, 2000);
    const attachment: BookableAttachment = {
      id: text(entry.id, 100) || randomUUID(),
      title: text(entry.title),
      caption: text(entry.caption, 2000),
      type: type ?? 'agreement',
      url,
      required: bool(entry.required),
      // A required attachment is always shown in the booking process.
      show: bool(entry.show) || bool(entry.required),
    };
    if (!type) errors[`attachments.${index}.type`] = bookableMessages.invalidValue;
    if (!attachment.title) errors[`attachments.${index}.title`] = bookableMessages.attachmentTitle;
    if (!url) errors[`attachments.${index}.url`] = bookableMessages.attachmentUrl;
    else if (!isLink(url)) errors[`attachments.${index}.url`] = bookableMessages.url;
    kept.push(attachment);
  });
  return kept;
}

const sent = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The single-price fields of the original product, validated; undefined when the write sent neither. */
function sentSinglePrice(input: Record<string, unknown>, errors: Errors): SentSinglePrice | undefined {
  if (!sent(input.priceEur) && !sent(input.priceCategory)) return undefined;
  const single: SentSinglePrice = {};
  if (sent(input.priceEur)) single.priceEur = price(input.priceEur, 'priceEur', errors);
  if (sent(input.priceCategory)) {
    const priceCategory = singlePriceCategories.find((candidate) => candidate === input.priceCategory);
    if (priceCategory) single.priceCategory = priceCategory;
    else errors.priceCategory = bookableMessages.singlePriceCategory;
  }
  return single;
}

/**
 * Price type and categories: from the list shape, or from the single price when the write sent
 * one (bookable.single-price.ts decides which shape wins; a contradiction names the fields).
 */
function priceShape(input: Record<string, unknown>, fromList: PriceShape, current: BookableData | null, errors: Errors): PriceShape {
  const single = sentSinglePrice(input, errors);
  if (!single) return fromList;
  const changed = listShapeChanged({ priceType: input.priceType !== undefined, priceCategories: input.priceCategories !== undefined }, fromList, current);
  const outcome = resolveSinglePrice(single, fromList, current, changed);
  if ('shape' in outcome) return outcome.shape;
  if (outcome.conflict === 'graduated') {
    errors.priceEur = bookableMessages.singlePriceGraduated;
    return fromList;
  }
  const fields = [
    ...(single.priceEur !== undefined ? ['priceEur'] : []),
    ...(single.priceCategory !== undefined ? ['priceCategory'] : []),
    ...(changed.priceType ? ['priceType'] : []),
    ...(changed.priceCategories ? ['priceCategories'] : []),
  ];
  for (const field of fields) errors[field] = bookableMessages.priceShapes;
  return fromList;
}

/** Ordered [{bookableId, mandatory}]; 3.0.0's plain id strings are accepted too. */
function checkoutBookables(value: unknown): CheckoutBookable[] {
  const seen = new Set<string>();
  const entries: CheckoutBookable[] = [];
  for (const raw of list(value)) {
    const entry = typeof raw === 'string' ? { bookableId: raw, mandatory: false } : record(raw);
    const bookableId = text(entry.bookableId, 100);
    if (!bookableId || seen.has(bookableId)) continue;
    seen.add(bookableId);
    entries.push({ bookableId, mandatory: bool(entry.mandatory) });
  }
  return entries;
}

/** The duration bounds: a non-number becomes null (specification 02 section 5). */
function duration(value: unknown, field: string, errors: Errors): number | null {
  const number = bound(value);
  const outOfBounds = number === null ? null : numberError(number, { max: MAX_DURATION_HOURS });
  if (outOfBounds) errors[field] = outOfBounds;
  return number === null || outOfBounds ? null : roundTo(number);
}

/**
 * The complete bookable data after applying `input` to `current` (or the defaults on create), with
 * every rule applied, and the messages of what cannot be saved by field path.
 */
export function validateBookable(input: Record<string, unknown>, current: BookableData | null): { data: BookableData; fieldErrors: Errors } {
  const errors: Errors = {};
  // On create the type must come from the input: the defaults' placeholder type does not count.
  const merged: Record<string, unknown> = { ...(current ?? { ...defaultBookableData('room'), type: undefined }) };
  for (const [key, value] of Object.entries(input)) if (value !== undefined && key in merged) merged[key] = value;
  // The form spells the dependent objects relatedBookablesIds (specification 02 section 3).
  if (input.relatedBookableIds === undefined && input.relatedBookablesIds !== undefined) merged.relatedBookableIds = input.relatedBookablesIds;

  const type = bookableTypes.find((candidate) => candidate === merged.type);
  if (!type) errors.type = current ? bookableMessages.invalidValue : bookableMessages.required;
  else if (current && type !== current.type) errors.type = bookableMessages.typeChange;

  const title = text(merged.title, 200);
  if (!title) errors.title = bookableMessages.required;
  const imgUrl = text(merged.imgUrl, 2000);
  if (imgUrl && !isLink(imgUrl)) errors.imgUrl = bookableMessages.url;

  const priceType = priceTypes.find((candidate) => candidate === merged.priceType);
  if (!priceType) errors.priceType = bookableMessages.invalidValue;
  const vat = price(merged.priceValueAddedTax, 'priceValueAddedTax', errors, { percent: true });
  const prices = priceShape(input, { priceType: priceType ?? 'per-item', priceValueAddedTax: vat, priceCategories: priceCategories(merged.priceCategories, vat, errors) }, current, errors);
  const amount = toAmount(merged.amount);
  const amountOutOfBounds = amount === null ? null : numberError(amount, { max: MAX_AMOUNT, integer: true });
  if (amountOutOfBounds) errors.amount = amountOutOfBounds;

  const isScheduleRelated = bool(merged.isScheduleRelated);
  const isTimePeriodRelated = bool(merged.isTimePeriodRelated);
  if (isScheduleRelated && isTimePeriodRelated) errors.isTimePeriodRelated = bookableMessages.exclusiveModes;
  const minBookingDuration = duration(merged.minBookingDuration, 'minBookingDuration', errors);
  const maxBookingDuration = duration(merged.maxBookingDuration, 'maxBookingDuration', errors);
  if (minBookingDuration !== null && maxBookingDuration !== null && minBookingDuration > maxBookingDuration) errors.maxBookingDuration = bookableMessages.durationOrder;

  const isLongRange = bool(merged.isLongRange);
  const longRangeType = longRangeTypes.find((candidate) => candidate === record(merged.longRangeOptions).type);
  if (isLongRange && !longRangeType) errors.longRangeOptions = bookableMessages.longRange;

  const eventId = text(merged.eventId, 100) || null;
  if (eventId && type && type !== 'ticket') errors.eventId = bookableMessages.eventOnlyTicket;

  const data: BookableData = {
    type: type ?? current?.type ?? 'room',
    title,
    description: sanitizeRichText(merged.description),
    location: text(merged.location),
    imgUrl,
    tags: stringList(merged.tags),
    flags: stringList(merged.flags),
    parent: text(merged.parent, 100) || null,
    eventId,
    priceType: prices.priceType,
    priceValueAddedTax: vat,
    amount,
    priceCategories: prices.priceCategories,
    autoCommitBooking: bool(merged.autoCommitBooking),
    isBookable: bool(merged.isBookable),
    isPublic: bool(merged.isPublic),
    isScheduleRelated,
    minBookingDuration,
    maxBookingDuration,
    isTimePeriodRelated,
    timePeriods: timePeriods(merged.timePeriods, 'timePeriods', errors),
    isOpeningHoursRelated: bool(merged.isOpeningHoursRelated),
    openingHours: timePeriods(merged.openingHours, 'openingHours', errors),
    isSpecialOpeningHoursRelated: bool(merged.isSpecialOpeningHoursRelated),
    specialOpeningHours: specialOpeningHours(merged.specialOpeningHours, errors),
    isLongRange,
    // Turning long range off clears its options.
    longRangeOptions: isLongRange && longRangeType ? { type: longRangeType } : null,
    lockerDetails: lockerDetails(merged.lockerDetails, amount, errors),
    attachments: attachments(merged.attachments, errors),
    permittedUsers: stringList(merged.permittedUsers),
    permittedRoles: stringList(merged.permittedRoles),
    freeBookingUsers: stringList(merged.freeBookingUsers),
    freeBookingRoles: stringList(merged.freeBookingRoles),
    relatedBookableIds: stringList(merged.relatedBookableIds),
    checkoutBookableIds: checkoutBookables(merged.checkoutBookableIds),
    requiredFields: stringList(merged.requiredFields).filter((name): name is (typeof requiredFieldNames)[number] => (requiredFieldNames as readonly string[]).includes(name)),
    bookingNotes: sanitizeRichText(merged.bookingNotes),
  };
  return { data, fieldErrors: errors };
}
