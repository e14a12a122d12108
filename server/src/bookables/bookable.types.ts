import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { PageInfoType } from '../shared/graphql/page-info.js';
import type { AttachmentType, BookableType, LongRangeType, PriceType, RequiredFieldName } from './bookable.model.js';

/**
 * The GraphQL shapes of bookables. GraphQL enum names cannot hold hyphens, so their values map to
 * the REST spelling ("event-location", "per-hour") used everywhere else.
 */
export enum BookableKind {
  event_location = 'event-location',
  room = 'room',
  resource = 'resource',
  ticket = 'ticket',
}
registerEnumType(BookableKind, { name: 'BookableType', description: 'The four kinds of bookable objects.' });

export enum BookablePriceType {
  per_item = 'per-item',
  per_hour = 'per-hour',
  per_day = 'per-day',
  per_square_meter = 'per-square-meter',
}
registerEnumType(BookablePriceType, { name: 'PriceType', description: 'The unit a price category refers to (Stück, Std., Tage, m²).' });

export enum BookableAttachmentType {
  agreement = 'agreement',
  privacy_agreement = 'privacy-agreement',
  user_manual = 'user-manual',
  security_information = 'security-information',
  product_information = 'product-information',
}
registerEnumType(BookableAttachmentType, { name: 'AttachmentType' });

export enum BookableLongRangeType {
  week = 'week',
  month = 'month',
}
registerEnumType(BookableLongRangeType, { name: 'LongRangeType', description: 'week: Monday to Friday; month: a calendar month.' });

export enum BookableRequiredField {
  comment = 'comment',
  company = 'company',
}
registerEnumType(BookableRequiredField, { name: 'BookableRequiredField' });

// Compile-time checks that the GraphQL enums carry exactly the model's values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const enumsMatch: [Same<`${BookableKind}`, BookableType>, Same<`${BookablePriceType}`, PriceType>, Same<`${BookableAttachmentType}`, AttachmentType>, Same<`${BookableLongRangeType}`, LongRangeType>, Same<`${BookableRequiredField}`, RequiredFieldName>] = [true, true, true, true, true];
void enumsMatch;

@ObjectType('PriceInterval')
@InputType('PriceIntervalInput')
export class PriceIntervalType {
  @Field(() => Float, { nullable: true, description: 'Inclusive lower bound (hours, days or amount by priceType); empty is open.' }) start!: number | null;
  @Field(() => Float, { nullable: true, description: 'Inclusive upper bound; empty is open.' }) end!: number | null;
}

@ObjectType('PriceCategory')
export class PriceCategoryType {
  @Field(() => Float, { description: 'Net euros per unit of the price type, or the flat price.' }) priceEur!: number;
  @Field(() => Float, { description: 'VAT in percent.' }) priceValueAddedTax!: number;
  @Field(() => PriceIntervalType) interval!: PriceIntervalType;
  @Field(() => Boolean, { description: '"Pauschalpreis": the price is charged as is.' }) fixedPrice!: boolean;
}

@InputType()
export class PriceCategoryInput {
  @Field(() => String, { description: 'Number or text with a decimal comma ("12,50").' }) priceEur!: string;
  @Field(() => String, { nullable: true, description: 'Number or text with a decimal comma; empty takes the bookable VAT.' }) priceValueAddedTax?: string | null;
  @Field(() => PriceIntervalType, { nullable: true }) interval?: PriceIntervalType | null;
  @Field(() => Boolean, { nullable: true }) fixedPrice?: boolean | null;
}

@ObjectType('TimePeriod')
@InputType('TimePeriodInput')
export class TimePeriodType {
  @Field(() => [Int], { description: '1 Monday … 6 Saturday, 0 Sunday.' }) weekdays!: number[];
  @Field(() => String, { description: 'HH:mm, Europe/Berlin.' }) startTime!: string;
  @Field(() => String, { description: 'HH:mm, Europe/Berlin.' }) endTime!: string;
}

