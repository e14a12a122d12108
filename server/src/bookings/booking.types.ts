import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { PublicBookableType } from '../bookables/bookable.types.js';
import { CouponType } from '../coupons/coupon.entity.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { PageInfoType } from '../shared/graphql/page-info.js';
import type { BookingChangedEvent } from '../shared/pubsub.js';
import type { WorkflowStatus } from '../workflow/workflow.service.js';
import { bookingStatusLabel, paymentWayLabel, type BookingAttachment, type BookingView } from './booking.model.js';
import type { BookingChargeFilter, BookingStatusFilter } from './booking-conditions.js';
import type { BookingSort } from '../../../common/bookings/booking-query.schema.js';
import { paymentWayOf, type PaymentWayKind } from '../../../common/bookings/money.js';
import { bookingMoneyOf } from './booking-money.js';
import { policyOrDefault } from '../../../common/bookables/cancellation-policy.js';
import { SeriesCheckoutType, SeriesInput } from './series/booking-series.types.js';

/** The GraphQL shapes of bookings. */

export enum BookingStatusFilterType {
  PENDING = 'PENDING',
  RELEASED = 'RELEASED',
  REJECTED = 'REJECTED',
  PAID = 'PAID',
  UNPAID = 'UNPAID',
  RELEASED_UNPAID = 'RELEASED_UNPAID',
}
registerEnumType(BookingStatusFilterType, {
  name: 'BookingStatusFilter',
  description:
    'PENDING: neither released nor rejected; RELEASED: released and not rejected; REJECTED: rejected or cancelled; PAID / UNPAID: by payment; RELEASED_UNPAID: released, not rejected and not paid.',
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const filtersMatch: Same<`${BookingStatusFilterType}`, BookingStatusFilter> = true;
void filtersMatch;

export enum BookingChargeFilterType {
  FREE = 'FREE',
  CHARGEABLE = 'CHARGEABLE',
}
registerEnumType(BookingChargeFilterType, { name: 'BookingChargeFilter', description: 'FREE: nothing to pay (gross total 0); CHARGEABLE: something to pay.' });
const chargesMatch: Same<`${BookingChargeFilterType}`, BookingChargeFilter> = true;
void chargesMatch;

export enum BookingSortType {
  NEWEST = 'NEWEST',
  OLDEST = 'OLDEST',
  TIME_BEGIN_ASC = 'TIME_BEGIN_ASC',
  TIME_BEGIN_DESC = 'TIME_BEGIN_DESC',
  TIME_END_ASC = 'TIME_END_ASC',
  TIME_END_DESC = 'TIME_END_DESC',
  NUMBER_ASC = 'NUMBER_ASC',
  NUMBER_DESC = 'NUMBER_DESC',
  CUSTOMER_ASC = 'CUSTOMER_ASC',
  CUSTOMER_DESC = 'CUSTOMER_DESC',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
  STATUS_ASC = 'STATUS_ASC',
  STATUS_DESC = 'STATUS_DESC',
  PAYMENT_ASC = 'PAYMENT_ASC',
  PAYMENT_DESC = 'PAYMENT_DESC',
  PAYMENT_WAY_ASC = 'PAYMENT_WAY_ASC',
  PAYMENT_WAY_DESC = 'PAYMENT_WAY_DESC',
}
registerEnumType(BookingSortType, {
  name: 'BookingSort',
  description:
    'The order of the bookings list, by the columns of the staff list: NEWEST (the default) and OLDEST by creation; TIME_BEGIN_* and TIME_END_* by the booked times (bookings without times, such as tickets, count as the earliest); NUMBER_* by booking number; CUSTOMER_* by the customer name, case-insensitive; PRICE_* by the gross price; STATUS_* pending, released, rejected, cancelled; PAYMENT_* unpaid before paid; PAYMENT_WAY_* by the stored payment method, else the provider chosen at checkout. Ties keep a fixed order, so pages by cursor lose or repeat no booking.',
});
const sortsMatch: Same<`${BookingSortType}`, BookingSort> = true;
void sortsMatch;

export enum PaymentWayKindType {
  FREE = 'FREE',
  ONLINE = 'ONLINE',
  INVOICE = 'INVOICE',
  MANUAL = 'MANUAL',
  UNKNOWN = 'UNKNOWN',
}
registerEnumType(PaymentWayKindType, {
  name: 'PaymentWayKind',
  description:
    'FREE: nothing to pay; ONLINE: an online provider was chosen at checkout (giroCockpit, pmPayment, testPayment); INVOICE: payment by invoice was chosen; MANUAL: no provider, staff recorded the payment (cash at the counter, transfer); UNKNOWN: something to pay, nothing chosen or recorded yet.',
});
const wayKindsMatch: Same<`${PaymentWayKindType}`, PaymentWayKind> = true;
void wayKindsMatch;

@ObjectType('PaymentWay', { description: 'How a booking is paid: the way as a code, the provider chosen at checkout and the method the payment was recorded as.' })
export class PaymentWayType {
  @Field(() => PaymentWayKindType) kind!: PaymentWayKindType;
  @Field(() => String, { nullable: true, description: 'giroCockpit, pmPayment, testPayment or invoice; empty when none was chosen.' }) provider!: string | null;
  @Field(() => String, { nullable: true, description: 'CASH, TRANSFER, CREDIT_CARD, DEBIT_CARD, PAYPAL, GIROPAY, … as recorded with the payment; empty while none is known.' }) method!: string | null;
  @Field(() => String, { description: 'The same in German, as the staff\'s list shows it ("Bar (gewählt: Rechnung)").' }) label!: string;
}

@ObjectType('VatRateTotal', { description: 'The lines of one VAT rate, in cents: net + VAT = gross. The gross of all rates is the booking\'s priceCents, their VAT its vatIncludedCents.' })
export class VatRateTotalType {
  @Field(() => Float, { description: 'The rate in percent, e.g. 19 or 7 (0 for untaxed lines).' }) ratePercent!: number;
  @Field(() => Int) netCents!: number;
  @Field(() => Int) vatCents!: number;
  @Field(() => Int) grossCents!: number;
}

export enum BookingChangeAction {
  CREATED = 'CREATED',
  UPDATED = 'UPDATED',
  DELETED = 'DELETED',
}
registerEnumType(BookingChangeAction, { name: 'BookingChangeAction' });

@ObjectType('TicketEvent', { description: 'The event a ticket admits to, as it is now: its name, when and where it takes place.' })
export class TicketEventType {
  /** The event's tenant, for the fields resolved from the event (not a GraphQL field). */
  tenantId!: string;

  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Date, { nullable: true, description: 'Empty without a start date.' }) startsAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Empty without an end date.' }) endsAt!: Date | null;
  @Field(() => String, { description: 'Venue and address in one line, or the link of an online event; empty when unknown.' }) place!: string;
}

export function ticketEventType(tenantId: string, facts: TicketEventFacts): TicketEventType {
  return { ...facts, tenantId, startsAt: facts.startsAt === null ? null : new Date(facts.startsAt), endsAt: facts.endsAt === null ? null : new Date(facts.endsAt) };
}

@ObjectType('BookingItem', { description: 'One booked object with its unit prices (net and gross euros) and the object as it was booked.' })
export class BookingItemType {
  /** The booking's tenant, for the fields resolved from the item (not a GraphQL field). */
  tenantId!: string;

  @Field(() => ID) bookableId!: string;
  @Field(() => Int) amount!: number;
  @Field(() => Float, { description: 'Net unit price without free booking or coupon.' }) regularPriceEur!: number;
  @Field(() => Float) regularGrossPriceEur!: number;
  @Field(() => Float, { description: 'Net unit price this booker pays.' }) userPriceEur!: number;
  @Field(() => Float) userGrossPriceEur!: number;
  @Field(() => Int, { description: 'regularPriceEur in cents, exact.' }) regularPriceCents!: number;
  @Field(() => Int, { description: 'regularGrossPriceEur in cents, exact.' }) regularGrossPriceCents!: number;
  @Field(() => Int, { description: 'userPriceEur in cents, exact.' }) userPriceCents!: number;
  @Field(() => Int, { description: 'userGrossPriceEur in cents, exact.' }) userGrossPriceCents!: number;
  @Field(() => Float, { description: "The VAT rate in percent of the price category that priced the item (0 without one)." }) vatRatePercent!: number;
  @Field(() => Int, { description: 'Units charged: the amount, or 1 for a flat price ("Pauschalpreis"). The item costs userGrossPriceCents × chargedQuantity.' }) chargedQuantity!: number;
  @Field(() => PublicBookableType, { description: 'The object as booked.' }) bookable!: PublicBookableType;
}

@ObjectType('BookingAttachment', { description: "A document of the booked objects with the customer's consent at checkout, or a receipt or invoice of the booking." })
export class BookingAttachmentType {
  @Field(() => ID, { nullable: true, description: "The document's id on its object; empty for receipts and invoices." }) id!: string | null;
  @Field(() => String) type!: string;
  @Field(() => String) title!: string;
  @Field(() => ID, { nullable: true }) bookableId!: string | null;
  @Field(() => String, { nullable: true }) url!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the customer accepted the document; empty for receipts and invoices.' }) accepted!: boolean | null;
  @Field(() => Date, { nullable: true, description: 'When the customer accepted it: consent is given only at checkout, so this is when the booking was made; empty when not accepted.' })
  acceptedAt!: Date | null;
}

@ObjectType('CouponUsed', { description: 'The coupon as it was applied.' })
export class CouponUsedType {
  @Field(() => ID, { description: 'The coupon number.' }) id!: string;
  @Field(() => String) description!: string;
  @Field(() => CouponType) type!: CouponType;
  @Field(() => Float) discount!: number;
}

@ObjectType('BookingLocker', { description: 'Locker units a booking holds for its period, with what the locker system made of them.' })
export class BookingLockerType {
  @Field(() => ID, { description: 'The reservation.' }) id!: string;
  @Field(() => String, { description: "The tenant's locker application (pareva)." }) lockerSystem!: string;
  @Field(() => String, { description: 'The unit group (product id) in the locker system.' }) unitId!: string;
  @Field(() => ID, { description: 'The booked object the units come with.' }) bookableId!: string;
  @Field(() => Int) amount!: number;
  @Field(() => String, { description: 'reserved, active (opened by the locker system), released or failed (given up after retries).' }) state!: string;
  @Field(() => String, { nullable: true, description: "The locker system's last complaint." }) lastError!: string | null;
}

/** What the booking and the checkout answer share: objects, times, prices and flags, nothing personal. */
@ObjectType('BookingSummary')
export class BookingSummaryFields {
  @Field(() => ID) tenantId!: string;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => [BookingItemType]) items!: BookingItemType[];
  @Field(() => Float, { description: 'Gross total in euros.' }) priceEur!: number;
  @Field(() => Float, { description: 'VAT contained in the total.' }) vatIncludedEur!: number;
  @Field(() => Int, { description: 'Gross total in cents: priceEur × 100, exact.' }) priceCents!: number;
  @Field(() => Int, { description: 'VAT contained in the total, in cents: vatIncludedEur × 100, exact.' }) vatIncludedCents!: number;
  @Field(() => Int, { description: 'Net total in cents: priceCents − vatIncludedCents.' }) netCents!: number;
  @Field(() => [VatRateTotalType], { description: 'The VAT per rate, lowest rate first, computed from the items with the rounding of the checkout (unit prices rounded to cents, then multiplied and summed): the rates add up to priceCents and vatIncludedCents. Empty for a free booking.' })
  vatByRate!: VatRateTotalType[];
  @Field(() => Boolean, { description: 'Nothing to pay (gross total 0): free objects, the free-booking lists, a coupon for everything. Such a booking is paid from its creation.' }) isFree!: boolean;
  @Field(() => Boolean, { description: 'Released ("freigegeben").' }) isCommitted!: boolean;
  @Field(() => Boolean) isPayed!: boolean;
  @Field(() => Boolean, { description: 'Rejected ("abgelehnt"), or cancelled ("storniert") when it was released.' }) isRejected!: boolean;
  @Field(() => String, { description: 'ausstehend, freigegeben, abgelehnt or storniert.' }) status!: string;
  @Field(() => String, { nullable: true }) couponCode!: string | null;
  @Field(() => CouponUsedType, { nullable: true }) couponUsed!: CouponUsedType | null;
  @Field(() => String, { nullable: true, description: 'giroCockpit, pmPayment or invoice.' }) paymentProvider!: string | null;
}

