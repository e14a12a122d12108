import { hasFlag } from '../../../common/permissions/permissions.js';
import type { Viewer } from '../users/viewer.service.js';
import type { BookingConditions } from './booking.queries.js';

import type { BookingChargeFilter, BookingStatusFilter } from '../../../common/bookings/booking-query.schema.js';

export { bookingChargeFilters, bookingStatusFilters, type BookingChargeFilter, type BookingStatusFilter } from '../../../common/bookings/booking-query.schema.js';

/** Each charge filter as a condition on `bookings b` (free: a gross total of 0, as isFree). */
export const bookingChargeConditions: Record<BookingChargeFilter, string> = {
  FREE: 'b.price_eur <= 0',
  CHARGEABLE: 'b.price_eur > 0',
};

/** Each status filter as a condition on `bookings b`. */
export const bookingStatusConditions: Record<BookingStatusFilter, string> = {
  PENDING: 'not b.is_committed and not b.is_rejected',
  RELEASED: 'b.is_committed and not b.is_rejected',
  REJECTED: 'b.is_rejected',
  PAID: 'b.is_payed',
  UNPAID: 'not b.is_payed',
  RELEASED_UNPAID: 'b.is_committed and not b.is_rejected and not b.is_payed',
};

/** Conditions built up one by one, each with its parameters. */
export class BookingConditionBuilder implements BookingConditions {
  readonly sql: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.sql.push(sql);
    this.params.push(...params);
    return this;
  }

  /**
   * Bookings paid in [from, to) (either end open when null), read through the partial index on
   * (tenant, paid_at) of the paid bookings.
   */
  paidBetween(from: Date | null | undefined, to: Date | null | undefined): this {
    if (!from && !to) return this;
    this.add('b.paid_at is not null');
    if (from) this.add('b.paid_at >= ?::timestamptz', from.toISOString());
    if (to) this.add('b.paid_at < ?::timestamptz', to.toISOString());
    return this;
  }

  /**
   * Bookings with a refund paid back (COMPLETED) in [from, to) (either end open when null), read
   * through the refunds' partial index on (tenant, completed_at): the finance system's refunds of a month.
   */
  refundedBetween(from: Date | null | undefined, to: Date | null | undefined): this {
    if (!from && !to) return this;
    const bounds = [...(from ? ['r.completed_at >= ?::timestamptz'] : []), ...(to ? ['r.completed_at < ?::timestamptz'] : [])];
    return this.add(
      `exists (select 1 from booking_refunds r where r.tenant_id = b.tenant_id and r.booking_key = b.key and r.state = 'COMPLETED' and ${bounds.join(' and ')})`,
      ...(from ? [from.toISOString()] : []),
      ...(to ? [to.toISOString()] : []),
    );
  }

  /**
   * Bookings overlapping [from, to) (either end open when null), read through the GiST index on
   * (tenant, time range); bookings without times never overlap a window.
   */
  overlapping(from: Date | null | undefined, to: Date | null | undefined): this {
    if (!from && !to) return this;
    return this.add(
      `b.time_begin is not null and b.time_end is not null and tstzrange(b.time_begin, b.time_end, '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')`,
      from?.toISOString() ?? null,
      to?.toISOString() ?? null,
    );
  }
}

/**
 * The bookings of the tenant the viewer may read as staff: all of them with readAny, otherwise
 * those assigned to him (readOwn). The caller has checked that he may read some.
 */
export function staffBookingConditions(viewer: Viewer, tenantId: string): BookingConditionBuilder {
  const where = new BookingConditionBuilder().add('b.tenant_id = ?', tenantId);
  if (!hasFlag(viewer.permissions, tenantId, 'manageBookings', 'readAny')) where.add('b.assigned_user_id = ?', viewer.user.id);
  return where;
}
