/**
 * A person's own bookings across every tenant ("Meine Buchungen"): which of them, and the page.
 * GraphQL `myBookings(period, first, after)` and REST `GET /api/account/bookings?period=&limit=&cursor=`
 * read the same. Plain TypeScript.
 */
import { z } from 'zod';
import { anyValue, looseObject } from '../validation/schema.js';
import { type PageBounds, restPagingOf, restPagingRefinement, restPagingShape } from '../validation/paging.js';

/** UPCOMING: not yet over (soonest first); PAST: over (latest first). */
export const myBookingPeriods = ['UPCOMING', 'PAST'] as const;
export type MyBookingPeriod = (typeof myBookingPeriods)[number];

/** A person's bookings come a few at a time: a screenful, and never more than a hundred. */
export const myBookingPageBounds: PageBounds = { defaultSize: 20, maxSize: 100 };

export const myBookingPeriodMessage = `Unbekannter Zeitraum: erlaubt sind ${myBookingPeriods.join(', ')}.`;

/** `period` in any case; UPCOMING when absent, anything else an error naming the parameter. */
const queryPeriod = anyValue().transform((value, context): MyBookingPeriod => {
  if (value === undefined || value === null || value === '') return 'UPCOMING';
  const period = myBookingPeriods.find((candidate) => typeof value === 'string' && candidate === value.toUpperCase());
  if (!period) {
    context.addIssue({ code: 'custom', message: myBookingPeriodMessage });
    return z.NEVER;
  }
  return period;
});

export const myBookingsQuerySchema = looseObject({ period: queryPeriod, ...restPagingShape(myBookingPageBounds) })
  .superRefine(restPagingRefinement)
  .transform(({ period, limit, offset, cursor }) => ({ period, paging: restPagingOf({ limit, offset, cursor }, myBookingPageBounds) }));