@ObjectType('Booking', { description: 'A booking of a tenant; the customer data only for staff who may read it.' })
export class BookingType extends BookingSummaryFields {
  @Field(() => ID, { description: 'The booking number "XXXX-XXXX", unique within the tenant.' }) id!: string;
  @Field(() => Date, { description: 'When the booking was made.' }) timeCreated!: Date;
  @Field(() => String, { description: 'CASH, TRANSFER, … or empty.' }) paymentMethod!: string;
  @Field(() => PaymentWayType, { description: 'How it is paid, as codes (kind, provider, method): for systems; paymentMethodLabel says the same in German.' }) paymentWay!: PaymentWayType;
  @Field(() => Date, { nullable: true, description: 'When the payment was recorded (online payment, staff, workflow; a free booking when it was made); empty while unpaid, and for bookings paid before the booking history was kept.' })
  paidAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it was rejected ("abgelehnt") or cancelled ("storniert", by staff or by the customer\'s confirmed link); empty while it is not, also again after a release that takes the rejection back.' })
  cancelledAt!: Date | null;
  @Field(() => Date, { description: 'When the booking was last changed (by anyone: staff, customer, payment, workflow); the order and filter of updatedSince.' })
  updatedAt!: Date;
  @Field(() => ID, { nullable: true, description: 'The series the booking is a date of (bookingSeries); empty for a single booking.' }) seriesId!: string | null;
  @Field(() => String, { description: 'How it is paid, in German: the method once known with the customer\'s choice beside it ("Bar (gewählt: Rechnung)"), the choice alone ("Rechnung"), "Unbekannt" when neither is known.' }) paymentMethodLabel!: string;
  @Field(() => String, { nullable: true, description: 'The workflow state holding it, "archive", or empty for the backlog or without an active workflow.' })
  workflowStatus!: string | null;

  @Auth(AuthRule.BOOKING_READER) @Field(() => ID, { nullable: true, description: 'The booker or the staff member it is assigned to.' }) assignedUserId!: string | null;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) name!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) company!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) street!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) zipCode!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String, { description: 'City.' }) location!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) mail!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) phone!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => String) comment!: string;
  @Auth(AuthRule.BOOKING_READER) @Field(() => [BookingAttachmentType]) attachments!: BookingAttachmentType[];
  @Auth(AuthRule.BOOKING_READER) @Field(() => [BookingLockerType], { description: 'The locker units the booking holds.' }) lockerInfo!: BookingLockerType[];
}

