/**
 * The data rules of a bookable with their German messages, written once for the server (which
 * enforces them on every save, REST and GraphQL alike) and the editor (which checks before
 * sending); see docs/bookables-and-files.md. Numbers come as numbers or text with a comma; the
 * amount becomes an integer or null, duration bounds numbers or null; calendar bookings and fixed
 * booking times exclude each other; price intervals run forwards; wholly empty time periods,
 * special opening hours without a date and wholly empty attachment rows are left out; a required
 * attachment is shown. Sanitising rich text, checking references to other rows and giving
 * attachments their ids are the server's part after parsing. Plain TypeScript.
 */
import { z } from 'zod';
import { isLink, linkMessage } from '../validation/links.js';
import { MAX_DECIMAL, MAX_INT32, numberError, numberMessages, parseNumber, roundTo } from '../validation/numbers.js';
import { anyValue, asRecord, cutText, flag, listOf, looseObject, nameText, optionalLink, schemaMessages, textList, visibleOnly } from '../validation/schema.js';
import {
  attachmentTypes,
  bookableTypes,
  longRangeTypes,
  priceTypes,
  requiredFieldNames,
  type BookableType,
  type CheckoutBookable,
  type RequiredFieldName,
} from './bookable.model.js';
import { cancellationPolicySchema } from './cancellation-policy.js';

export const bookableMessages = {
  required: schemaMessages.required,
  number: numberMessages.number,
  negative: numberMessages.negative,
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
  url: linkMessage,
  attachmentTitle: 'Bitte geben Sie einen Titel für den Anhang an.',
  attachmentUrl: 'Bitte wählen Sie eine Datei für den Anhang aus.',
  typeChange: 'Der Typ eines Buchungsobjekts kann nicht geändert werden.',
  invalidValue: schemaMessages.invalidValue,
  eventOnlyTicket: 'Nur Tickets gehören zu einer Veranstaltung.',
  tooLarge: numberMessages.tooLarge,
  singlePriceCategory: 'Erlaubt sind per-item, per-hour und per-day.',
  priceShapes: 'Einzelpreis (priceEur, priceCategory) und Preiskategorien (priceType, priceCategories) widersprechen sich. Bitte ändern Sie nur eines von beiden.',
  singlePriceGraduated: 'Das Objekt hat mehrere Preiskategorien; ein einzelner Preis kann sie nicht ersetzen. Bitte ändern Sie die Preiskategorien.',
} as const;

/** What the columns hold (../validation/numbers.ts): amount is a PostgreSQL integer, durations numeric(8,2). */
export const MAX_AMOUNT = MAX_INT32;
export const MAX_DURATION_HOURS = 999_999.99;
export const MAX_PRICE = MAX_DECIMAL;
const MAX_TEXT = 500;
const MAX_LINK = 2000;
const MAX_ID = 100;

const cutTextOf = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : '');

/** The amount: an integer; empty or not a number is null. */
export function toAmount(value: unknown): number | null {
  const number = parseNumber(value);
  return number === null || !Number.isFinite(number) ? null : Math.trunc(number);
}

/** A number, or null when empty or not a number (interval and duration bounds). */
function toBound(value: unknown): number | null {
  const number = parseNumber(value);
  return number === null || !Number.isFinite(number) ? null : number;
}

export const isClockTime = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(value);
export const isCalendarDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * A value normalised by `normalise`, then checked by `check` (a message or null). The check adds
 * its message without stopping the parse, so the rules across fields still run and every wrong
 * field is named at once.
 */
const checked = <Value>(normalise: (value: unknown) => Value, check: (value: Value) => string | null) =>
  anyValue()
    .transform(normalise)
    .superRefine((value, context) => {
      const message = check(value);
      if (message) context.addIssue({ code: 'custom', message });
    });

const choiceOf = <const Values extends readonly string[]>(values: Values) => (value: unknown): Values[number] | null => values.find((candidate) => candidate === value) ?? null;

