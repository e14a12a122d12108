import type { CancellationPolicy } from './cancellation-policy.js';

/**
 * The shapes of a bookable object (docs/bookables-and-files.md) as plain
 * TypeScript: the entity stores them, the rules compute with them, REST and GraphQL show them.
 * No Node imports, so the client may share the pure rules built on these types.
 */

export const bookableTypes = ['event-location', 'room', 'resource', 'ticket'] as const;
export type BookableType = (typeof bookableTypes)[number];

export const priceTypes = ['per-item', 'per-hour', 'per-day', 'per-square-meter'] as const;
export type PriceType = (typeof priceTypes)[number];

export const attachmentTypes = ['agreement', 'privacy-agreement', 'user-manual', 'security-information', 'product-information'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

export const requiredFieldNames = ['comment', 'company'] as const;
export type RequiredFieldName = (typeof requiredFieldNames)[number];

export const longRangeTypes = ['week', 'month'] as const;
export type LongRangeType = (typeof longRangeTypes)[number];

/** Inclusive bounds compared with hours, days or the amount (by priceType); null is open. */
export interface PriceInterval {
  start: number | null;
  end: number | null;
}

export interface PriceCategory {
  /** Net price in euros (per unit of the price type, or the whole price when fixedPrice). */
  priceEur: number;
  /** Percent; the category's own VAT, defaulting to the bookable's. */
  priceValueAddedTax: number;
  interval: PriceInterval;
  /** "Pauschalpreis": the category price is charged as is, whatever the duration. */
  fixedPrice: boolean;
}

/** Weekday encoding: 1 Monday … 6 Saturday, 0 Sunday. Times "HH:mm" in Europe/Berlin. */
export interface TimePeriod {
  weekdays: number[];
  startTime: string;
  endTime: string;
}

/** A special date "YYYY-MM-DD"; equal or empty times mean closed the whole day. */
export interface SpecialOpeningHour {
  date: string;
  startTime: string;
  endTime: string;
}

export interface LongRangeOptions {
  type: LongRangeType;
}

export interface LockerUnit {
  /** The tenant's locker application id (pareva). */
  lockerSystem: string;
  /** The locker system's product id. */
  id: string;
  amount: number;
}

export interface LockerDetails {
  active: boolean;
  units: LockerUnit[];
}

export interface BookableAttachment {
  id: string;
  title: string;
  caption: string;
  type: AttachmentType;
  url: string;
  show: boolean;
  required: boolean;
}

export interface CheckoutBookable {
  bookableId: string;
  mandatory: boolean;
}

/** Every field of a bookable a client may write (the form; REST PUT and GraphQL saveBookable). */
export interface BookableData {
  type: BookableType;
  title: string;
  description: string;
  location: string;
  imgUrl: string;
  tags: string[];
  flags: string[];
  parent: string | null;
  eventId: string | null;
  priceType: PriceType;
  priceValueAddedTax: number;
  amount: number | null;
  priceCategories: PriceCategory[];
  autoCommitBooking: boolean;
  isBookable: boolean;
  isPublic: boolean;
  isScheduleRelated: boolean;
  minBookingDuration: number | null;
  maxBookingDuration: number | null;
  isTimePeriodRelated: boolean;
  timePeriods: TimePeriod[];
  isOpeningHoursRelated: boolean;
  /** The public may book it as a series (staff always may). */
  allowSeries: boolean;
  openingHours: TimePeriod[];
  isSpecialOpeningHoursRelated: boolean;
  specialOpeningHours: SpecialOpeningHour[];
  isLongRange: boolean;
  longRangeOptions: LongRangeOptions | null;
  lockerDetails: LockerDetails;
  attachments: BookableAttachment[];
  permittedUsers: string[];
  permittedRoles: string[];
  freeBookingUsers: string[];
  freeBookingRoles: string[];
  relatedBookableIds: string[];
  checkoutBookableIds: CheckoutBookable[];
  requiredFields: RequiredFieldName[];
  bookingNotes: string;
  /** "Stornobedingungen": whether citizens cancel themselves and what comes back (cancellation-policy.ts). */
  cancellationPolicy: CancellationPolicy;
}

/** A stored bookable: the data plus identity and ownership. */
export interface BookableRecord extends BookableData {
  id: string;
  tenantId: string;
  ownerUserId: string | null;
}

/** The fields nobody outside the tenant's staff sees (public list and item leave them out). */
export const privateBookableFields = ['permittedUsers', 'permittedRoles', 'freeBookingUsers', 'freeBookingRoles', 'ownerUserId', 'lockerDetails'] as const;
