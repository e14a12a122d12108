import type { TypePolicies } from '@apollo/client';
import { allocationTypePolicies } from './allocation/allocationCachePolicy';
import { myBookingsTypePolicies } from './bookings/mine/myBookingsCachePolicy';
import { seriesTypePolicies } from './bookings/series/seriesCachePolicy';
import { bookingTypePolicies } from './bookings/staff/bookingCachePolicy';
import { userTypePolicies } from './users/admin/userPageCachePolicy';
import { tenantTypePolicies } from './tenants/tenantPageCachePolicy';
import { bookableTypePolicies } from './bookables/bookablePageCachePolicy';

/**
 * Every domain's type policies for the app's one cache. Registered at start (main.tsx) before the
 * first query; shared/apolloCache.ts creates the cache without knowing any domain. Several domains
 * add fields of `Query`: those are joined, not replaced.
 */
export const appTypePolicies: TypePolicies = {
  ...bookingTypePolicies,
  ...seriesTypePolicies,
  ...allocationTypePolicies,
  ...userTypePolicies,
  ...myBookingsTypePolicies,
  Query: {
    fields: {
      ...bookingTypePolicies.Query?.fields,
      ...myBookingsTypePolicies.Query?.fields,
      ...seriesTypePolicies.Query?.fields,
      ...allocationTypePolicies.Query?.fields,
      ...userTypePolicies.Query?.fields,
      ...tenantTypePolicies.Query?.fields,
      ...bookableTypePolicies.Query?.fields,
    },
  },
};