@ObjectType('BookingListCount', { description: 'How many bookings match, for a screen: exact up to 10,000, beyond that estimated by the database.' })
export class BookingListCountType {
  @Field(() => Int) value!: number;
  @Field(() => Boolean, { description: 'False when value is an estimate (more than 10,000 match).' }) exact!: boolean;
}

/** The count of a service page as GraphQL shows it. */
export const listCountOf = (page: { total: number; totalExact: boolean }): BookingListCountType => ({ value: page.total, exact: page.totalExact });

@ObjectType('BookingPage', { description: 'One page of bookings in the order asked for, newest first without (with updatedSince: the oldest change first).' })
export class BookingPageType {
  @Field(() => [BookingType]) items!: BookingType[];
  @Field(() => Int, { description: 'All matching bookings, counted exactly (on a long search this costs a reading of every match; count is cheaper).' }) total!: number;
  @Field(() => BookingListCountType, { description: 'All matching bookings as a screen shows them: exact up to 10,000, estimated beyond.' }) count!: BookingListCountType;
  @Field(() => Int, { description: 'The page size (first, or limit).' }) limit!: number;
  @Field(() => Int, { description: 'The rows skipped; 0 when paging by cursor.' }) offset!: number;
  @Field(() => PageInfoType, { description: 'The cursor after this page and whether more follow; works after an offset page too.' }) pageInfo!: PageInfoType;
}