/** A price or percentage; empty is `fallback` (null: the caller fills it in). */
const price = <Fallback extends number | null>(fallback: Fallback, options: { percent?: boolean } = {}) =>
  checked(
    (value) => {
      const number = parseNumber(value);
      return number === null ? fallback : number;
    },
    (number) => (number === null ? null : (numberError(number, { max: MAX_PRICE }) ?? (options.percent && number > 100 ? bookableMessages.percent : null))),
  ).transform((number) => (number === null ? fallback : (roundTo(number) as number | Fallback)));

/** An interval bound from 0 to MAX_DECIMAL: beyond it a typo that pricing arithmetic would overflow on. */
const intervalBoundError = (value: number | null) => (value === null ? null : numberError(value, { max: MAX_DECIMAL }));

const interval = looseObject({ start: anyValue().transform(toBound), end: anyValue().transform(toBound) }).superRefine(({ start, end }, context) => {
  const message = intervalBoundError(start) ?? intervalBoundError(end) ?? (start !== null && end !== null && start > end ? bookableMessages.interval : null);
  if (message) context.addIssue({ code: 'custom', message });
});

/** A category; without its own VAT it takes the bookable's (filled in by bookableSchema). */
const priceCategory = looseObject({ priceEur: price(0), priceValueAddedTax: price(null, { percent: true }), interval, fixedPrice: flag(false) });

const duration = checked(toBound, (hours) => (hours === null ? null : numberError(hours, { max: MAX_DURATION_HOURS }))).transform((hours) => (hours === null ? null : roundTo(hours)));

const amount = checked(toAmount, (count) => (count === null ? null : numberError(count, { max: MAX_AMOUNT, integer: true })));

/** Distinct weekdays 0 (Sunday) to 6, sorted. */
const weekdaysOf = (value: unknown): number[] =>
  [...new Set((Array.isArray(value) ? value : []).map(toAmount).filter((day): day is number => day !== null && day >= 0 && day <= 6))].sort();

const timePeriod = looseObject({
  weekdays: anyValue().transform(weekdaysOf).refine((days) => days.length > 0, { error: bookableMessages.weekdays }),
  startTime: cutText(MAX_TEXT).refine(isClockTime, { error: bookableMessages.time }),
  endTime: cutText(MAX_TEXT).refine(isClockTime, { error: bookableMessages.time }),
}).superRefine((period, context) => {
  if (isClockTime(period.startTime) && isClockTime(period.endTime) && period.startTime >= period.endTime) context.addIssue({ code: 'custom', path: ['endTime'], message: bookableMessages.timeOrder });
});

/** Recurring periods; a wholly empty entry (the one added when switching on) is left out, messages name the kept position. */
const timePeriods = listOf(z.unknown())
  .transform((entries) =>
    entries.filter((raw) => {
      const entry = asRecord(raw);
      return weekdaysOf(entry.weekdays).length > 0 || cutTextOf(entry.startTime) !== '' || cutTextOf(entry.endTime) !== '';
    }),
  )
  .pipe(z.array(timePeriod));


const specialOpeningHour = looseObject({
  date: cutText(10).refine(isCalendarDay, { error: bookableMessages.date }),
  startTime: cutText(MAX_TEXT).refine((time) => time === '' || isClockTime(time), { error: bookableMessages.time }),
  endTime: cutText(MAX_TEXT).refine((time) => time === '' || isClockTime(time), { error: bookableMessages.time }),
}).superRefine((entry, context) => {
  if (entry.startTime && entry.endTime && isClockTime(entry.endTime) && entry.startTime > entry.endTime) context.addIssue({ code: 'custom', path: ['endTime'], message: bookableMessages.timeOrder });
});

