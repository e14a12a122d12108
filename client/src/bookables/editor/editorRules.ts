import { bookableSchema } from '../../../../common/bookables/bookable.schema';
import type { BookableRequiredField, LongRangeType, PriceType } from '../../gql/graphql';
import { validateWithSchema } from '../../shared/forms/schemaValidate';
import { type BookableFormValues, type PriceCategoryValues, toInput } from './formValues';

/** The editor's rules that do not need React, so they can be tested (docs/bookables-and-files.md). */

/** GraphQL spells with underscores the choices stored with hyphens ("per_item" is "per-item"). */
const asStored = (choice: string | null | undefined) => choice?.replace(/_/g, '-');

/** What the bookable schema of common/ reads: the input the form would send, its choices spelt as stored. */
export function schemaInputOf(values: BookableFormValues): Record<string, unknown> {
  const input = toInput(values);
  return {
    ...input,
    type: asStored(input.type),
    priceType: asStored(input.priceType),
    attachments: (input.attachments ?? []).map((attachment) => ({ ...attachment, type: asStored(attachment.type) })),
    // The rules read the policy as typed, so a tier that is no whole number gets its message instead of a silent 0.
    cancellationPolicy: values.cancellationPolicy,
  };
}

/**
 * react-final-form's validate of the editor: the data rules and German messages of the bookable
 * schema in common/, which the server applies again on saving.
 */
export function validateBookableForm(values: BookableFormValues): Record<string, unknown> {
  return validateWithSchema(bookableSchema(null), schemaInputOf(values));
}

export type TimePeriodValues = BookableFormValues['timePeriods'][number];
export type SpecialOpeningHourValues = BookableFormValues['specialOpeningHours'][number];

export const priceTypeLabels: Record<PriceType, string> = {
  per_item: 'Stück',
  per_hour: 'Stunde',
  per_day: 'Tag',
  per_square_meter: 'm²',
};

/** Monday first, as a German week is shown; the stored encoding is 1 Monday … 6 Saturday, 0 Sunday. */
export const weekdayOptions: { day: number; label: string; name: string }[] = [
  { day: 1, label: 'Mo', name: 'Montag' },
  { day: 2, label: 'Di', name: 'Dienstag' },
  { day: 3, label: 'Mi', name: 'Mittwoch' },
  { day: 4, label: 'Do', name: 'Donnerstag' },
  { day: 5, label: 'Fr', name: 'Freitag' },
  { day: 6, label: 'Sa', name: 'Samstag' },
  { day: 0, label: 'So', name: 'Sonntag' },
];

export const longRangeLabels: Record<LongRangeType, string> = { week: 'Woche (Montag bis Freitag)', month: 'Monat' };

export const requiredFieldLabels: Record<BookableRequiredField, string> = { comment: 'Kommentar', company: 'Firma' };

/** Graduated prices are on when there is more than one category or any interval bound is set. */
export function isGraduated(categories: PriceCategoryValues[]): boolean {
  return categories.length > 1 || categories.some((category) => category.interval.start.trim() !== '' || category.interval.end.trim() !== '');
}

/** Back to a single price: the first category without its interval. */
export function toSimplePrices(categories: PriceCategoryValues[]): PriceCategoryValues[] {
  const [first] = categories;
  return first ? [{ ...first, interval: { start: '', end: '' } }] : [];
}

export function removeAt<T>(list: T[], index: number): T[] {
  return list.filter((_, position) => position !== index);
}

export const emptyTimePeriod = (): TimePeriodValues => ({ weekdays: [], startTime: '', endTime: '' });
export const emptySpecialOpeningHour = (): SpecialOpeningHourValues => ({ date: '', startTime: '', endTime: '' });

/** Turning a list mode on with an empty list adds one empty entry; turning it off keeps the list. */
export function listForMode<T>(on: boolean, list: T[], empty: () => T): T[] {
  return on && list.length === 0 ? [empty()] : list;
}

/**
 * Calendar bookings and fixed booking times exclude each other: each switch is disabled while the
 * other is on (fixed times cannot be booked via the calendar).
 */
export function bookingModeLocks(values: Pick<BookableFormValues, 'isScheduleRelated' | 'isTimePeriodRelated'>) {
  return { scheduleDisabled: values.isTimePeriodRelated, timePeriodDisabled: values.isScheduleRelated };
}

/** Adds or removes a weekday, keeping the stored numeric order. */
export function toggleWeekday(weekdays: number[], day: number): number[] {
  return weekdays.includes(day) ? weekdays.filter((item) => item !== day) : [...weekdays, day].sort((a, b) => a - b);
}

/** Long range week and month are exclusive; unchecking the chosen one clears the options. */
export function toggleLongRange(current: BookableFormValues['longRangeOptions'], type: LongRangeType, checked: boolean): BookableFormValues['longRangeOptions'] {
  if (checked) return { type };
  return current?.type === type ? null : current;
}

/** Adds or removes an item of a list of names (required fields). */
export function toggleItem<T>(list: T[], item: T, on: boolean): T[] {
  if (on) return list.includes(item) ? list : [...list, item];
  return list.filter((entry) => entry !== item);
}

/** Numeric entry: digits and one decimal separator (comma or dot) only. */
export function decimalText(text: string): string {
  const kept = text.replace(/[^\d.,]/g, '');
  const separator = kept.search(/[.,]/);
  return separator === -1 ? kept : kept.slice(0, separator + 1) + kept.slice(separator + 1).replace(/[.,]/g, '');
}

/** Integer entry (amount): digits only; empty means unlimited. */
export function integerText(text: string): string {
  return text.replace(/\D/g, '');
}

/** A special opening hour is closed all day when its times are equal or empty. */
export function isClosedAllDay(entry: SpecialOpeningHourValues): boolean {
  return entry.startTime.trim() === entry.endTime.trim();
}
