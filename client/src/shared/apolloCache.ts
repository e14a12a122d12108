import { InMemoryCache } from '@apollo/client';
import { bookingKeyFields, bookingPagePolicy } from '../bookings/staff/bookingCachePolicy';

/**
 * The app's normalized cache with its type policies: how entities are identified where `id`
 * alone is not enough, and how lists are stored.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Booking: {
        keyFields: bookingKeyFields,
        // The items carry no identity of their own: a newer answer replaces them.
        fields: { items: { merge: false } },
      },
      Query: { fields: { bookings: bookingPagePolicy } },
    },
  });
}