/** Special dates: without a date left out (messages name the kept position); equal or empty times mean closed all day. */
const specialOpeningHours = listOf(z.unknown())
  .transform((entries) => entries.filter((raw) => cutTextOf(asRecord(raw).date).slice(0, 10) !== ''))
  .pipe(z.array(specialOpeningHour));

const lockerUnit = looseObject({
  lockerSystem: cutText(MAX_TEXT),
  id: cutText(MAX_TEXT),
  amount: checked(
    (value) => toAmount(value) ?? 0,
    (count) => numberError(count, { max: MAX_AMOUNT, integer: true }),
  ),
}).superRefine((unit, context) => {
  if (!unit.lockerSystem || !unit.id) context.addIssue({ code: 'custom', message: bookableMessages.lockerUnit });
});

/** 3.0.0 stored an (always empty) list here: looseObject reads it as an empty object. */
const lockerDetails = looseObject({ active: flag(false), units: listOf(lockerUnit) });

/**
 * An attachment row; a row that says nothing (no title, caption or file, neither shown nor
 * required) is null and left out. Forms send one such row from the start; id and type do not
 * count, as forms fill them in up front. Messages name the row by its position in the sent list.
 */
const attachment = looseObject({
  id: cutText(MAX_ID),
  title: nameText(MAX_TEXT),
  caption: cutText(MAX_LINK),
  type: anyValue().transform(choiceOf(attachmentTypes)),
  url: visibleOnly(cutText(MAX_LINK)),
  required: flag(false),
  show: flag(false),
})
  .superRefine((row, context) => {
    if (isBlankAttachment(row)) return;
    if (!row.type) context.addIssue({ code: 'custom', path: ['type'], message: bookableMessages.invalidValue });
    if (!row.title) context.addIssue({ code: 'custom', path: ['title'], message: bookableMessages.attachmentTitle });
    if (!row.url) context.addIssue({ code: 'custom', path: ['url'], message: bookableMessages.attachmentUrl });
    else if (!isLink(row.url)) context.addIssue({ code: 'custom', path: ['url'], message: bookableMessages.url });
  })
  .transform((row) =>
    isBlankAttachment(row)
      ? null
      : // A required attachment is always shown in the booking process.
        { ...row, type: row.type ?? 'agreement', show: row.show || row.required },
  );

function isBlankAttachment(row: { title: string; caption: string; url: string; show: boolean; required: boolean }): boolean {
  return !row.title && !row.caption && !row.url && !row.show && !row.required;
}

/** Ordered [{bookableId, mandatory}]; 3.0.0's plain id strings are accepted too; each object once. */
const checkoutBookables = listOf(z.unknown()).transform((entries) => {
  const seen = new Set<string>();
  const result: CheckoutBookable[] = [];
  for (const raw of entries) {
    const entry = typeof raw === 'string' ? { bookableId: raw, mandatory: false } : asRecord(raw);
    const bookableId = cutTextOf(entry.bookableId).slice(0, MAX_ID);
    if (!bookableId || seen.has(bookableId)) continue;
    seen.add(bookableId);
    result.push({ bookableId, mandatory: entry.mandatory === true || entry.mandatory === 'true' });
  }
  return result;
});

const richText = anyValue().transform((value) => (typeof value === 'string' ? value : ''));
const optionalId = cutText(MAX_ID).transform((id) => id || null);

/**
 * A whole bookable. `storedType` is the type of the stored bookable when one is updated (its type
 * never changes), null on create (the type must then be sent).
 */