@ObjectType('BookingWindowCount', { description: 'How many bookings (not rejected) overlap a window [begin, end).' })
export class BookingWindowCountType {
  @Field(() => Date) begin!: Date;
  @Field(() => Date) end!: Date;
  @Field(() => Int) count!: number;
}

@ObjectType('OverviewObjectHours', { description: 'The hours an object is booked in a week.' })
export class OverviewObjectHoursType {
  @Field(() => ID, { nullable: true, description: 'Null for the objects beyond the most booked ones, summed up as "Weitere Objekte".' })
  bookableId!: string | null;
  @Field(() => String) title!: string;
  @Field(() => Float) bookedHours!: number;
}

@ObjectType('OverviewWeek', { description: 'A week (Monday to Sunday, Berlin time) of the occupancy chart.' })
export class OverviewWeekType {
  @Field(() => Date) begin!: Date;
  @Field(() => Date) end!: Date;
  @Field(() => Int, { description: 'Booked objects in the week (a booking of two objects counts twice).' }) bookings!: number;
  @Field(() => Float) bookedHours!: number;
  @Field(() => [OverviewObjectHoursType], { description: 'The most booked objects of the whole chart, in the same order every week.' })
  objects!: OverviewObjectHoursType[];
}

@ObjectType('BookingOverview', { description: "What needs doing in a tenant, over the bookings the viewer may read: the staff's start page." })
export class BookingOverviewType {
  @Field(() => Int, { description: 'Neither released nor rejected (status filter PENDING).' }) awaitingRelease!: number;
  @Field(() => Int, { description: 'Released and not paid (status filter RELEASED_UNPAID).' }) unpaidReleased!: number;
  @Field(() => BookingWindowCountType, { description: 'Today in Berlin.' }) today!: BookingWindowCountType;
  @Field(() => BookingWindowCountType, { description: 'This week, Monday to Sunday in Berlin.' }) thisWeek!: BookingWindowCountType;
  @Field(() => [OverviewWeekType], { description: 'This week and the following ones.' }) weeks!: OverviewWeekType[];
}

