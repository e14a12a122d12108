import type { FieldPolicy, Reference, TypePolicies } from '@apollo/client';

interface StoredMyBookingPage {
  items: readonly Reference[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * `myBookings` is one list per period: a page read with `after` ("Mehr laden") is appended, a first
 * page (opening the screen) starts it anew. A booking is identified by tenant and number.
 */
export const myBookingsPolicy: FieldPolicy<StoredMyBookingPage> = {
  keyArgs: ['period'],
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    return { ...incoming, items: [...existing.items, ...incoming.items] };
  },
};

/** A guest's list behind a mailed link: one list per link and period, paged as `myBookings`. */
export const myBookingsByLinkPolicy: FieldPolicy<StoredMyBookingPage> = { ...myBookingsPolicy, keyArgs: ['token', 'period'] };

export const myBookingsTypePolicies: TypePolicies = {
  MyBooking: { keyFields: ['tenantId', 'id'] },
  Query: { fields: { myBookings: myBookingsPolicy, myBookingsByLink: myBookingsByLinkPolicy } },
};
