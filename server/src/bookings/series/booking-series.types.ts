import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { SeriesFrequency, SeriesScope, WeekdayCode } from '../../../../common/bookings/series.js';
import type { SeriesCheckoutView, SeriesRuleView } from './booking-series.model.js';
import type { BookingSeriesChange, BookingSeriesView } from './booking-series.service.js';

/** The GraphQL shapes of series bookings; the rule's names are the checkout's `series` input. */

export enum SeriesFrequencyType {
  DAILY = 'DAILY',
  WEEKLY = 'WEEKLY',
  MONTHLY = 'MONTHLY',
}
registerEnumType(SeriesFrequencyType, { name: 'SeriesFrequency', description: 'DAILY; WEEKLY on the chosen weekdays; MONTHLY on the first window\'s place of its weekday in the month (e.g. the 2nd Tuesday, a 5th as the last).' });

export enum WeekdayType {
  MO = 'MO',
  TU = 'TU',
  WE = 'WE',
  TH = 'TH',
  FR = 'FR',
  SA = 'SA',
  SU = 'SU',
}
registerEnumType(WeekdayType, { name: 'Weekday', description: 'RFC 5545 weekday codes, Monday first.' });

export enum SeriesScopeType {
  FOLLOWING = 'FOLLOWING',
  ALL = 'ALL',
}
registerEnumType(SeriesScopeType, { name: 'SeriesScope', description: 'Which dates of a series an action concerns: FOLLOWING the date fromBookingId and every later one; ALL every date.' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const frequenciesMatch: Same<`${SeriesFrequencyType}`, SeriesFrequency> = true;
const weekdaysMatch: Same<`${WeekdayType}`, WeekdayCode> = true;
const scopesMatch: Same<`${SeriesScopeType}`, SeriesScope> = true;
void scopesMatch;
void frequenciesMatch;
void weekdaysMatch;

@InputType('SeriesInput', { description: 'Book the checkout\'s window repeatedly: at most 200 dates within two years of the first.' })
export class SeriesInput {
  @Field(() => SeriesFrequencyType) frequency!: SeriesFrequencyType;
  @Field(() => Int, { nullable: true, description: 'Every n-th day, week or month; 1 when empty.' }) interval?: number | null;
  @Field(() => [WeekdayType], { nullable: true, description: "A weekly series' weekdays; empty: the first window's weekday." }) weekdays?: WeekdayType[] | null;
  @Field(() => String, { nullable: true, description: 'The last day a date may fall on ("YYYY-MM-DD"); either this or count.' }) until?: string | null;
  @Field(() => Int, { nullable: true, description: 'How many dates the rule yields (1 to 200), the skipped ones included (RFC 5545 COUNT); either this or until.' }) count?: number | null;
  @Field(() => Boolean, { nullable: true, description: "Skip the tenant's public holidays (its holidayRegion) and school holidays." }) skipHolidays?: boolean | null;
  @Field(() => [String], { nullable: true, description: 'Days left out ("YYYY-MM-DD").' }) excludeDates?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Book only when every date can be booked; otherwise BOOKING_SERIES_UNAVAILABLE and nothing is written. Without it the free dates are booked.' }) requireAll?: boolean | null;
}

@ObjectType('SeriesRule', { description: 'A series\' rule with its RFC 5545 form and a German description.' })
export class SeriesRuleType implements SeriesRuleView {
  @Field(() => SeriesFrequencyType) frequency!: SeriesFrequency;
  @Field(() => Int) interval!: number;
  @Field(() => [WeekdayType]) weekdays!: WeekdayCode[];
  @Field(() => String, { nullable: true }) until!: string | null;
  @Field(() => Int, { nullable: true }) count!: number | null;
  @Field(() => Boolean) skipHolidays!: boolean;
  @Field(() => [String]) excludeDates!: string[];
  @Field(() => String, { description: 'RRULE without DTSTART, e.g. "FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20280630".' }) rrule!: string;
  @Field(() => String, { description: 'E.g. "wöchentlich dienstags bis 30.06.2028".' }) description!: string;
}

@ObjectType('SeriesDate', { description: 'One date of a series checkout: whether it can be (or was) booked, why not, and its price.' })
export class SeriesDateType {
  @Field(() => String, { description: 'The Berlin calendar day, "YYYY-MM-DD".' }) date!: string;
  @Field(() => Date) timeBegin!: Date;
  @Field(() => Date) timeEnd!: Date;
  @Field(() => Boolean) available!: boolean;
  @Field(() => String, { nullable: true, description: 'When not available: taken, closed, holiday, horizon or limit.' }) reason!: string | null;
  @Field(() => String, { nullable: true, description: 'The reason in German: the rule\'s message or the holiday\'s name.' }) reasonText!: string | null;
  @Field(() => Float) priceEur!: number;
  @Field(() => ID, { nullable: true, description: 'The booking number made for the date; empty in a preview and for dates not booked.' }) bookingId!: string | null;
}

@ObjectType('SeriesCheckout', { description: 'A series checkout: every date of the rule, how many can be booked and their price in total.' })
export class SeriesCheckoutType {
  @Field(() => ID, { nullable: true, description: 'The stored series (bookingSeries); empty in a preview.' }) id!: string | null;
  @Field(() => SeriesRuleType) rule!: SeriesRuleType;
  @Field(() => [SeriesDateType]) dates!: SeriesDateType[];
  @Field(() => Int) availableCount!: number;
  @Field(() => Float, { description: 'The gross price of the dates that can be (or were) booked.' }) priceEur!: number;
  @Field(() => Float) vatIncludedEur!: number;
}

@ObjectType('BookingSeriesDate', { description: 'A booking of a series.' })
export class BookingSeriesDateType {
  @Field(() => ID, { description: 'The booking number.' }) bookingId!: string;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => Boolean) isCommitted!: boolean;
  @Field(() => Boolean) isPayed!: boolean;
  @Field(() => Boolean) isRejected!: boolean;
  @Field(() => String, { description: 'ausstehend, freigegeben, abgelehnt or storniert.' }) status!: string;
  @Field(() => Float) priceEur!: number;
}

@ObjectType('BookingSeries', { description: 'A series of bookings: its rule and its dates, earliest first (those the viewer may read).' })
export class BookingSeriesType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => SeriesRuleType) rule!: SeriesRuleType;
  @Field(() => String, { description: 'The customer as the series was booked.' }) name!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => [BookingSeriesDateType]) dates!: BookingSeriesDateType[];
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