@ObjectType('CheckoutResult', { description: 'A checkout: the stored booking (id set), or with simulate what it would be (id empty).' })
export class CheckoutResultType extends BookingSummaryFields {
  @Field(() => ID, { nullable: true }) id!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The stored booking\'s status token ("bst_…"), shown only in this answer: bookingStatusByToken reads the status with it. Empty for a preview. A repeated idempotent checkout answers a new one; the earlier ones stay valid.',
  })
  statusToken!: string | null;
  @Field(() => SeriesCheckoutType, { nullable: true, description: 'A series checkout: every date, whether it can be (or was) booked and why not; the booking fields above are its first bookable date.' })
  series!: SeriesCheckoutType | null;
}

@ObjectType('UnitPrices', { description: 'Unit prices of one object (not multiplied by the amount).' })
export class UnitPricesType {
  @Field(() => Float) regularPriceEur!: number;
  @Field(() => Float) userPriceEur!: number;
  @Field(() => Float) regularGrossPriceEur!: number;
  @Field(() => Float) userGrossPriceEur!: number;
}

@ObjectType('PublicBookingStatusFlags')
export class PublicBookingStatusFlagsType {
  @Field(() => String, { description: 'paid, pending, or none (cancelled without payment: nothing is owed).' }) paymentStatus!: string;
  @Field(() => String, { description: 'confirmed, rejected or pending.' }) bookingStatus!: string;
  @Field(() => String, { nullable: true, description: 'expired, pending or active (only with an end).' }) activeStatus!: string | null;
}

