import type { FieldPolicy, Reference, StoreObject, TypePolicies } from '@apollo/client';
import { bookingStatusLabel } from '../../../../common/bookings/labels';

/** A date of a series as the cache stores it inside its series (it has no identity of its own). */
export type StoredSeriesDate = StoreObject & { bookingId: string };

/** What a loaded booking says now about one date; undefined fields were not loaded. */
export interface BookingState {
  timeBegin?: string | null;
  timeEnd?: string | null;
  isCommitted?: boolean;
  isRejected?: boolean;
  isPayed?: boolean;
  priceEur?: number;
}

const FIELDS = ['timeBegin', 'timeEnd', 'isCommitted', 'isRejected', 'isPayed', 'priceEur'] as const;

const beginOf = (date: StoreObject) => (typeof date.timeBegin === 'string' ? Date.parse(date.timeBegin) : Number.POSITIVE_INFINITY);

/**
 * The series' dates as the loaded bookings now have them: a booking is the truth about its date
 * once it is in the cache (cancelled in the details, moved in the editor, changed live by someone
 * else), so the series shows that without being read again. Dates whose booking is not loaded stay
 * as the series was read; the status word follows the flags; earliest first, as a move may reorder.
 */
export function mergeSeriesDates<Date extends StoredSeriesDate>(dates: readonly Date[], bookingOf: (bookingId: string) => BookingState | null): Date[] {
  let changed = false;
  const merged = dates.map((date) => {
    const booking = bookingOf(date.bookingId);
    if (!booking) return date;
    const next: StoreObject = { ...date };
    for (const field of FIELDS) if (booking[field] !== undefined) next[field] = booking[field];
    if (typeof next.isCommitted === 'boolean' && typeof next.isRejected === 'boolean') next.status = bookingStatusLabel({ isCommitted: next.isCommitted, isRejected: next.isRejected });
    if (FIELDS.some((field) => next[field] !== date[field]) || next.status !== date.status) {
      changed = true;
      return next as Date;
    }
    return date;
  });
  if (!changed) return dates as Date[];
  return merged.map((date, index) => ({ date, index })).sort((a, b) => beginOf(a.date) - beginOf(b.date) || a.index - b.index).map(({ date }) => date);
}

/**
 * `BookingSeries.dates` read over the bookings in the cache (Booking:{tenantId, id}). Reading their
 * fields here makes Apollo watch them: a booking written by a mutation's answer or a live change
 * re-renders every series showing it.
 */
export const seriesDatesPolicy: FieldPolicy<readonly StoredSeriesDate[]> = {
  read(existing, { readField, toReference }) {
    if (!existing) return existing;
    const tenantId = readField<string>('tenantId');
    if (typeof tenantId !== 'string') return existing;
    return mergeSeriesDates(existing, (bookingId) => {
      const reference = toReference({ __typename: 'Booking', tenantId, id: bookingId }) as Reference | undefined;
      if (!reference || readField<string>('id', reference) === undefined) return null;
      const state: BookingState = {};
      for (const field of FIELDS) {
        const value = readField<string | number | boolean | null>(field, reference);
        if (value !== undefined) (state as Record<string, unknown>)[field] = value;
      }
      return state;
    });
  },
};

/** The series' type policies, registered with the app's cache by the composition root (cachePolicies.ts). */
export const seriesTypePolicies: TypePolicies = {
  BookingSeries: { fields: { dates: seriesDatesPolicy } },
};