@ObjectType('SpecialOpeningHour')
@InputType('SpecialOpeningHourInput')
export class SpecialOpeningHourType {
  @Field(() => String, { description: 'YYYY-MM-DD; entries without a date are dropped on save.' }) date!: string;
  @Field(() => String, { description: 'HH:mm; equal or empty start and end mean closed all day.' }) startTime!: string;
  @Field(() => String) endTime!: string;
}

@ObjectType('LongRangeOptions')
@InputType('LongRangeOptionsInput')
export class LongRangeOptionsType {
  @Field(() => BookableLongRangeType) type!: BookableLongRangeType;
}

@ObjectType('LockerUnit')
@InputType('LockerUnitInput')
export class LockerUnitType {
  @Field(() => String, { description: "The tenant's locker application (pareva)." }) lockerSystem!: string;
  @Field(() => String, { description: 'Product id in the locker system.' }) id!: string;
  @Field(() => Int) amount!: number;
}

@ObjectType('LockerDetails')
@InputType('LockerDetailsInput')
export class LockerDetailsType {
  @Field(() => Boolean) active!: boolean;
  @Field(() => [LockerUnitType]) units!: LockerUnitType[];
}

@ObjectType('BookableAttachment')
@InputType('BookableAttachmentInput')
export class AttachmentObjectType {
  @Field(() => String, { description: 'Generated when empty.' }) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String) caption!: string;
  @Field(() => BookableAttachmentType) type!: BookableAttachmentType;
  @Field(() => String) url!: string;
  @Field(() => Boolean, { description: 'Shown in the booking process (always when required).' }) show!: boolean;
  @Field(() => Boolean, { description: 'Must be accepted at checkout.' }) required!: boolean;
}

@ObjectType('CheckoutBookable')
@InputType('CheckoutBookableInput')
export class CheckoutBookableType {
  @Field(() => ID) bookableId!: string;
  @Field(() => Boolean, { description: 'Added to every booking of the object.' }) mandatory!: boolean;
}

@ObjectType('CancellationTier', { description: '"bis … Tage vor Beginn … % Erstattung".' })
@InputType('CancellationTierInput')
export class CancellationTierType {
  @Field(() => Int, { description: 'Cancelled at least this many calendar days (Europe/Berlin) before the start; 0 to 3650, distinct within a policy.' }) daysBefore!: number;
  @Field(() => Int, { description: 'Percent of what was paid that comes back, 0 to 100.' }) refundPercent!: number;
}

@ObjectType('CancellationPolicy', { description: '"Stornobedingungen": whether citizens cancel their bookings of the object themselves, and what comes back (docs/bookings.md).' })
@InputType('CancellationPolicyInput')
export class CancellationPolicyType {
  @Field(() => Boolean, { description: 'Citizens cancel themselves; otherwise their cancellation is a request to the staff (the default).' }) citizenMayCancel!: boolean;
  @Field(() => [CancellationTierType], { description: 'Most days first; the tier with the most days the cancellation still reaches applies, none reached: nothing back.' }) tiers!: CancellationTierType[];
  @Field(() => Float, { description: '"Bearbeitungsgebühr" in euros, kept from every refund (never below 0).' }) feeEur!: number;
}