@ObjectType('PublicBookingStatus', { description: 'What the customer sees with the booking number and the name.' })
export class PublicBookingStatusType {
  @Field(() => ID) bookingId!: string;
  @Field(() => String, { description: 'Title of the first booked object.' }) title!: string;
  @Field(() => String) name!: string;
  @Field(() => PublicBookingStatusFlagsType) status!: PublicBookingStatusFlagsType;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => Date) timeCreated!: Date;
  @Field(() => String) comment!: string;
  @Field(() => [TicketEventType], { description: 'The events the booked tickets admit to: their date and place (a booking of tickets has no times of its own).' })
  events!: TicketEventType[];
}

@ObjectType('BookingCancellationRequest', { description: 'A pending cancellation behind a mailed link: what the confirmation page shows before its button.' })
export class BookingCancellationRequestType {
  @Field(() => ID) bookingId!: string;
  @Field(() => [String], { description: 'Titles of the booked objects.' }) titles!: string[];
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => String, { description: 'The reason given with the request; empty when none.' }) reason!: string;
  @Field(() => Date, { description: 'When the link expires.' }) validUntil!: Date;
  @Field(() => Float, { nullable: true, description: 'Gross EUR the customer paid, when the booking is paid with a price; null otherwise. A cancellation confirmed by this link records no refund (the staff decide): the office gets in touch about the money.' })
  paidEur!: number | null;
  @Field(() => [CancellationDateType], { description: 'For a date of a series: its later dates (not cancelled, not begun) that confirmBookingCancellation with withFollowingDates cancels too; empty otherwise.' })
  followingDates!: CancellationDateType[];
}

@ObjectType('CancellationDate', { description: 'A later date of a series a cancellation can take with it.' })
export class CancellationDateType {
  @Field(() => ID, { description: 'The booking number.' }) bookingId!: string;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
}

@ObjectType('OccupancySlot', { description: 'A time an object (or one of its dependent objects) is booked.' })
export class OccupancySlotType {
  @Field(() => ID) bookableId!: string;
  @Field(() => String) title!: string;
  @Field(() => Date) timeBegin!: Date;
  @Field(() => Date) timeEnd!: Date;
}

export enum ScheduleSlotStatusType {
  PENDING = 'PENDING',
  CONFIRMED = 'CONFIRMED',
}
registerEnumType(ScheduleSlotStatusType, {
  name: 'ScheduleSlotStatus',
  description: 'PENDING: requested, waiting for its release; CONFIRMED: released. Rejected and cancelled bookings are not in the schedule.',
});

@ObjectType('ScheduleSlot', { description: 'An occupied slot of a room schedule; nothing about the customer, the price or the comment.' })
export class ScheduleSlotType {
  @Field(() => ID, { description: 'The booking number.' }) bookingId!: string;
  @Field(() => ID, { description: 'The booked object: the scheduled one or one of its dependent objects.' }) bookableId!: string;
  @Field(() => String, { description: "The booked object's public title." }) title!: string;
  @Field(() => Date) timeBegin!: Date;
  @Field(() => Date) timeEnd!: Date;
  @Field(() => ScheduleSlotStatusType) status!: ScheduleSlotStatusType;
}

@ObjectType('RoomSchedule', { description: 'The occupied slots of one object (and its dependent objects) in the window, earliest first.' })
export class RoomScheduleType {
  @Field(() => ID) bookableId!: string;
  @Field(() => String) title!: string;
  @Field(() => [ScheduleSlotType]) slots!: ScheduleSlotType[];
}

@ObjectType('RoomScheduleChange', { description: 'A booking touching watched objects was created, changed or deleted: read their schedule again.' })
export class RoomScheduleChangeType {
  @Field(() => ID) tenantId!: string;
  @Field(() => ID, { description: 'The booking number.' }) bookingId!: string;
  @Field(() => BookingChangeAction) action!: BookingChangeAction;
  @Field(() => [ID], { description: 'The watched objects whose schedule the change touched: after a move those it left and those it reached.' }) bookableIds!: string[];
}

@ObjectType('BookingChange', { description: 'A booking of the tenant was created, changed or deleted.' })
export class BookingChangeType {
  @Field(() => ID) tenantId!: string;
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field(() => BookingChangeAction) action!: BookingChangeAction;
  @Field(() => BookingType, { nullable: true, description: 'The booking after the change; empty after a delete.' }) booking!: BookingType | null;
}