export function seriesCheckoutType(view: SeriesCheckoutView): SeriesCheckoutType {
  return { ...view, dates: view.dates.map((entry) => ({ ...entry, timeBegin: new Date(entry.timeBegin), timeEnd: new Date(entry.timeEnd) })) };
}

export function bookingSeriesType(view: BookingSeriesView): BookingSeriesType {
  return { ...view, createdAt: new Date(view.createdAt), dates: view.dates.map((entry) => ({ ...entry, timeBegin: date(entry.timeBegin), timeEnd: date(entry.timeEnd) })) };
}

@InputType('BookingSeriesChangeInput', { description: 'A series changed from one of its dates on: the new rule from the new first window.' })
export class SeriesChangeInput {
  @Field(() => ID, { description: 'The booking number of the first date that changes; earlier dates stay as they are.' }) fromBookingId!: string;
  @Field(() => Date, { description: 'Begin of the first changed date; not before the end of an earlier date that stays.' }) timeBegin!: Date;
  @Field(() => Date) timeEnd!: Date;
  @Field(() => SeriesInput, { description: 'The rule from the first changed date on (requireAll: change only when every new date is free).' }) series!: SeriesInput;
  @Field(() => String, { nullable: true, description: 'Why; reaches the customer with the change.' }) reason?: string | null;
}

@ObjectType('BookingSeriesChange', { description: 'What a change of a series did (or, simulated, would do).' })
export class BookingSeriesChangeType {
  @Field(() => BookingSeriesType, { description: 'The series after the change; as it is when simulated.' }) series!: BookingSeriesType;
  @Field(() => SeriesCheckoutType, { description: 'The new rule\'s dates: available (booked, or kept as they were, with their booking number) or why not.' }) dates!: SeriesCheckoutType;
  @Field(() => [ID], { description: 'Booking numbers of the dates the change cancels: those the new rule no longer names at the same times.' }) cancelledBookingIds!: string[];
  @Field(() => Boolean) simulated!: boolean;
}

export function bookingSeriesChangeType(change: BookingSeriesChange): BookingSeriesChangeType {
  return { ...change, series: bookingSeriesType(change.series), dates: seriesCheckoutType(change.dates) };
}