export function bookableSchema(storedType: BookableType | null) {
  return looseObject({
    type: checked(choiceOf(bookableTypes), (type) =>
      type === null ? (storedType ? bookableMessages.invalidValue : bookableMessages.required) : storedType && type !== storedType ? bookableMessages.typeChange : null,
    ),
    title: nameText(200).refine((title) => title !== '', { error: bookableMessages.required }),
    description: richText,
    location: cutText(MAX_TEXT),
    imgUrl: optionalLink(MAX_LINK, bookableMessages.url),
    tags: textList(),
    flags: textList(),
    parent: optionalId,
    eventId: optionalId,
    priceType: checked(choiceOf(priceTypes), (type) => (type ? null : bookableMessages.invalidValue)),
    priceValueAddedTax: price(0, { percent: true }),
    amount,
    priceCategories: listOf(priceCategory),
    autoCommitBooking: flag(false),
    isBookable: flag(false),
    isPublic: flag(false),
    isScheduleRelated: flag(false),
    minBookingDuration: duration,
    maxBookingDuration: duration,
    isTimePeriodRelated: flag(false),
    timePeriods,
    isOpeningHoursRelated: flag(false),
    allowSeries: flag(false),
    openingHours: timePeriods,
    isSpecialOpeningHoursRelated: flag(false),
    specialOpeningHours,
    isLongRange: flag(false),
    longRangeOptions: anyValue().transform((value) => choiceOf(longRangeTypes)(asRecord(value).type)),
    lockerDetails,
    attachments: listOf(attachment).transform((rows) => rows.filter((row) => row !== null)),
    permittedUsers: textList(),
    permittedRoles: textList(),
    freeBookingUsers: textList(),
    freeBookingRoles: textList(),
    relatedBookableIds: textList(),
    checkoutBookableIds: checkoutBookables,
    requiredFields: textList().transform((names) => names.filter((name): name is RequiredFieldName => (requiredFieldNames as readonly string[]).includes(name))),
    bookingNotes: richText,
    cancellationPolicy: cancellationPolicySchema,
  })
    .superRefine((bookable, context) => {
      const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: path.split('.'), message });
      if (bookable.isScheduleRelated && bookable.isTimePeriodRelated) issue('isTimePeriodRelated', bookableMessages.exclusiveModes);
      const { minBookingDuration: min, maxBookingDuration: max } = bookable;
      if (min !== null && max !== null && min > max) issue('maxBookingDuration', bookableMessages.durationOrder);
      if (bookable.isLongRange && !bookable.longRangeOptions) issue('longRangeOptions', bookableMessages.longRange);
      if (bookable.lockerDetails.active && bookable.amount === null) issue('lockerDetails.active', bookableMessages.lockerAmount);
      if (bookable.eventId && bookable.type && bookable.type !== 'ticket') issue('eventId', bookableMessages.eventOnlyTicket);
    })
    .transform((bookable) => ({
      ...bookable,
      type: bookable.type ?? storedType ?? 'room',
      priceType: bookable.priceType ?? 'per-item',
      priceCategories: bookable.priceCategories.map((category) => ({ ...category, priceValueAddedTax: category.priceValueAddedTax ?? bookable.priceValueAddedTax })),
      // Turning long range off clears its options.
      longRangeOptions: bookable.isLongRange && bookable.longRangeOptions ? { type: bookable.longRangeOptions } : null,
    }));
}

export type ParsedBookable = z.output<ReturnType<typeof bookableSchema>>;

/** The units the original product's single price knew. */
export const singlePriceCategories = ['per-item', 'per-hour', 'per-day'] as const;
export type SinglePriceCategory = (typeof singlePriceCategories)[number];

const sent = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The original product's single price (`priceEur` per `priceCategory`), when a write sends it; a
 * field not sent stays undefined. The server decides how it maps to the categories.
 */
export const singlePriceSchema = looseObject({
  priceEur: checked(
    (value) => (sent(value) ? parseNumber(value) : null),
    (number) => (number === null ? null : numberError(number, { max: MAX_PRICE })),
  ).transform((number) => (number === null ? undefined : roundTo(number))),
  priceCategory: checked(
    (value) => (sent(value) ? value : undefined),
    (value) => (value === undefined || singlePriceCategories.some((category) => category === value) ? null : bookableMessages.singlePriceCategory),
  ).transform((value) => singlePriceCategories.find((category) => category === value)),
});