/** The fields the public may see; Bookable adds the staff-only ones. */
@ObjectType()
export class BookableFields {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => BookableKind) type!: BookableKind;
  @Field(() => String) title!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML).' }) description!: string;
  @Field(() => String) location!: string;
  @Field(() => String, { description: 'Cover image link.' }) imgUrl!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => [String]) flags!: string[];
  @Field(() => ID, { nullable: true, description: 'Id of the parent object.' }) parent!: string | null;
  @Field(() => ID, { nullable: true, description: 'Tickets: the event.' }) eventId!: string | null;
  @Field(() => BookablePriceType) priceType!: BookablePriceType;
  @Field(() => Float) priceValueAddedTax!: number;
  @Field(() => Int, { nullable: true, description: 'Available quantity; empty is unlimited.' }) amount!: number | null;
  @Field(() => [PriceCategoryType]) priceCategories!: PriceCategoryType[];
  @Field(() => Boolean) autoCommitBooking!: boolean;
  @Field(() => Boolean) isBookable!: boolean;
  @Field(() => Boolean) isPublic!: boolean;
  @Field(() => Boolean, { description: 'Booked through the calendar.' }) isScheduleRelated!: boolean;
  @Field(() => Float, { nullable: true, description: 'Hours.' }) minBookingDuration!: number | null;
  @Field(() => Float, { nullable: true, description: 'Hours.' }) maxBookingDuration!: number | null;
  @Field(() => Boolean, { description: 'Booked in fixed time periods only.' }) isTimePeriodRelated!: boolean;
  @Field(() => [TimePeriodType]) timePeriods!: TimePeriodType[];
  @Field(() => Boolean) isOpeningHoursRelated!: boolean;
  @Field(() => Boolean, { description: 'The public may book it as a series (regular bookings); staff always may.' }) allowSeries!: boolean;
  @Field(() => [TimePeriodType]) openingHours!: TimePeriodType[];
  @Field(() => Boolean) isSpecialOpeningHoursRelated!: boolean;
  @Field(() => [SpecialOpeningHourType]) specialOpeningHours!: SpecialOpeningHourType[];
  @Field(() => Boolean) isLongRange!: boolean;
  @Field(() => LongRangeOptionsType, { nullable: true }) longRangeOptions!: LongRangeOptionsType | null;
  @Field(() => [AttachmentObjectType]) attachments!: AttachmentObjectType[];
  @Field(() => [ID], { description: 'Ordered dependent objects (children).' }) relatedBookableIds!: string[];
  @Field(() => [CheckoutBookableType], { description: 'Ordered additional options at checkout.' }) checkoutBookableIds!: CheckoutBookableType[];
  @Field(() => [BookableRequiredField]) requiredFields!: BookableRequiredField[];
  @Field(() => String, { description: 'Rich text (sanitised HTML).' }) bookingNotes!: string;
  @Field(() => CancellationPolicyType, { description: 'Tickets carry their own (per ticket object).' }) cancellationPolicy!: CancellationPolicyType;
}

@ObjectType('PublicBookable', { description: 'A bookable object as the public sees it: without visibility, free-booking and locker details or its owner.' })
export class PublicBookableType extends BookableFields {}

@ObjectType('Bookable', { description: "A tenant's bookable object (event location, room, resource, ticket) as its staff see it." })
export class StaffBookableType extends BookableFields {
  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => [ID], { description: 'User ids who may see and book it; with permittedRoles empty means everyone.' })
  permittedUsers!: string[];

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => [ID], { description: 'Role ids whose members may see and book it.' })
  permittedRoles!: string[];

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => [ID])
  freeBookingUsers!: string[];

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => [ID])
  freeBookingRoles!: string[];

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => LockerDetailsType)
  lockerDetails!: LockerDetailsType;

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Field(() => String, { nullable: true, description: 'The creator; the "own" flags of manageBookables match on it.' })
  ownerUserId!: string | null;
}

