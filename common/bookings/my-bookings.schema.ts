/**
 * A person's own bookings across every tenant ("Meine Buchungen"): which of them, and the page.
 * GraphQL `myBookings(period, first, after)` and REST `GET /api/account/bookings?period=&limit=&cursor=`
 * read the same. Plain TypeScript.
 */
import { z } from 'zod';
import { isEmail, normaliseEmail } from '../users/account.js';
import { mailMessages } from '../validation/mail.js';
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

/**
 * "Meine Buchungen" for guests: a link mailed to the address a booking was made with shows that
 * address's bookings of every tenant. GraphQL `requestMyBookingsLink(mail)` and REST
 * `POST /api/account/bookings/link {mail}` ask for it; the page sends the link's token to GraphQL
 * `myBookingsByLink(token, …)` or in this header to REST `GET /api/account/bookings`.
 */
export const BOOKINGS_LINK_TOKEN_HEADER = 'X-Bookings-Link-Token';

/** Where a guest downloads a document of their booking: GET with the link's token in BOOKINGS_LINK_TOKEN_HEADER. */
export const guestDocumentPath = (tenantId: string, number: string, documentId: string): string =>
  `/api/account/bookings/link/documents/${encodeURIComponent(tenantId)}/${encodeURIComponent(number)}/${encodeURIComponent(documentId)}`;

/** How long a mailed link shows the bookings. */
export const BOOKINGS_LINK_LIFETIME_HOURS = 24;

/** The page's answer to every request, whether or not the address booked anything. */
export const bookingsLinkRequestedMessage = 'Wenn zu dieser Adresse Buchungen gehören, erhalten Sie eine E-Mail mit einem Link.';

export const bookingsLinkMessages = {
  mailRequired: 'E-Mail ist erforderlich',
  mailInvalid: mailMessages.invalid,
} as const;

/** `{ mail }`: the address the bookings were made with, trimmed and in lower case. */
export const bookingsLinkRequestSchema = looseObject({
  mail: z
    .preprocess((value) => (typeof value === 'string' ? value : ''), z.string())
    .transform((value) => normaliseEmail(value))
    .superRefine((value, context) => {
      if (value === '') context.addIssue({ code: 'custom', message: bookingsLinkMessages.mailRequired });
      else if (!isEmail(value)) context.addIssue({ code: 'custom', message: bookingsLinkMessages.mailInvalid });
    }),
});
