import type { BookableData, BookableType } from './bookable.model.js';
import { defaultCancellationPolicy } from './cancellation-policy.js';

/**
 * A new bookable's values where the client sends nothing (docs/bookables-and-files.md). The form
 * itself starts with amount 1; an API caller that leaves it out gets an unlimited object, as in
 * the original.
 */
export function defaultBookableData(type: BookableType): BookableData {
  return {
    type,
    title: '',
    description: '',
    location: '',
    imgUrl: '',
    tags: [],
    flags: [],
    parent: null,
    eventId: null,
    priceType: 'per-item',
    priceValueAddedTax: 0,
    amount: null,
    priceCategories: [],
    autoCommitBooking: false,
    isBookable: false,
    isPublic: false,
    isScheduleRelated: false,
    minBookingDuration: null,
    maxBookingDuration: null,
    isTimePeriodRelated: false,
    timePeriods: [],
    isOpeningHoursRelated: false,
    allowSeries: false,
    openingHours: [],
    isSpecialOpeningHoursRelated: false,
    specialOpeningHours: [],
    isLongRange: false,
    longRangeOptions: null,
    lockerDetails: { active: false, units: [] },
    attachments: [],
    permittedUsers: [],
    permittedRoles: [],
    freeBookingUsers: [],
    freeBookingRoles: [],
    relatedBookableIds: [],
    checkoutBookableIds: [],
    requiredFields: [],
    bookingNotes: '',
    cancellationPolicy: defaultCancellationPolicy(),
  };
}