@InputType({ description: 'A bookable to create or update; on update absent fields keep their values. Numbers may be text with a decimal comma.' })
export class BookableInput {
  @Field(() => BookableKind, { nullable: true, description: 'Required on create; cannot change.' }) type?: BookableKind;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) location?: string;
  @Field(() => String, { nullable: true }) imgUrl?: string;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => [String], { nullable: true }) flags?: string[];
  @Field(() => ID, { nullable: true }) parent?: string | null;
  @Field(() => ID, { nullable: true }) eventId?: string | null;
  @Field(() => BookablePriceType, { nullable: true }) priceType?: BookablePriceType;
  @Field(() => String, { nullable: true }) priceValueAddedTax?: string | null;
  @Field(() => String, { nullable: true, description: 'Converted to an integer; empty is unlimited.' }) amount?: string | null;
  @Field(() => [PriceCategoryInput], { nullable: true }) priceCategories?: PriceCategoryInput[];
  @Field(() => Boolean, { nullable: true }) autoCommitBooking?: boolean;
  @Field(() => Boolean, { nullable: true }) isBookable?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Only within the public quota, unless already public.' }) isPublic?: boolean;
  @Field(() => Boolean, { nullable: true }) isScheduleRelated?: boolean;
  @Field(() => String, { nullable: true, description: 'Hours; not a number becomes empty.' }) minBookingDuration?: string | null;
  @Field(() => String, { nullable: true, description: 'Hours; not a number becomes empty.' }) maxBookingDuration?: string | null;
  @Field(() => Boolean, { nullable: true }) isTimePeriodRelated?: boolean;
  @Field(() => [TimePeriodType], { nullable: true }) timePeriods?: TimePeriodType[];
  @Field(() => Boolean, { nullable: true }) isOpeningHoursRelated?: boolean;
  @Field(() => Boolean, { nullable: true }) allowSeries?: boolean;
  @Field(() => [TimePeriodType], { nullable: true }) openingHours?: TimePeriodType[];
  @Field(() => Boolean, { nullable: true }) isSpecialOpeningHoursRelated?: boolean;
  @Field(() => [SpecialOpeningHourType], { nullable: true }) specialOpeningHours?: SpecialOpeningHourType[];
  @Field(() => Boolean, { nullable: true }) isLongRange?: boolean;
  @Field(() => LongRangeOptionsType, { nullable: true }) longRangeOptions?: LongRangeOptionsType | null;
  @Field(() => LockerDetailsType, { nullable: true }) lockerDetails?: LockerDetailsType;
  @Field(() => [AttachmentObjectType], { nullable: true }) attachments?: AttachmentObjectType[];
  @Field(() => [ID], { nullable: true }) permittedUsers?: string[];
  @Field(() => [ID], { nullable: true }) permittedRoles?: string[];
  @Field(() => [ID], { nullable: true }) freeBookingUsers?: string[];
  @Field(() => [ID], { nullable: true }) freeBookingRoles?: string[];
  @Field(() => [ID], { nullable: true }) relatedBookableIds?: string[];
  @Field(() => [CheckoutBookableType], { nullable: true }) checkoutBookableIds?: CheckoutBookableType[];
  @Field(() => [BookableRequiredField], { nullable: true }) requiredFields?: BookableRequiredField[];
  @Field(() => String, { nullable: true }) bookingNotes?: string;
  @Field(() => CancellationPolicyType, { nullable: true }) cancellationPolicy?: CancellationPolicyType;
}

@ObjectType('OpeningHours', { description: 'The combined opening hours of an object and its parents.' })
export class OpeningHoursType {
  @Field(() => [TimePeriodType], { description: 'One entry per weekday that has hours: latest start, earliest end.' }) regularOpeningHours!: TimePeriodType[];
  @Field(() => [SpecialOpeningHourType]) specialOpeningHours!: SpecialOpeningHourType[];
}

@ObjectType('AvailabilityPeriod', { description: 'A stretch of time in which the object is available or not.' })
export class AvailabilityPeriodType {
  @Field(() => Date) timeBegin!: Date;
  @Field(() => Date) timeEnd!: Date;
  @Field(() => Boolean) available!: boolean;
}

@ObjectType('BookablePickerUser', { description: 'A person of the tenant for the visibility and free-booking pickers.' })
export class PickerUserType {
  @Field(() => ID, { description: 'The e-mail address.' }) id!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
}

@ObjectType('BookablePickerRole')
export class PickerRoleType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
}

@ObjectType('BookablePickerOptions', { description: "The tenant's people and roles the bookable editor may name." })
export class PickerOptionsType {
  @Field(() => [PickerUserType], {
    description: 'The people matching userSearch, by name, at most the first 50 (moreUsers tells whether others match), then those of userIds not among them.',
  })
  users!: PickerUserType[];
  @Field(() => Boolean, { description: 'Whether more people match userSearch than users holds: a longer search narrows them.' }) moreUsers!: boolean;
  @Field(() => [PickerRoleType]) roles!: PickerRoleType[];
}

@ObjectType({ description: 'One page of the bookables the viewer may read (bookablePage).' })
export class BookablePageType {
  @Field(() => [StaffBookableType], { description: 'The objects of this page.' }) items!: StaffBookableType[];
  @Field(() => Int, { description: 'All objects matching the filter and the search (over every page).' }) totalCount!: number;
  @Field(() => PageInfoType, { description: 'The cursor after this page and whether more follow.' }) pageInfo!: PageInfoType;
}