@InputType()
export class CheckoutItemInput {
  @Field(() => ID) bookableId!: string;
  @Field(() => Int, { defaultValue: 1 }) amount!: number;
}

@InputType()
export class AttachmentConsentInput {
  @Field(() => ID, { description: 'The attachment id of the booked object.' }) id!: string;
  @Field(() => Boolean) accepted!: boolean;
}

@InputType({ description: 'A checkout: the objects (lead object first), one time window for all, the customer, consents and payment.' })
export class CheckoutInput {
  @Field(() => [CheckoutItemInput]) bookableItems!: CheckoutItemInput[];
  @Field(() => Date, { nullable: true }) timeBegin?: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd?: Date | null;
  @Field(() => String, { nullable: true }) couponCode?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) zipCode?: string | null;
  @Field(() => String, { nullable: true, description: 'City.' }) location?: string | null;
  @Field(() => String, { nullable: true }) mail?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) comment?: string | null;
  @Field(() => [AttachmentConsentInput], { nullable: true }) attachmentStatus?: AttachmentConsentInput[] | null;
  @Field(() => String, { nullable: true, description: 'giroCockpit, pmPayment or invoice; empty for free bookings.' }) paymentProvider?: string | null;
  @Field(() => SeriesInput, { nullable: true, description: 'Book the window repeatedly: one booking per free date, linked as a series (a series is paid by invoice).' }) series?: SeriesInput | null;
}

@InputType()
export class BookingItemInput {
  @Field(() => ID) bookableId!: string;
  @Field(() => Int, { defaultValue: 1 }) amount!: number;
  @Field(() => Float, { nullable: true, description: 'A gross unit price staff set by hand; empty computes it.' }) userGrossPriceEur?: number | null;
}

@InputType({ description: 'Staff create (without id) or change (with id) a booking.' })
export class BookingInput {
  @Field(() => ID, { nullable: true }) id?: string | null;
  @Field(() => [BookingItemInput]) bookableItems!: BookingItemInput[];
  @Field(() => Date, { nullable: true }) timeBegin?: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd?: Date | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) zipCode?: string | null;
  @Field(() => String, { nullable: true }) location?: string | null;
  @Field(() => String, { nullable: true }) mail?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) comment?: string | null;
  @Field(() => ID, { nullable: true, description: 'Whom the booking is assigned to; empty keeps it (a new one: the creator).' }) assignedUserId?: string | null;
  @Field(() => Boolean, { nullable: true }) isCommitted?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isPayed?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isRejected?: boolean | null;
  @Field(() => String, { nullable: true }) paymentProvider?: string | null;
  @Field(() => String, { nullable: true }) paymentMethod?: string | null;
  @Field(() => String, { nullable: true, description: 'Move it on the workflow board: a state id, "archive" or "backlog".' }) workflowStatus?: string | null;
}

const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** A booked object's snapshot as GraphQL shows it; snapshots taken before `allowSeries` existed read it as off, before `cancellationPolicy` as the default. */
function snapshotFields(snapshot: BookingView['bookableItems'][number]['_bookableUsed']): PublicBookableType {
  const stored: Partial<typeof snapshot> = snapshot;
  return { ...snapshot, allowSeries: stored.allowSeries ?? false, cancellationPolicy: policyOrDefault(stored.cancellationPolicy) } as unknown as PublicBookableType;
}

/** The summary part of a booking view. */
export function summaryOf(view: Omit<BookingView, 'id'>): BookingSummaryFields {
  const money = bookingMoneyOf(view);
  return {
    tenantId: view.tenantId,
    timeBegin: date(view.timeBegin),
    timeEnd: date(view.timeEnd),
    items: view.bookableItems.map(({ _bookableUsed, ...item }, index) => ({ ...item, ...money.items[index], tenantId: view.tenantId, bookable: snapshotFields(_bookableUsed) })),
    priceEur: view.priceEur,
    vatIncludedEur: view.vatIncludedEur,
    priceCents: money.priceCents,
    vatIncludedCents: money.vatIncludedCents,
    netCents: money.netCents,
    vatByRate: money.vatByRate,
    isFree: money.isFree,
    isCommitted: view.isCommitted,
    isPayed: view.isPayed,
    isRejected: view.isRejected,
    status: bookingStatusLabel(view),
    couponCode: view.couponCode,
    couponUsed: (view._couponUsed as CouponUsedType | undefined) ?? null,
    paymentProvider: view.paymentProvider,
  };
}

/**
 * A stored attachment as GraphQL answers it. Consent is given at checkout only (the staff editor adds
 * documents unaccepted), and the checkout stores the booking with its consents in one go: a document
 * accepted was accepted when the booking was made.
 */
function attachmentType(attachment: BookingAttachment, bookingCreatedAt: number): BookingAttachmentType {
  const accepted = typeof attachment.accepted === 'boolean' ? attachment.accepted : null;
  return {
    id: typeof attachment.id === 'string' && attachment.id ? attachment.id : null,
    type: attachment.type,
    title: attachment.title,
    bookableId: attachment.bookableId ?? null,
    url: attachment.url ?? null,
    accepted,
    acceptedAt: accepted ? new Date(bookingCreatedAt) : null,
  };
}

export function bookingType(view: BookingView, workflowStatus: WorkflowStatus = null): BookingType {
  // Built as one literal: lists map many bookings, and spreading the summary in costs more than it looks.
  const summary = summaryOf(view);
  const way = paymentWayOf(view);
  return {
    tenantId: summary.tenantId,
    timeBegin: summary.timeBegin,
    timeEnd: summary.timeEnd,
    items: summary.items,
    priceEur: summary.priceEur,
    vatIncludedEur: summary.vatIncludedEur,
    priceCents: summary.priceCents,
    vatIncludedCents: summary.vatIncludedCents,
    netCents: summary.netCents,
    vatByRate: summary.vatByRate,
    isFree: summary.isFree,
    isCommitted: summary.isCommitted,
    isPayed: summary.isPayed,
    isRejected: summary.isRejected,
    status: summary.status,
    couponCode: summary.couponCode,
    couponUsed: summary.couponUsed,
    paymentProvider: summary.paymentProvider,
    id: view.id,
    timeCreated: new Date(view.timeCreated),
    paymentMethod: view.paymentMethod,
    paymentMethodLabel: paymentWayLabel(view),
    paymentWay: { kind: PaymentWayKindType[way.kind], provider: way.provider, method: way.method, label: paymentWayLabel(view) },
    paidAt: view.paidAt === null ? null : new Date(view.paidAt),
    cancelledAt: view.cancelledAt === null ? null : new Date(view.cancelledAt),
    // Only a checkout's preview lacks it, and a preview is a CheckoutResult, never a Booking.
    updatedAt: new Date(view.updatedAt ?? view.timeCreated),
    seriesId: view.seriesId,
    workflowStatus,
    assignedUserId: view.assignedUserId,
    name: view.name,
    company: view.company,
    street: view.street,
    zipCode: view.zipCode,
    location: view.location,
    mail: view.mail,
    phone: view.phone,
    comment: view.comment,
    attachments: view.attachments.map((attachment) => attachmentType(attachment, view.timeCreated)),
    lockerInfo: view.lockerInfo.map((unit) => ({ ...unit, lastError: unit.lastError ?? null })),
  };
}

export type { BookingChangedEvent };

@ObjectType('BookingObjectChoice', { description: 'An object staff may put into a booking.' })
export class BookingObjectChoiceType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field({ description: 'room, resource, ticket or event-location.' }) type!: string;
}

@ObjectType({ description: "One page of the tenant's objects by id, title and type (bookingObjectChoicePage)." })
export class BookingObjectChoicePageType {
  @Field(() => [BookingObjectChoiceType], { description: 'The objects of this page, in creation order.' }) items!: BookingObjectChoiceType[];
  @Field(() => Int, { description: 'All objects matching the search (over every page).' }) totalCount!: number;
  @Field(() => PageInfoType, { description: 'The cursor after this page and whether more follow.' }) pageInfo!: PageInfoType;
}
